// Ingests one chain: backfills finalized history, then follows the head block by block with reorg detection.
import { LogRangeTooLargeError, RetryableChainError, type ChainClient, type Unsubscribe } from '../chain';
import type { ChainRegistry } from '../chain/registry';
import type { ChainConfig } from '../config';
import type { Logger } from '../config/logger';
import { ChainCheckpointEntity, LockAbortedError, acquireDatabaseLock, dialectOf, type ChainCheckpointRow, type Db } from '../db';
import { END_OF_BLOCK, type PubSub } from '../pubsub';
import { applyBatch } from './apply-batch';
import { createBalanceCache } from './balance-cache';
import { balanceKey } from './balances';
import { MERGE_MAX_TRANSFERS, backfillBatches, createRangeSizer, transferRows, type RangeSizer } from './backfill';
import { createContractTracker, type ContractTracker } from './contracts';
import { createContractBackfill } from './contract-backfill';
import { createWatchList, type WatchRound } from './watched-contracts';
import { balanceEvents, logEvents, receiptEvents, restoredBalanceEvents, transferLogsFromRows } from '../domain/subscriptions/events';
import { stampAdded, stampAt } from '../domain/subscriptions/stamps';
import { BlockChangedError, fetchRange } from './fetch-range';
import { createFinality, createFinalizedTagReader, reorgWindow } from './finality';
import { createProgressReporter, type IngestionMetrics, type ProgressReporter } from './progress';
import { DeepReorgError, findCommonAncestor, rollbackTo } from './reorg';
import type { QueryIndexDeferral } from './query-index-deferral';
import type { HeapCeiling } from './heap-ceiling';
import type { Batch } from './types';

export type ChainIngesterDeps = {
  db: Db;
  registry: ChainRegistry;
  chain: ChainConfig;
  pubsub: PubSub;
  logger: Logger;
  metrics: IngestionMetrics;
  /** How often to look for a new head when the node sends none. */
  pollMs?: number;
  /**
   * Blocks behind the head that are ingested block by block (with receipts) and published to subscribers even when
   * ingestion is catching up (after an outage, a restart, a slow poll); older ones are backfilled and announced to
   * subscribers as a gap.
   */
  catchUpPublishBlocks?: number;
  /** Shared by the process's ingesters; none: the query indexes stay as they are. */
  queryIndexes?: QueryIndexDeferral;
  /** Shared by the process's ingesters; none: V8 alone decides when to collect. */
  heap?: HeapCeiling;
};

export type ChainIngester = { run(): Promise<void>; stop(): Promise<void> };

const FOLLOW_MAX_BLOCKS = 50;
/** A followed range spans up to this many of the backfill sizer's ranges (see `follow`). */
const FOLLOW_RANGES = 2;
/**
 * Within this many blocks of the head, ingestion has caught up: the deferred query indexes are built (after the catch-up
 * window, which is followed faster without them), and following is no longer reported as catching up.
 */
const NEAR_HEAD_BLOCKS = FOLLOW_MAX_BLOCKS / 5;
const ENDPOINTS_WRITE_MS = 2_000;
/**
 * Balances kept in memory between batches. MySQL: each batch's unknown balances cost a round trip per 500. SQLite: a
 * stored balance is read in about two microseconds by its primary key (apply-batch.ts), while every cached one stays
 * on the heap through every collection.
 */
const BALANCE_CACHE = { mysql: 100_000, sqlite: 10_000 } as const;

/** The `txn` of a published log: its transaction's sender, recipient and value, when the batch holds it. */
const txnInfoOf = (txs: Map<string, { from: string; to: string | null; value: string }>) => (hash: string) => ({
  from: txs.get(hash)?.from ?? '',
  to: txs.get(hash)?.to ?? '',
  value: txs.get(hash)?.value ?? '0',
});

