// The oracle for ingestion tests: what the node says (eth_getLogs decoded here, independently of src; balanceOf /
// ownerOf), compared with what Strata stored (transfers and balances tables).
import { AbiCoder, Interface, id, type Contract } from 'ethers';
import { BalanceEntity, BlockEntity, ChainCheckpointEntity, TransferEntity, type Db } from '../../src/db';
import type { Anvil } from './anvil';
import type { Tokens } from './chain-fixtures';
import { headBlock } from './chain-kit';
import { PATIENCE_MS } from './patience';

const TRANSFER = id('Transfer(address,address,uint256)');
const TRANSFER_SINGLE = id('TransferSingle(address,address,address,uint256,uint256)');
const TRANSFER_BATCH = id('TransferBatch(address,address,address,uint256[],uint256[])');
const TRANSFER_6909 = id('Transfer(address,address,address,uint256,uint256)');
const ZERO = `0x${'0'.repeat(40)}`;
const abi = AbiCoder.defaultAbiCoder();
const reads = new Interface([
  'function balanceOf(address) view returns (uint256)',
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address,uint256) view returns (uint256)',
]);

export type Kind = 'ERC20' | 'ERC721' | 'ERC1155' | 'ERC6909';

/** The test tokens a test indexes: any of the three shared ones, and an ERC-6909 for the tests that deploy one. */
export type LedgerTokens = Partial<Tokens> & { erc6909?: Contract };

/** One token movement as the transfers table stores it: an ERC-20/721/6909 Transfer, or one item of an ERC-1155 log. */
export type TransferItem = {
  blockNumber: number;
  blockHash: string;
  logIndex: number;
  batchIndex: number;
  txHash: string;
  contract: string;
  kind: Kind;
  from: string;
  to: string;
  /** '' for ERC-20, decimal otherwise. */
  tokenId: string;
  amount: string;
};

const topicAddress = (t: string) => `0x${t.slice(26)}`.toLowerCase();

type RpcLog = { address: string; topics: string[]; data: string; blockNumber: string; blockHash: string; logIndex: string; transactionHash: string };

/** Token movements of `contracts` in [0, toBlock] according to the node. */
export const chainTransfers = async (anvil: Anvil, contracts: string[], toBlock?: number): Promise<TransferItem[]> => {
  const logs = await anvil.rpc<RpcLog[]>('eth_getLogs', [
    {
      fromBlock: '0x0',
      toBlock: toBlock === undefined ? 'latest' : `0x${toBlock.toString(16)}`,
      address: contracts.map((c) => c.toLowerCase()),
      topics: [[TRANSFER, TRANSFER_SINGLE, TRANSFER_BATCH, TRANSFER_6909]],
    },
  ]);
  const out: TransferItem[] = [];
  for (const log of logs) {
    const base = {
      blockNumber: Number(log.blockNumber),
      blockHash: log.blockHash,
      logIndex: Number(log.logIndex),
      txHash: log.transactionHash,
      contract: log.address.toLowerCase(),
    };
    const [sig, ...t] = log.topics;
    if (sig === TRANSFER && t.length === 2) {
      out.push({ ...base, batchIndex: 0, kind: 'ERC20', from: topicAddress(t[0]), to: topicAddress(t[1]), tokenId: '', amount: BigInt(log.data).toString() });
    } else if (sig === TRANSFER && t.length === 3) {
      out.push({ ...base, batchIndex: 0, kind: 'ERC721', from: topicAddress(t[0]), to: topicAddress(t[1]), tokenId: BigInt(t[2]).toString(), amount: '1' });
    } else if (sig === TRANSFER_SINGLE) {
      const [tokenId, amount] = abi.decode(['uint256', 'uint256'], log.data);
      out.push({ ...base, batchIndex: 0, kind: 'ERC1155', from: topicAddress(t[1]), to: topicAddress(t[2]), tokenId: tokenId.toString(), amount: amount.toString() });
    } else if (sig === TRANSFER_6909) {
      const [, amount] = abi.decode(['address', 'uint256'], log.data);
      out.push({ ...base, batchIndex: 0, kind: 'ERC6909', from: topicAddress(t[0]), to: topicAddress(t[1]), tokenId: BigInt(t[2]).toString(), amount: amount.toString() });
    } else if (sig === TRANSFER_BATCH) {
      const [ids, amounts] = abi.decode(['uint256[]', 'uint256[]'], log.data) as unknown as [bigint[], bigint[]];
      ids.forEach((tokenId, i) =>
        out.push({ ...base, batchIndex: i, kind: 'ERC1155', from: topicAddress(t[1]), to: topicAddress(t[2]), tokenId: tokenId.toString(), amount: amounts[i].toString() }),
      );
    } else {
      throw new Error(`unexpected log from a test token: ${JSON.stringify(log)}`);
    }
  }
  return out;
};

