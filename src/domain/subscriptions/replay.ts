// Rebuilds a subscription's events from storage, from a resume point up to what was committed when the replay
// began: the same events, in the same order, that ingestion published (events.ts builds both).
//
// Balances replay from balance_changes, for any indexed block. Logs and receipts need each transaction's receipt
// (raw topics and data, gas, status), which ingestion keeps only for blocks it followed one by one; blocks it
// backfilled (before `liveFrom`) end the stream with the gap instead.
import { Between, In } from 'typeorm';
import type { ChainConfig } from '../../config';
import {
  BalanceChangeEntity,
  BlockEntity,
  ChainCheckpointEntity,
  ChainTransactionEntity,
  ContractEntity,
  TransferEntity,
  type ChainTransactionRow,
  type Db,
} from '../../db';
import { isAtOrBefore, positionOf, type Position, type PositionedTopic, type ReceiptEvent, type StreamMark, type Topics } from '../../pubsub';
import { EventsGapError } from '../errors';
import { balanceEvents, logEvents, receiptEvents, transferLogsFromRows } from './events';
import { stampAdded, stampAt } from './stamps';

/** What was committed when a replay began: it replays up to `indexedBlock`, and live events of commits after `seq`. */
export type Snapshot = { seq: number; indexedBlock: number; finalizedBlock: number; liveFrom: number };

export const readSnapshot = async (db: Db, chainId: number): Promise<Snapshot> => {
  const cp = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
  if (!cp) return { seq: 0, indexedBlock: -1, finalizedBlock: -1, liveFrom: 0 };
  return { seq: cp.eventSeq, indexedBlock: cp.indexedBlock, finalizedBlock: cp.finalizedBlock, liveFrom: cp.liveFrom };
};

/** Narrows the rows read to what the subscription's filter can match. */
export type ReplayHints = { contracts?: string[] };

export type ReplayRequest<T extends PositionedTopic> = {
  db: Db;
  chain: ChainConfig;
  topic: T;
  /** Where the subscriber stands; its own block is checked against the stored one when it names a hash. */
  from: StreamMark;
  snapshot: Snapshot;
  hints: ReplayHints;
};

type Unseen = (e: { blockNumber: number }) => boolean;

/** Rows read per query; a block is never split across two reads. */
const PAGE_ROWS = 1_000;

/** Reads [x, to] in pages of whole blocks, in block order. */
async function* blockPages<R extends { blockNumber: number }>(read: (x: number, to: number, take?: number) => Promise<R[]>, from: number, to: number) {
  let x = from;
  while (x <= to) {
    let rows = await read(x, to, PAGE_ROWS);
    if (rows.length < PAGE_ROWS) {
      if (rows.length) yield rows;
      return;
    }
    const last = rows[rows.length - 1].blockNumber;
    if (rows[0].blockNumber === last) {
      rows = await read(last, last);
    } else {
      rows = rows.filter((r) => r.blockNumber < last);
    }
    yield rows;
    x = rows[rows.length - 1].blockNumber + 1;
  }
}

const parseLogs = (tx: ChainTransactionRow | undefined): ReceiptEvent['logs'] => (tx?.logsJson ? JSON.parse(tx.logsJson) : []);

/** Where replay starts: after `from`, or, when `from`'s block was orphaned meanwhile, `confirmations` blocks earlier. */
const startOf = async <T extends PositionedTopic>(req: ReplayRequest<T>): Promise<StreamMark> => {
  const { db, chain, from, snapshot } = req;
  let start = from;
  if (from.hash && from.block >= 0 && from.block <= snapshot.indexedBlock) {
    const stored = await db.getRepository(BlockEntity).findOneBy({ chainId: chain.chainId, number: from.block });
    if (stored && stored.hash !== from.hash) start = { ...from, block: from.block - chain.confirmations - 1, hash: '', pos: null };
  }
  if (start.block < chain.startBlock - 1) start = { ...start, block: chain.startBlock - 1, hash: '', pos: null };
  const first = start.pos === null ? start.block + 1 : start.block;
  if (req.topic !== 'balances' && first < snapshot.liveFrom && first <= snapshot.indexedBlock) {
    throw new EventsGapError(chain.chainId, first, snapshot.liveFrom - 1);
  }
  return start;
};

const replayBalances = async function* (req: ReplayRequest<'balances'>, first: number, notSeen: Unseen) {
  const { db, chain, snapshot, hints } = req;
  const repo = db.getRepository(BalanceChangeEntity);
  const kinds = new Map<string, Topics['balances']['contractType']>();
  const kindOf = (c: string) => kinds.get(c) ?? 'ERC20';
  const contract = hints.contracts?.length ? In(hints.contracts) : undefined;
  for (const c of await db.getRepository(ContractEntity).findBy({ chainId: chain.chainId, ...(contract ? { address: contract } : {}) })) {
    if (c.type !== 'UNKNOWN' && c.type !== 'NATIVE') kinds.set(c.address, c.type);
  }
  const read = (x: number, to: number, take?: number) =>
    repo.find({ where: { chainId: chain.chainId, ...(contract ? { contract } : {}), blockNumber: Between(x, to) }, order: { blockNumber: 'ASC' }, take });
  for await (const rows of blockPages(read, first, snapshot.indexedBlock)) {
    yield stampAdded('balances', balanceEvents(rows, kindOf, false), 0, snapshot.finalizedBlock).filter(notSeen);
  }
};

