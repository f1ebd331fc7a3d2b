// State as of a block: the balances table rebuilt from balance_changes, whose rows hold each balance after its block
// (the latest change at or below the block, per contract, account and token id), and the block current at a time.
import type { ChainClient } from '../../chain';
import type { ChainConfig } from '../../config';
import { dialectOf, readQuery, type Db } from '../../db';
import { missingQueryIndexes } from '../../db/query-indexes';
import { DomainError, invalidArgument } from '../errors';
import { num } from './sql';

/**
 * What the reads select `FROM … b`: the `balances` table, or a table of the same columns as of block `atBlock` (checked
 * by `checkedAtBlock`, so an integer inlined). Every balance that ever changed has a `balances` row (zero ones stay),
 * so the rows come from `balances` as the live reads find them (an account's through its index, a token's holders
 * through theirs), each joined to its latest change at or below the block: one seek of idx_balance_changes_account
 * for that change's block, one of the primary key for the row. A balance is read in two seeks, a token's holders at a
 * block cost two seeks per account that ever held it, whatever the history's length. A plain select with no grouping,
 * which both engines merge into the query around it. This is the replay plan; reads of one contract at a recent block
 * take at-block-recent.ts's plan instead (now, less the changes after the block).
 */
export const balancesAt = (db: Db, atBlock: number | null | undefined): string => {
  if (atBlock === null || atBlock === undefined) return 'token_balances';
  if (!Number.isSafeInteger(atBlock)) throw new Error(`atBlock must be checked first (got ${atBlock})`);
  const mysql = dialectOf(db) === 'mysql';
  // MySQL: the holders order reads the balance's digit count from the column that balances has (virtual there).
  const digits = mysql ? ', CHAR_LENGTH(bc.balance) AS balance_digits' : '';
  // Named, or each engine walks the token's changes instead: SQLite took balance_changes first and searched the latest
  // change through the primary key's (chain, contract, block) (42 s for a page of the erc20-100k holders). The index
  // is named only while it exists (the first backfill builds it at the end: query-indexes.ts).
  const join = mysql ? 'STRAIGHT_JOIN' : 'CROSS JOIN';
  const hint = accountIndexHint(db);
  return `(SELECT k.chain_id, k.contract, k.account, k.token_id, bc.balance, bc.block_number, bc.block_hash${digits}
    FROM token_balances k ${join} token_balance_changes bc
      ON bc.chain_id = k.chain_id AND bc.contract = k.contract AND bc.account = k.account AND bc.token_id = k.token_id
      AND bc.block_number = (
        SELECT x.block_number FROM token_balance_changes x${hint}
        WHERE x.chain_id = k.chain_id AND x.account = k.account AND x.contract = k.contract AND x.token_id = k.token_id
          AND x.block_number <= ${atBlock}
        ORDER BY x.block_number DESC LIMIT 1))`;
};

/** Whether idx_balance_changes_account exists, per database, looked up again each minute by `checkedAtBlock`. */
const accountIndexKnown = new WeakMap<Db, boolean>();
export const accountIndexReady = (db: Db): boolean => accountIndexKnown.get(db) === true;
/** The account index named for a `balance_changes` alias, while it exists (see `balancesAt`). */
export const accountIndexHint = (db: Db): string =>
  !accountIndexReady(db) ? '' : dialectOf(db) === 'mysql' ? ' FORCE INDEX (idx_balance_changes_account)' : ' INDEXED BY idx_balance_changes_account';
const accountIndexCheckedAt = new WeakMap<Db, number>();
const lookUpAccountIndex = async (db: Db) => {
  if (Date.now() - (accountIndexCheckedAt.get(db) ?? -Infinity) < 60_000) return;
  accountIndexCheckedAt.set(db, Date.now());
  accountIndexKnown.set(db, !(await missingQueryIndexes(db)).some((i) => i.name === 'idx_balance_changes_account'));
};

type Checkpoint = { indexedBlock: number; startBlock: number };

const checkpointOf = async (db: Db, chain: ChainConfig): Promise<Checkpoint | null> => {
  const [row] = await readQuery<{ indexed_block: unknown }>(db, 'SELECT indexed_block FROM chain_checkpoints WHERE chain_id = ?', [chain.chainId]);
  return row ? { indexedBlock: num(row.indexed_block), startBlock: chain.startBlock } : null;
};