const itemKey = (t: { blockNumber: number; logIndex: number; batchIndex: number }) => `${t.blockNumber}/${t.logIndex}/${t.batchIndex}`;
const itemValue = (t: Omit<TransferItem, 'kind'> & { kind: string }) =>
  [t.blockHash, t.txHash, t.contract, t.kind, t.from, t.to, t.tokenId, t.amount].join(' ');

export type TransferDiff = { expected: number; stored: number; missing: string[]; unexpected: string[]; different: string[] };

const firstFew = (xs: string[], n = 10) => (xs.length > n ? [...xs.slice(0, n), `… ${xs.length - n} more`] : xs);

/** Stored transfer rows of the chain up to `toBlock` against the node's logs: nothing lost, nothing extra, nothing changed. */
export const diffTransfers = async (db: Db, anvil: Anvil, tokens: LedgerTokens, toBlock?: number): Promise<TransferDiff> => {
  const to = toBlock ?? (await headBlock(anvil)).number;
  const expected = await chainTransfers(anvil, await tokenAddresses(tokens), to);
  // Token transfers only: native ones are no logs (native-ledger.ts compares them with the chain's value transactions).
  const rows = (await db.getRepository(TransferEntity).findBy({ chainId: anvil.chainId })).filter((r) => r.blockNumber <= to && r.contractType !== 'NATIVE');
  const want = new Map(expected.map((t) => [itemKey(t), itemValue(t)]));
  const have = new Map(rows.map((r) => [itemKey(r), itemValue({ ...r, kind: r.contractType })]));
  const missing: string[] = [];
  const different: string[] = [];
  for (const [k, v] of want) {
    if (!have.has(k)) missing.push(`${k} ${v}`);
    else if (have.get(k) !== v) different.push(`${k} chain: ${v} | stored: ${have.get(k)}`);
  }
  const unexpected = [...have].filter(([k]) => !want.has(k)).map(([k, v]) => `${k} ${v}`);
  return { expected: expected.length, stored: rows.length, missing: firstFew(missing), unexpected: firstFew(unexpected), different: firstFew(different) };
};

/** Addresses of the given test tokens (all of them, or the ones a test indexes). */
export const tokenAddresses = async (tokens: LedgerTokens) =>
  (await Promise.all([tokens.erc20, tokens.erc721, tokens.erc1155, tokens.erc6909].filter((t) => t !== undefined).map((t) => t.getAddress()))).map((a) => a.toLowerCase());

export type BalanceMismatch = { kind: Kind | 'not a test token'; contract: string; account: string; tokenId: string; stored: string; chain: string };

/** eth_calls in one JSON-RPC batch; a revert answers null. */
const callBatch = async (anvil: Anvil, calls: Array<{ to: string; data: string }>, blockTag: string): Promise<Array<string | null>> => {
  const out: Array<string | null> = [];
  for (let i = 0; i < calls.length; i += 500) {
    const part = calls.slice(i, i + 500);
    const body = part.map((c, j) => ({ jsonrpc: '2.0', id: j, method: 'eth_call', params: [c, blockTag] }));
    const res = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const answers = (await res.json()) as Array<{ id: number; result?: string; error?: unknown }>;
    const byId = new Map(answers.map((a) => [a.id, a.error ? null : (a.result ?? null)]));
    part.forEach((_, j) => out.push(byId.get(j) ?? null));
  }
  return out;
};

/**
 * Every (holder, token) that the node's logs or the balances table mention: the stored balance (absent = 0) against
 * balanceOf on the node (ERC-721: 1 for the ownerOf, else 0), at `blockTag` (default latest).
 */