const replayLogs = async function* (req: ReplayRequest<'logs'>, first: number, notSeen: Unseen) {
  const { db, chain, snapshot, hints } = req;
  const chainId = chain.chainId;
  const contract = hints.contracts?.length ? In(hints.contracts) : undefined;
  const read = (x: number, to: number, take?: number) =>
    db.getRepository(TransferEntity).find({
      where: { chainId, ...(contract ? { contract } : {}), blockNumber: Between(x, to) },
      order: { blockNumber: 'ASC', logIndex: 'ASC', batchIndex: 'ASC' },
      take,
    });
  for await (const rows of blockPages(read, first, snapshot.indexedBlock)) {
    const logs = transferLogsFromRows(rows);
    const txs = new Map(
      (await db.getRepository(ChainTransactionEntity).findBy({ chainId, txHash: In([...new Set(logs.map((l) => l.txHash))]) })).map((t) => [`${t.txHash}|${t.blockHash}`, t]),
    );
    const parents = new Map(
      (await db.getRepository(BlockEntity).findBy({ chainId, number: In([...new Set(logs.map((l) => l.blockNumber))]) })).map((b) => [b.number, b.parentHash]),
    );
    for (const log of logs) {
      // The raw log, as the node returned it when the block was followed: topics, data, and the ERC-1155 operator or ERC-6909 caller.
      const raw = parseLogs(txs.get(`${log.txHash}|${log.blockHash}`)).find((l) => l.index === log.logIndex);
      if (!raw) continue;
      log.topics = raw.topics;
      log.data = raw.data;
      if (log.kind === 'ERC1155' && raw.topics[1]) log.operator = `0x${raw.topics[1].slice(26)}`;
      // ERC-6909's caller is the first word of its data.
      if (log.kind === 'ERC6909' && raw.data.length >= 66) log.operator = `0x${raw.data.slice(26, 66)}`.toLowerCase();
    }
    const byHash = new Map([...txs.values()].map((t) => [t.txHash, t]));
    const txnOf = (hash: string) => ({ from: byHash.get(hash)?.from ?? '', to: byHash.get(hash)?.to ?? '', value: byHash.get(hash)?.value ?? '0' });
    yield stampAdded('logs', logEvents(chainId, 'BLOCK_ADDED', logs, (n) => parents.get(n) ?? '', txnOf), 0, snapshot.finalizedBlock).filter(notSeen);
  }
};

const replayReceipts = async function* (req: ReplayRequest<'receipts'>, start: StreamMark, first: number, notSeen: Unseen) {
  const { db, chain, snapshot, from } = req;
  const chainId = chain.chainId;
  const repo = db.getRepository(ChainTransactionEntity);
  // Receipts the subscriber had as not yet final and that became final while it was away: those up to its place.
  const noticesTo = Math.min(start.block, snapshot.finalizedBlock);
  if (from.hash && noticesTo >= from.final[0]) {
    const had = (r: ChainTransactionRow) => r.blockNumber < start.block || start.pos === null || r.txIndex <= Number(start.pos[0]);
    const rows = (await repo.find({ where: { chainId, reorged: false, blockNumber: Between(Math.max(from.final[0], 0), noticesTo) }, order: { blockNumber: 'ASC', txIndex: 'ASC' } }))
      .filter((r) => r.logsJson !== null && had(r) && (r.blockNumber > from.final[0] || r.txIndex > from.final[1]));
    yield stampAt<'receipts'>(receiptEvents(rows, snapshot.finalizedBlock, false), 0, { block: start.block, hash: start.hash, pos: start.pos }, (r) => [r.blockNumber, r.txIndex]);
  }
  const read = (x: number, to: number, take?: number) =>
    repo.find({ where: { chainId, reorged: false, blockNumber: Between(x, to) }, order: { blockNumber: 'ASC', txIndex: 'ASC' }, take });
  for await (const rows of blockPages(read, first, snapshot.indexedBlock)) {
    const live = rows.filter((r) => r.logsJson !== null);
    yield stampAdded('receipts', receiptEvents(live, snapshot.finalizedBlock, false), 0, snapshot.finalizedBlock).filter(notSeen);
  }
};

/**
 * The events of `req.topic` after `req.from`, up to the snapshot, unfiltered (the caller filters), in batches.
 * Throws EventsGapError when they start in backfilled blocks that cannot be replayed.
 */
export async function* replayEvents<T extends PositionedTopic>(req: ReplayRequest<T>): AsyncGenerator<Topics[T][]> {
  const start = await startOf(req);
  const first = start.pos === null ? start.block + 1 : start.block;
  const place = positionOf[req.topic] as unknown as (e: { blockNumber: number }) => Position;
  // Events of the resume point's own block that the subscriber already has.
  const notSeen: Unseen = (e) => !isAtOrBefore(e.blockNumber, place(e), start);
  const pages =
    req.topic === 'balances'
      ? replayBalances(req as ReplayRequest<'balances'>, first, notSeen)
      : req.topic === 'logs'
        ? replayLogs(req as ReplayRequest<'logs'>, first, notSeen)
        : replayReceipts(req as ReplayRequest<'receipts'>, start, first, notSeen);
  yield* pages as AsyncGenerator<Topics[T][]>;
}

