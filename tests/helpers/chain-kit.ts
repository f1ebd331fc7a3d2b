// Test chain kit: transactions from anvil's unlocked dev accounts, token transfers/mints/burns, mining,
// snapshot/revert, anvil_reorg, and bulk history (many transactions, blocks mined on demand).
import type { Contract } from 'ethers';
import type { Anvil } from './anvil';
import type { Tokens } from './chain-fixtures';
import { PATIENCE_MS } from './patience';

export type TokenKind = keyof Tokens;

/** A transaction from one of anvil's dev accounts (unlocked: anvil signs it). */
export type TxRequest = { from: string; to: string; data?: string; value?: bigint; gas?: bigint; nonce?: number };

export type RpcBlock = { number: number; hash: string; parentHash: string; transactions: string[] };
export type RpcReceipt = { transactionHash: string; blockHash: string; blockNumber: number; status: number; logs: unknown[] };

const hex = (n: number | bigint) => `0x${n.toString(16)}`;

const toRpcTx = (tx: TxRequest) => {
  const out: Record<string, string> = { from: tx.from, to: tx.to };
  if (tx.data) out.data = tx.data;
  if (tx.value !== undefined) out.value = hex(tx.value);
  if (tx.gas !== undefined) out.gas = hex(tx.gas);
  if (tx.nonce !== undefined) out.nonce = hex(tx.nonce);
  return out;
};

/** `contract.method(...args)` sent by `from`. */
export const callTx = (contract: Contract, method: string, args: unknown[], from: string, extra: Partial<TxRequest> = {}): TxRequest => ({
  from,
  to: contract.target as string,
  data: contract.interface.encodeFunctionData(method, args),
  ...extra,
});

/** Moves `amount` (ERC-20, ERC-1155) or `tokenId` (ERC-721, ERC-1155) from `from` to `to`; `from` signs. */
export const transferTx = (tokens: Tokens, kind: TokenKind, from: string, to: string, o: { tokenId?: bigint; amount?: bigint }): TxRequest => {
  if (kind === 'erc20') return callTx(tokens.erc20, 'transfer', [to, o.amount ?? 1n], from);
  if (kind === 'erc721') return callTx(tokens.erc721, 'transferFrom', [from, to, o.tokenId ?? 0n], from);
  return callTx(tokens.erc1155, 'safeTransferFrom', [from, to, o.tokenId ?? 0n, o.amount ?? 1n, '0x'], from);
};

/** ERC-1155 batch move of several ids at once (one TransferBatch log). */
export const batchTransferTx = (tokens: Tokens, from: string, to: string, ids: bigint[], amounts: bigint[]): TxRequest =>
  callTx(tokens.erc1155, 'safeBatchTransferFrom', [from, to, ids, amounts, '0x'], from);

/** Mints to `to` (the test tokens' mint is open; `sender` pays the gas). */
export const mintTx = (tokens: Tokens, kind: TokenKind, sender: string, to: string, o: { tokenId?: bigint; amount?: bigint }): TxRequest => {
  if (kind === 'erc20') return callTx(tokens.erc20, 'mint', [to, o.amount ?? 1n], sender);
  if (kind === 'erc721') return callTx(tokens.erc721, 'mint', [to, o.tokenId ?? 0n], sender);
  return callTx(tokens.erc1155, 'mint', [to, o.tokenId ?? 0n, o.amount ?? 1n], sender);
};

/** Burns from `holder` (the test tokens' burn is open; `sender` pays the gas). */
export const burnTx = (tokens: Tokens, kind: TokenKind, sender: string, holder: string, o: { tokenId?: bigint; amount?: bigint }): TxRequest => {
  if (kind === 'erc20') return callTx(tokens.erc20, 'burn', [holder, o.amount ?? 1n], sender);
  if (kind === 'erc721') return callTx(tokens.erc721, 'burn', [o.tokenId ?? 0n], sender);
  return callTx(tokens.erc1155, 'burn', [holder, o.tokenId ?? 0n, o.amount ?? 1n], sender);
};