export const diffBalances = async (
  db: Db,
  anvil: Anvil,
  tokens: LedgerTokens,
  blockTag: number | 'latest' = 'latest',
): Promise<{ checked: number; holders: number; mismatches: BalanceMismatch[] }> => {
  const tag = typeof blockTag === 'number' ? `0x${blockTag.toString(16)}` : blockTag;
  const addressOf = async (t: Contract | undefined) => (t ? (await t.getAddress()).toLowerCase() : '');
  const [erc20, erc721, erc1155, erc6909] = await Promise.all([tokens.erc20, tokens.erc721, tokens.erc1155, tokens.erc6909].map(addressOf));
  const kindOf = new Map<string, Kind>(
    ([[erc20, 'ERC20'], [erc721, 'ERC721'], [erc1155, 'ERC1155'], [erc6909, 'ERC6909']] as Array<[string, Kind]>).filter(([address]) => address !== ''),
  );
  const stored = new Map<string, string>();
  const keys = new Map<string, { kind: Kind; contract: string; account: string; tokenId: string }>();
  const add = (contract: string, account: string, tokenId: string) => {
    const kind = kindOf.get(contract);
    if (!kind || account === ZERO) return;
    keys.set(`${contract}|${account}|${tokenId}`, { kind, contract, account, tokenId });
  };
  for (const t of await chainTransfers(anvil, [...kindOf.keys()], typeof blockTag === 'number' ? blockTag : undefined)) {
    add(t.contract, t.from, t.tokenId);
    add(t.contract, t.to, t.tokenId);
  }
  const mismatches: BalanceMismatch[] = [];
  for (const r of await db.getRepository(BalanceEntity).findBy({ chainId: anvil.chainId })) {
    const kind = kindOf.get(r.contract);
    if (!kind) {
      if (BigInt(r.balance) !== 0n) mismatches.push({ kind: 'not a test token', contract: r.contract, account: r.account, tokenId: r.tokenId, stored: r.balance, chain: '?' });
      continue;
    }
    stored.set(`${r.contract}|${r.account}|${r.tokenId}`, r.balance);
    add(r.contract, r.account, r.tokenId);
  }

  const list = [...keys.values()];
  const owners = new Map<string, string | null>();
  const nftIds = [...new Set(list.filter((k) => k.kind === 'ERC721').map((k) => k.tokenId))];
  const ownerAnswers = await callBatch(anvil, nftIds.map((tokenId) => ({ to: erc721, data: reads.encodeFunctionData('ownerOf', [BigInt(tokenId)]) })), tag);
  nftIds.forEach((tokenId, i) => owners.set(tokenId, ownerAnswers[i] ? topicAddress(ownerAnswers[i]!) : null));
  const fungible = list.filter((k) => k.kind !== 'ERC721');
  const answers = await callBatch(
    anvil,
    fungible.map((k) => ({
      to: k.contract,
      data:
        k.kind === 'ERC20'
          ? reads.encodeFunctionData('balanceOf(address)', [k.account])
          : reads.encodeFunctionData('balanceOf(address,uint256)', [k.account, BigInt(k.tokenId)]),
    })),
    tag,
  );
  const chainOf = new Map<string, bigint>();
  fungible.forEach((k, i) => {
    if (answers[i] === null) throw new Error(`balanceOf failed on the node for ${JSON.stringify(k)}`);
    chainOf.set(`${k.contract}|${k.account}|${k.tokenId}`, BigInt(answers[i]!));
  });
  for (const k of list) {
    const key = `${k.contract}|${k.account}|${k.tokenId}`;
    const chain = k.kind === 'ERC721' ? (owners.get(k.tokenId) === k.account ? 1n : 0n) : chainOf.get(key)!;
    const have = BigInt(stored.get(key) ?? '0');
    if (have !== chain) mismatches.push({ ...k, stored: have.toString(), chain: chain.toString() });
  }
  return { checked: list.length, holders: new Set(list.map((k) => k.account)).size, mismatches: mismatches.slice(0, 20) };
};

/** Both diffs, asserted with readable output; returns the counts for further checks. */
export const expectLedgerMatchesChain = async (db: Db, anvil: Anvil, tokens: LedgerTokens, toBlock?: number) => {
  const transfers = await diffTransfers(db, anvil, tokens, toBlock);
  expect({ missing: transfers.missing, unexpected: transfers.unexpected, different: transfers.different }).toEqual({ missing: [], unexpected: [], different: [] });
  expect(transfers.stored).toBe(transfers.expected);
  const balances = await diffBalances(db, anvil, tokens, toBlock ?? 'latest');
  expect(balances.mismatches).toEqual([]);
  return { transfers: transfers.expected, balancesChecked: balances.checked, holders: balances.holders };
};

/** Waits until ingestion has committed the node's current head on the node's current branch (same hash). */
export const waitForCanonical = async (db: Db, anvil: Anvil, timeoutMs = PATIENCE_MS): Promise<number> => {
  const started = Date.now();
  let last = '';
  for (;;) {
    const head = await headBlock(anvil);
    const cp = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
    if (cp && cp.indexedBlock === head.number && cp.indexedHash === head.hash) return head.number;
    last = `head ${head.number} ${head.hash}, checkpoint ${cp?.indexedBlock} ${cp?.indexedHash}`;
    if (Date.now() - started > timeoutMs) throw new Error(`ingestion did not reach the node's head in ${timeoutMs} ms: ${last}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** Stored block headers in [from, to] whose hash is not the node's (an orphan left behind). */
export const staleHeaders = async (db: Db, anvil: Anvil, from: number, to: number): Promise<string[]> => {
  const rows = await db.getRepository(BlockEntity).findBy({ chainId: anvil.chainId });
  const out: string[] = [];
  for (const r of rows.filter((b) => b.number >= from && b.number <= to)) {
    const b = await anvil.rpc<{ hash: string } | null>('eth_getBlockByNumber', [`0x${r.number.toString(16)}`, false]);
    if (b?.hash !== r.hash) out.push(`${r.number} stored ${r.hash}, node ${b?.hash}`);
  }
  return out;
};