/**
 * The block a state-as-of read is asked at, or null for the current state. Only blocks whose every change is stored
 * answer: from the chain's start block up to the indexed block (a reorg below it is undone before the checkpoint
 * moves back, so what is stored is the indexed branch's).
 */
export const checkedAtBlock = async (db: Db, chain: ChainConfig, field: string, v: unknown): Promise<number | null> => {
  if (v === undefined || v === null) return null;
  await lookUpAccountIndex(db);
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw invalidArgument(field, 'must be a block number (a non-negative integer)');
  if (v < chain.startBlock) throw invalidArgument(field, `block ${v} is before the chain’s start block ${chain.startBlock}: no history is indexed there`);
  const cp = await checkpointOf(db, chain);
  if (!cp || cp.indexedBlock < v) {
    throw invalidArgument(field, `block ${v} is not indexed yet (indexed up to ${cp && cp.indexedBlock >= chain.startBlock ? cp.indexedBlock : 'no block yet'})`);
  }
  return v;
};

type StoredBlock = { number: number; timestamp: number };

/** The highest stored block at or below `n` (backfill keeps the headers of blocks with token events only). */
const storedAtOrBelow = async (db: Db, chainId: number, n: number): Promise<StoredBlock | null> => {
  const [row] = await readQuery<{ number: unknown; timestamp: unknown }>(
    db,
    'SELECT number, timestamp FROM blocks WHERE chain_id = ? AND number <= ? ORDER BY number DESC LIMIT 1',
    [chainId, n],
  );
  return row ? { number: num(row.number), timestamp: num(row.timestamp) } : null;
};

/**
 * The last block mined at or before `timestamp` (Unix seconds): the chain's state at that time is its state as of this
 * block. A binary search by block number (timestamps never decrease along a chain) over the stored blocks, through
 * their primary key; where the search lands in a stretch whose headers backfill did not keep, the node answers for
 * the blocks of that stretch. A time before the start block's is refused (no indexed block answers), and so is one
 * after the indexed block's (a block not indexed yet may be the one).
 */
export const blockNumberAtTime = async (db: Db, chain: ChainConfig, client: () => Promise<ChainClient>, timestamp: number): Promise<number> => {
  const chainId = chain.chainId;
  if (!Number.isSafeInteger(timestamp) || timestamp < 0) throw invalidArgument('timestamp', 'must be Unix seconds (a non-negative integer)');
  const cp = await checkpointOf(db, chain);
  if (!cp || cp.indexedBlock < chain.startBlock) throw new DomainError('Unavailable', `chain ${chainId}: no block is indexed yet`);
  let node: ChainClient | null = null;
  const fromNode = async (n: number): Promise<StoredBlock> => {
    node ??= await client();
    const b = await node.eth_getBlockByNumber(n, false);
    if (!b) throw new DomainError('Unavailable', `chain ${chainId}: the node did not return block ${n}; try again later`);
    return { number: n, timestamp: b.timestamp };
  };
  /** Block `n`'s time: its stored header, or the node's. */
  const at = async (n: number) => {
    const s = await storedAtOrBelow(db, chainId, n);
    return s && s.number === n ? s : fromNode(n);
  };
  const start = await at(chain.startBlock);
  if (timestamp < start.timestamp) throw invalidArgument('timestamp', `is before the chain’s start block ${chain.startBlock} (mined at ${start.timestamp})`);
  const head = await at(cp.indexedBlock);
  if (timestamp >= head.timestamp) {
    if (timestamp === head.timestamp) return head.number;
    throw invalidArgument('timestamp', `is after the indexed block ${head.number} (mined at ${head.timestamp}): a block not indexed yet may be the one`);
  }
  // lo was mined at or before the time, hi after it.
  let lo = start;
  let hi = head.number;
  while (hi - lo.number > 1) {
    const mid = lo.number + Math.floor((hi - lo.number) / 2);
    const stored = await storedAtOrBelow(db, chainId, mid);
    // A stored header within (lo, mid] splits the range as well as mid's would; none: the node's header for mid.
    const probe = stored && stored.number > lo.number ? stored : await fromNode(mid);
    if (probe.timestamp <= timestamp) lo = probe;
    else hi = probe.number;
  }
  return lo.number;
};
