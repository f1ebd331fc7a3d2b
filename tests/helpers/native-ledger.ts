// Native transfers as the chain has them, read straight from the node (block bodies and receipts), and as Strata
// stored them; and the balance arithmetic that ties them to eth_getBalance: an account's balance moves by what it
// received, less what it sent and the fees of the transactions it sent (anvil mints no block reward to test accounts).
import { isInternalPosition } from '../../src/chain';
import { TransferEntity, type Db } from '../../src/db';
import type { Anvil } from './anvil';

export const ZERO = `0x${'0'.repeat(40)}`;
const hex = (n: number) => `0x${n.toString(16)}`;

export type NativeItem = { txHash: string; blockNumber: number; from: string; to: string; value: bigint };
export const key = (t: Pick<NativeItem, 'txHash' | 'from' | 'to' | 'value'>) => `${t.txHash}|${t.from}|${t.to}|${t.value}`;

type RpcTx = { hash: string; from: string; to: string | null; value: string; transactionIndex: string };
type RpcReceipt = { status: string; gasUsed: string; effectiveGasPrice: string; from: string; contractAddress: string | null };

/** Every block of [from, to] with its transactions and their receipts, as the node answers now. */
export const chainBlocks = async (anvil: Anvil, from: number, to: number) => {
  const out: Array<{ number: number; txs: Array<{ tx: RpcTx; receipt: RpcReceipt }> }> = [];
  for (let n = from; n <= to; n++) {
    const b = await anvil.rpc<{ transactions: RpcTx[] }>('eth_getBlockByNumber', [hex(n), true]);
    const txs = await Promise.all(b.transactions.map(async (tx) => ({ tx, receipt: await anvil.rpc<RpcReceipt>('eth_getTransactionReceipt', [tx.hash]) })));
    out.push({ number: n, txs });
  }
  return out;
};

/** The successful value transactions of [from, to]: the native transfers a complete index holds. */
export const chainNativeTransfers = async (anvil: Anvil, from: number, to: number): Promise<NativeItem[]> =>
  (await chainBlocks(anvil, from, to)).flatMap((b) =>
    b.txs
      .filter(({ tx, receipt }) => BigInt(tx.value) > 0n && Number(receipt.status) === 1)
      .map(({ tx, receipt }) => ({ txHash: tx.hash, blockNumber: b.number, from: tx.from.toLowerCase(), to: (tx.to ?? receipt.contractAddress!).toLowerCase(), value: BigInt(tx.value) })),
  );

/** Fees paid by `account` for the transactions it sent in [from, to] (failed ones too). */
export const feesPaid = async (anvil: Anvil, account: string, from: number, to: number): Promise<bigint> => {
  let fees = 0n;
  for (const b of await chainBlocks(anvil, from, to)) {
    for (const { tx, receipt } of b.txs) if (tx.from.toLowerCase() === account) fees += BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  }
  return fees;
};

export const balanceAt = async (anvil: Anvil, account: string, block: number) => BigInt(await anvil.rpc<string>('eth_getBalance', [account, hex(block)]));

/** Native transfer rows Strata stored for the chain, every one (a duplicate would show twice), with whether each is internal. */
export const storedNativeTransfers = async (db: Db, chainId: number): Promise<Array<NativeItem & { internal: boolean }>> =>
  (await db.getRepository(TransferEntity).find({ where: { chainId, contractType: 'NATIVE' }, order: { blockNumber: 'ASC', logIndex: 'ASC' } })).map((r) => ({
    txHash: r.txHash,
    blockNumber: r.blockNumber,
    from: r.from,
    to: r.to,
    value: BigInt(r.amount),
    internal: isInternalPosition(r.logIndex),
  }));

/** Σ received − Σ sent of `account` over `items`. */
export const netOf = (items: Array<Pick<NativeItem, 'from' | 'to' | 'value'>>, account: string) =>
  items.reduce((n, t) => n + (t.to === account ? t.value : 0n) - (t.from === account ? t.value : 0n), 0n);