export const createChainIngester = (deps: ChainIngesterDeps): ChainIngester => {
  const { db, chain, pubsub, metrics } = deps;
  const chainId = chain.chainId;
  const label = { chain: String(chainId) };
  const logger = deps.logger.child({ chainId });
  const pollMs = deps.pollMs ?? 1_000;
  const catchUpPublishBlocks = deps.catchUpPublishBlocks ?? 256;
  let stopped = false;
  let wake: (() => void) | null = null;
  let finished: Promise<void> | null = null;
  const finality = createFinality({ db, chainId, confirmations: chain.confirmations, pubsub, metrics });
  const balanceCache = createBalanceCache(BALANCE_CACHE[dialectOf(db)]);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => ((wake = null), resolve()), ms);
      wake = () => (clearTimeout(t), (wake = null), resolve());
    });

  // Named contracts only (CHAINS `contracts`); null: every token contract of the chain.
  const watchList = chain.contracts ? createWatchList({ db, chain, logger }) : null;
  const contractBackfill = createContractBackfill({ db, chainId, maxLogRange: chain.maxLogRange, logger });
  const checkpoints = db.getRepository(ChainCheckpointEntity);
  /** How deep a reorg may reach below the head (finality.ts): the undo log and the ancestor search cover it. */
  let window = chain.confirmations;
  let endpointsWrittenAt = 0;
  const ensureCheckpoint = async () => {
    const existing = await checkpoints.findOneBy({ chainId });
    if (existing) return existing;
    const row = { chainId, indexedBlock: chain.startBlock - 1, indexedHash: null, headBlock: 0, finalizedBlock: -1, eventSeq: 0, liveFrom: chain.startBlock, undoFrom: chain.startBlock, updatedAt: new Date() };
    await checkpoints.insert(row);
    return row;
  };

  const commit = async (batch: Batch, tracker: ContractTracker, head: number) => {
    const contracts = await tracker.newContracts(batch.transfers);
    // Before the write as well as after: the ranges that arrived during the last write, and the garbage of merging
    // them, would otherwise pile up under this write's own.
    deps.heap?.check();
    const started = Date.now();
    const result = await applyBatch(db, batch, contracts, { cache: balanceCache, rollbackWindow: window });
    logger.debug({ from: batch.fromBlock, to: batch.toBlock, transfers: batch.transfers.length, writeMs: Date.now() - started }, 'batch committed');
    deps.heap?.check();
    if (!result.applied) return;
    for (const b of result.balances) balanceCache.set(balanceKey(b.contract, b.account, b.tokenId), BigInt(b.balance));
    tracker.remember(contracts);
    for (const [reason, n] of batch.skipped) metrics.skipped.inc({ ...label, reason }, n);
    metrics.events.inc(label, batch.transfers.length);
    metrics.indexed.set(label, batch.toBlock);
    metrics.lag.set(label, Math.max(0, head - batch.toBlock));
    if (!batch.live) return;
    const kinds = new Map(batch.transfers.map((t) => [t.contract, t.kind]));
    const blocks = new Map(batch.blocks.map((b) => [b.number, b]));
    const txs = new Map(batch.transactions.map((t) => [t.txHash, t]));
    const { seq } = result;
    const finalized = finality.current();
    const logs = logEvents(chainId, 'BLOCK_ADDED', batch.transfers, (n) => blocks.get(n)?.parentHash ?? '', txnInfoOf(txs));
    await pubsub.publish('logs', stampAdded('logs', logs, seq, finalized));
    await pubsub.publish('balances', stampAdded('balances', balanceEvents(result.changes, (c) => kinds.get(c) ?? 'ERC20', false), seq, finalized));
    // Final only up to the finality already established on a checked branch: the caller settles this batch's blocks
    // after the commit, and finality.settle announces those that are past the confirmation depth then.
    await pubsub.publish('receipts', stampAdded('receipts', receiptEvents(batch.transactions, finalized, false), seq, finalized));
  };

  const handleReorg = async (client: ChainClient, indexed: number) => {
    const ancestor = await findCommonAncestor(db, client, indexed, window);
    logger.warn({ from: indexed, ancestor, depth: indexed - ancestor }, 'reorg: rolling back to the common ancestor');
    balanceCache.clear();
    readAhead = null;
    const undone = await rollbackTo(db, chainId, ancestor);
    finality.rolledBack(ancestor);
    metrics.reorgs.inc(label);
    const kinds = new Map(undone.removedTransfers.map((t) => [t.contract, t.contractType]));
    const txs = new Map(undone.reorgedTransactions.map((t) => [t.txHash, t]));
    // A subscriber that has the corrections stands at the common ancestor: resuming there replays the new branch.
    const at = { block: ancestor, hash: undone.ancestorHash, pos: null };
    const final = (): [number, number] => [undone.finalizedBlock, END_OF_BLOCK];
    const removed = logEvents(chainId, 'BLOCK_REMOVED', transferLogsFromRows(undone.removedTransfers), () => '', txnInfoOf(txs));
    await pubsub.publish('logs', stampAt<'logs'>(removed, undone.seq, at, final));
    await pubsub.publish('receipts', stampAt<'receipts'>(receiptEvents(undone.reorgedTransactions, -1, true), undone.seq, at, final));
    await pubsub.publish('balances', stampAt<'balances'>(restoredBalanceEvents(undone.restored, (c) => kinds.get(c) ?? 'ERC20'), undone.seq, at, final));
  };

  /** Blocks read per round when following; narrower while the node refuses wider log ranges. */
  let followWidth = FOLLOW_MAX_BLOCKS;
  /**
   * Catching up: the next range, read while the last one was being written, so that the node's latency hides behind
   * the write. Only ranges past the reorg window are read ahead; a read that fails is read again in its own round, and
   * so is one read for other contracts (a named contract that joined the followed ones meanwhile).
   */
  let readAhead: { from: number; contracts: string; batch: Promise<Batch | null> } | null = null;
  const contractsKey = (addresses: string[] | null) => (addresses ? addresses.join(',') : '*');

  // At most as many rows as a merged backfill batch, whatever the range: after a stretch of empty blocks the sizer
  // allows 50 blocks, and 50 dense ones with their receipts took the heap from 90 to 240 MB on the chain-scale chain.
  const followOptions = (addresses: string[] | null) => ({ allHeaders: true, receipts: true, live: true, addresses, maxRows: MERGE_MAX_TRANSFERS });
  /**
   * The last block of a followed range from `from`. No wider than the backfill's sizer allows either: 50 blocks of a
   * busy chain (500 transfers each, with their receipts) held 1 GB at once where the chain-scale backfill before it
   * stayed near 550 MB. Twice its range, as much as a merged backfill batch: each round commits, and while catching up
   * one more range is read ahead.
   */
  const followTo = (from: number, head: number, sizer: RangeSizer) => Math.min(head, from + Math.min(followWidth, sizer.widest(), FOLLOW_RANGES * sizer.size) - 1);

  /** Follows the head; returns the new indexed block (and its events) when the batch extended the stored branch, else null. */
  const follow = async (
    client: ChainClient,
    tracker: ContractTracker,
    head: number,
    sizer: RangeSizer,
    addresses: string[] | null,
  ): Promise<{ indexed: number; events: number } | null> => {
    const cp = (await checkpoints.findOneBy({ chainId }))!;
    const from = cp.indexedBlock + 1;
    const ahead = readAhead?.from === from && readAhead.contracts === contractsKey(addresses) ? await readAhead.batch : null;
    readAhead = null;
    let batch: Batch;
    if (ahead) batch = ahead;
    else {
      const to = followTo(from, head, sizer);
      try {
        batch = await fetchRange(client, from, to, followOptions(addresses));
      } catch (err) {
        if (err instanceof BlockChangedError) return null; // the next round reads the settled chain
        if (err instanceof LogRangeTooLargeError && to > from) {
          if (err.maxBlocks !== undefined) sizer.limit(err.maxBlocks);
          followWidth = Math.max(1, Math.min(err.maxBlocks ?? Infinity, Math.floor((to - from + 1) / 2)));
          return null;
        }
        throw err;
      }
      followWidth = Math.min(FOLLOW_MAX_BLOCKS, followWidth * 2);
    }
    sizer.grow(transferRows(batch.transfers), batch.toBlock - from + 1);
    const ordered = [...batch.blocks].sort((a, b) => a.number - b.number);
    for (let i = 1; i < ordered.length; i++) {
      if (ordered[i].parentHash !== ordered[i - 1].hash) return null; // read across a reorg: try again
    }
    if (cp.indexedHash && ordered[0].parentHash !== cp.indexedHash) {
      await handleReorg(client, cp.indexedBlock);
      return null;
    }
    // Blocks deeper than the reorg window are final by the confirmation setting: a range of them read now is what the
    // next round would read. Nearer the head, each round reads its range after the last commit, as before.
    const next = batch.toBlock + 1;
    const nextTo = followTo(next, head, sizer);
    if (next <= nextTo && nextTo <= head - Math.max(window, NEAR_HEAD_BLOCKS)) {
      logger.debug({ from: next, to: nextTo }, 'reading ahead');
      readAhead = { from: next, contracts: contractsKey(addresses), batch: fetchRange(client, next, nextTo, followOptions(addresses)).catch(() => null) };
    }
    await commit(batch, tracker, head);
    return { indexed: batch.toBlock, events: batch.transfers.length };
  };

  /** Whether the stored tip is still the node's block at its height; null when the node did not return that block. */
  const tipIsCanonical = async (client: ChainClient, cp: ChainCheckpointRow): Promise<boolean | null> => {
    if (!cp.indexedHash) return true; // nothing stored that a reorg could have orphaned
    const current = await client.eth_getBlockByNumber(cp.indexedBlock, false);
    return current && current.hash === cp.indexedHash;
  };

  /**
   * One round: read the head, check the stored branch against the node, ingest what is new, and only then move
   * finality, so it never covers a block that a reorg not yet handled has orphaned.
   */
  const step = async (
    client: ChainClient,
    tracker: ContractTracker,
    report: ProgressReporter,
    sizer: RangeSizer,
    readFinalized: () => Promise<number | null>,
    round: WatchRound | null,
  ): Promise<void> => {
    const addresses = round?.live ?? null;
    const head = await client.eth_blockNumber();
    const nodeFinalized = await readFinalized();
    window = reorgWindow(chain.confirmations, head, nodeFinalized);
    const cp = (await checkpoints.findOneBy({ chainId }))!;
    // The endpoints' health, for the progress query of every replica; every few seconds is enough.
    const showEndpoints = Date.now() - endpointsWrittenAt > ENDPOINTS_WRITE_MS;
    await checkpoints.update({ chainId }, showEndpoints ? { headBlock: head, endpointsJson: JSON.stringify(client.endpoints()) } : { headBlock: head });
    if (showEndpoints) endpointsWrittenAt = Date.now();
    metrics.head.set(label, head);
    metrics.lag.set(label, Math.max(0, head - cp.indexedBlock));
    // Blocks this deep are final by the confirmation setting: backfill could take them without following them live,
    // but then their events reach no subscriber. Those within the catch-up window are followed (and published).
    const settled = Math.min(head - chain.confirmations, head - catchUpPublishBlocks);
    if (cp.indexedBlock < settled) await deps.queryIndexes?.beforeBackfill();
    else if (head - cp.indexedBlock <= NEAR_HEAD_BLOCKS) await deps.queryIndexes?.atHead();
    if (head <= cp.indexedBlock) {
      // Caught up, or the node is behind us (not a reorg: only the hashes decide that). A reorg that keeps the height
      // (same number of blocks replaced) shows as a changed hash at the tip.
      const canonical = head === cp.indexedBlock && cp.indexedHash ? await tipIsCanonical(client, cp) : null;
      if (canonical === false) return handleReorg(client, cp.indexedBlock);
      if (canonical) await finality.settle(cp.indexedBlock, head, nodeFinalized);
      report.caughtUp(cp.indexedBlock);
      // Named contracts still catching up use the time instead.
      if (!round?.backfilling.length) await sleep(pollMs);
    } else if (cp.indexedBlock < settled) {
      // Backfill builds on the stored tip without reading its children's headers: check it first. A reorg can have
      // replaced it and grown past the confirmation depth while we were not looking (a restart, an outage).
      const canonical = await tipIsCanonical(client, cp);
      if (canonical === false) return handleReorg(client, cp.indexedBlock);
      if (canonical === null) return sleep(pollMs);
      let backfilled = cp.indexedBlock;
      // No contract to read yet (named contracts, none caught up): the cursor only has to reach `settled`.
      const batches = addresses?.length === 0
        ? [await fetchRange(client, cp.indexedBlock + 1, settled, { allHeaders: false, receipts: false, live: false, addresses })]
        : backfillBatches(client, cp.indexedBlock + 1, settled, sizer, { stopped: () => stopped, addresses });
      try {
        for await (const batch of batches) {
          await commit(batch, tracker, head);
          backfilled = batch.toBlock;
          // Per batch, so a long backfill shows its progress in finality too.
          await finality.settle(batch.toBlock, head, nodeFinalized);
          report({ blocks: batch.toBlock - batch.fromBlock + 1, events: batch.transfers.length, indexed: batch.toBlock, head });
        }
      } finally {
        // Subscribers never miss blocks silently: they hear which committed blocks were not streamed to them.
        if (backfilled > cp.indexedBlock) {
          await pubsub.publish('gaps', [{ chainId, fromBlock: cp.indexedBlock + 1, toBlock: backfilled }]);
        }
      }
    } else {
      const followed = await follow(client, tracker, head, sizer, addresses);
      if (followed === null) return;
      await finality.settle(followed.indexed, head, nodeFinalized);
      // Following many blocks at once is catching up too (after an outage or a restart within the catch-up window).
      if (head - cp.indexedBlock > NEAR_HEAD_BLOCKS) report({ blocks: followed.indexed - cp.indexedBlock, events: followed.events, indexed: followed.indexed, head });
    }
  };

  /** Waits out a failed step (or connection attempt): shorter for node trouble, which usually passes. */
  const backoff = async (err: unknown, msg: string) => {
    const retryable = err instanceof RetryableChainError;
    logger[retryable ? 'warn' : 'error']({ err }, msg);
    await sleep(retryable ? 2_000 : 5_000);
  };

  /** The node's client; a node that is down at start delays ingestion instead of ending it. Null once stopped. */
  const connect = async (): Promise<ChainClient | null> => {
    while (!stopped) {
      try {
        return await deps.registry.client(chainId);
      } catch (err) {
        await backoff(err, 'cannot connect to the node; retrying');
      }
    }
    return null;
  };

  const loop = async () => {
    const client = await connect();
    if (!client) return;
    let release: () => Promise<void>;
    try {
      release = await acquireDatabaseLock(db, `ingest-${chainId}`, {
        onWait: () => logger.info('another ingester holds this chain; waiting for its lock'),
        aborted: () => stopped,
      });
    } catch (err) {
      if (err instanceof LockAbortedError) return;
      logger.error({ err }, 'ingestion stopped for this chain');
      throw err;
    }
    let unsubscribe: Unsubscribe | null = null;
    try {
      logger.info({ endpoints: client.endpoints().map((e) => e.url) }, 'ingestion started');
      await finality.resume(await ensureCheckpoint());
      await watchList?.reconcile();
      const tracker = createContractTracker(db, client);
      const readFinalized = createFinalizedTagReader(client, logger);
      const report = createProgressReporter(logger);
      const sizer = createRangeSizer(chain.maxLogRange);
      while (!stopped) {
        try {
          // Inside the retried round: a node that fails now may answer later. Heads only wake us early.
          unsubscribe ??= await client.subscribeNewHeads(() => wake?.());
          const round = watchList ? await watchList.refresh(client, (await checkpoints.findOneBy({ chainId }))!.indexedBlock) : null;
          await step(client, tracker, report, sizer, readFinalized, round);
          for (const row of round?.backfilling ?? []) {
            if (stopped) break;
            // The chain's cursor caches balances it wrote; a joining contract's were written beside it.
            if (await contractBackfill.step(client, row, tracker, finality.current())) balanceCache.clear();
          }
        } catch (err) {
          if (err instanceof DeepReorgError) throw err;
          await backoff(err, 'ingestion step failed; retrying');
        }
      }
    } catch (err) {
      logger.error({ err }, 'ingestion stopped for this chain');
      throw err;
    } finally {
      await unsubscribe?.().catch(() => undefined);
      await release();
    }
  };

  return {
    run() {
      finished ??= loop();
      return finished;
    },
    async stop() {
      stopped = true;
      wake?.();
      await finished?.catch(() => undefined);
    },
  };
};