export const getReceipt = async (anvil: Anvil, hash: string): Promise<RpcReceipt | null> => {
  const r = await anvil.rpc<(Omit<RpcReceipt, 'blockNumber' | 'status'> & { blockNumber: string; status: string }) | null>('eth_getTransactionReceipt', [hash]);
  return r && { ...r, blockNumber: Number(r.blockNumber), status: Number(r.status) };
};

/**
 * Sends one transaction and waits for its receipt (automine: the next block; otherwise until something mines it).
 * Rejects when it reverted, so a broken test setup fails where it breaks.
 */
export const sendTx = async (anvil: Anvil, tx: TxRequest, timeoutMs = PATIENCE_MS): Promise<RpcReceipt> =>
  waitForReceipt(anvil, await anvil.rpc<string>('eth_sendTransaction', [toRpcTx(tx)]), timeoutMs);

/** Polls for the receipt of `hash`; rejects when the transaction reverted or was not mined in time. */
export const waitForReceipt = async (anvil: Anvil, hash: string, timeoutMs = PATIENCE_MS): Promise<RpcReceipt> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await getReceipt(anvil, hash);
    if (receipt) {
      if (receipt.status !== 1) throw new Error(`transaction ${hash} reverted`);
      return receipt;
    }
    if (Date.now() > deadline) throw new Error(`transaction ${hash} was not mined in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** Sends signed bytes (e.g. from rawTransaction) and waits for the receipt. */
export const sendRawTx = async (anvil: Anvil, raw: string, timeoutMs = PATIENCE_MS): Promise<RpcReceipt> => {
  const hash = await anvil.rpc<string>('eth_sendRawTransaction', [raw]);
  return waitForReceipt(anvil, hash, timeoutMs);
};

export const transfer = (anvil: Anvil, tokens: Tokens, kind: TokenKind, from: string, to: string, o: { tokenId?: bigint; amount?: bigint }) =>
  sendTx(anvil, transferTx(tokens, kind, from, to, o));

/** Mines `blocks` blocks at once (`anvil_mine`), `intervalSeconds` apart in timestamps. */
export const mine = async (anvil: Anvil, blocks = 1, intervalSeconds?: number): Promise<void> => {
  await anvil.rpc('anvil_mine', intervalSeconds === undefined ? [hex(blocks)] : [hex(blocks), hex(intervalSeconds)]);
};

export const setAutomine = async (anvil: Anvil, on: boolean): Promise<void> => {
  await anvil.rpc('evm_setAutomine', [on]);
};

export const snapshot = (anvil: Anvil): Promise<string> => anvil.rpc<string>('evm_snapshot');

/** Back to a snapshot: blocks mined since are gone, their transactions dropped (not returned to the pool). */
export const revert = async (anvil: Anvil, id: string): Promise<void> => {
  if (!(await anvil.rpc<boolean>('evm_revert', [id]))) throw new Error(`evm_revert: no snapshot ${id}`);
};

/**
 * `anvil_reorg`: replaces the last `depth` blocks with as many new ones (the height stays), holding `txs`:
 * `block` is the offset in the new branch (0 = the first block after the common ancestor, < depth).
 * A tx is a request from a dev account (anvil signs it, nonces counted from the common ancestor), or raw signed
 * bytes (`0x…`, e.g. a dropped transaction to re-include under its own hash). The old blocks' transactions are dropped.
 */
export const reorg = async (anvil: Anvil, depth: number, txs: Array<{ tx: TxRequest | string; block: number }> = []): Promise<RpcBlock> => {
  for (const { block } of txs) if (block < 0 || block >= depth) throw new RangeError(`reorg tx block offset ${block} outside 0..${depth - 1}`);
  await anvil.rpc('anvil_reorg', [depth, txs.map(({ tx, block }) => [typeof tx === 'string' ? tx : toRpcTx(tx), block])]);
  return headBlock(anvil);
};

const normalizeBlock = (b: any): RpcBlock => ({
  number: Number(b.number),
  hash: b.hash,
  parentHash: b.parentHash,
  transactions: (b.transactions ?? []).map((t: any) => (typeof t === 'string' ? t : t.hash)),
});

export const blockAt = async (anvil: Anvil, n: number | 'latest'): Promise<RpcBlock | null> => {
  const b = await anvil.rpc<any>('eth_getBlockByNumber', [typeof n === 'number' ? hex(n) : n, false]);
  return b ? normalizeBlock(b) : null;
};

export const headBlock = async (anvil: Anvil): Promise<RpcBlock> => (await blockAt(anvil, 'latest'))!;

/** The signed bytes of a mined transaction, to send again (same hash) on another branch. */
export const rawTransaction = (anvil: Anvil, hash: string) => anvil.rpc<string>('eth_getRawTransactionByHash', [hash]);

let batchId = 0;
/** One HTTP request carrying a JSON-RPC batch; results in call order; rejects on the first error. */
export const rpcBatch = async <T = unknown>(url: string, calls: Array<{ method: string; params: unknown[] }>): Promise<T[]> => {
  if (!calls.length) return [];
  const first = batchId + 1;
  const body = calls.map((c) => ({ jsonrpc: '2.0', id: ++batchId, method: c.method, params: c.params }));
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal: AbortSignal.timeout(PATIENCE_MS) });
  const answers = (await res.json()) as Array<{ id: number; result?: T; error?: { message: string } }>;
  const out: T[] = new Array(calls.length);
  for (const a of answers) {
    if (a.error) throw new Error(`${calls[a.id - first].method}: ${a.error.message}`);
    out[a.id - first] = a.result as T;
  }
  return out;
};

/**
 * Builds history fast: each inner array becomes one block (automine is off meanwhile; nonces are assigned here,
 * gas is fixed so nothing is estimated against pending state). Transactions may revert and then emit nothing,
 * unless `requireSuccess` is set. Returns the block range mined and the transaction hashes per block.
 */
export const mineBlocks = async (
  anvil: Anvil,
  blocks: TxRequest[][],
  { gas = 400_000n, requireSuccess = false }: { gas?: bigint; requireSuccess?: boolean } = {},
): Promise<{ first: number; last: number; hashes: string[][] }> => {
  const nonces = new Map<string, number>();
  const nonceOf = async (from: string) => {
    const key = from.toLowerCase();
    if (!nonces.has(key)) nonces.set(key, Number(await anvil.rpc<string>('eth_getTransactionCount', [from, 'pending'])));
    const n = nonces.get(key)!;
    nonces.set(key, n + 1);
    return n;
  };
  const first = (await headBlock(anvil)).number + 1;
  const hashes: string[][] = [];
  await setAutomine(anvil, false);
  try {
    for (const txs of blocks) {
      const calls = [];
      for (const tx of txs) calls.push({ method: 'eth_sendTransaction', params: [toRpcTx({ gas, ...tx, nonce: await nonceOf(tx.from) })] });
      hashes.push(await rpcBatch<string>(anvil.rpcUrl, calls));
      await anvil.rpc('evm_mine');
    }
  } finally {
    await setAutomine(anvil, true);
  }
  const last = (await headBlock(anvil)).number;
  const pool = await anvil.rpc<{ pending: string; queued: string }>('txpool_status');
  if (Number(pool.pending) || Number(pool.queued)) throw new Error(`mineBlocks left transactions in the pool: ${JSON.stringify(pool)}`);
  if (last - first + 1 !== blocks.length) throw new Error(`mineBlocks mined ${last - first + 1} blocks for ${blocks.length}`);
  if (requireSuccess) {
    const receipts = await rpcBatch<{ transactionHash: string; status: string }>(
      anvil.rpcUrl,
      hashes.flat().map((h) => ({ method: 'eth_getTransactionReceipt', params: [h] })),
    );
    const failed = receipts.filter((r) => Number(r.status) !== 1).map((r) => r.transactionHash);
    if (failed.length) throw new Error(`mineBlocks: transactions reverted: ${failed.join(', ')}`);
  }
  return { first, last, hashes };
};
