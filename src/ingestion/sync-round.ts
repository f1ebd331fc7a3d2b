// One round of a chain's ingestion: read the head, check the stored branch against the node, then backfill, follow or
// roll back, commit, and publish what was committed.
import type { ChainClient } from '../chain';
import { tracesWanted, type ChainConfig } from '../config';
import type { Logger } from '../config/logger';
import { ChainCheckpointEntity, type ChainCheckpointRow, type Db } from '../db';
import { applyBatch } from './apply-batch';
import { refreshAllowances } from './allowance-refresh';
import type { BalanceCache } from './balance-cache';
import { balanceKey } from './balances';
import { backfillBatches, transferRows, type RangeSizer } from './backfill';
import type { ContractTracker } from './contracts';
import { fetchRange } from './fetch-range';
import type { Native } from './internal-transfers';
import { reorgWindow, type Finality } from './finality';
import { NEAR_HEAD_BLOCKS, createFollowReader } from './follow-reader';
import type { HeapCeiling } from './heap-ceiling';
import type { IngestionMetrics, ProgressReporter } from './progress';
import type { ChainPublisher } from './publish';
import type { QueryIndexDeferral } from './query-index-deferral';
import { findCommonAncestor, rollbackTo } from './reorg';
import type { Batch } from './types';
import type { WatchRound } from './watched-contracts';
import type { WebhookOutbox } from './webhook-outbox';

const ENDPOINTS_WRITE_MS = 2_000;

export type SyncRoundDeps = {
  db: Db;
  chain: ChainConfig;
  logger: Logger;
  metrics: IngestionMetrics;
  finality: Finality;
  balanceCache: BalanceCache;
  publisher: ChainPublisher;
  catchUpPublishBlocks: number;
  queryIndexes?: QueryIndexDeferral;
  heap?: HeapCeiling;
  /** Records webhook deliveries in the batch and rollback transactions. */
  outbox?: WebhookOutbox;
  /** Waits for a new head (or `ms`). */
  sleep(ms: number): Promise<void>;
  /** How long a caught-up round waits (ingestion/poll-interval.ts). */
  pollMs(): number;
  stopped(): boolean;
};

/** What a round works with that lives as long as the ingester's connection to the node. */
export type RoundContext = {
  client: ChainClient;
  tracker: ContractTracker;
  report: ProgressReporter;
  sizer: RangeSizer;
  readFinalized: () => Promise<number | null>;
};

export type SyncRound = {
  /** One round; `round`: the named contracts' state for it (null: every token contract of the chain). */
  step(ctx: RoundContext, round: WatchRound | null): Promise<void>;
};

/** Whether the stored tip is still the node's block at its height; null when the node did not return that block. */
const tipIsCanonical = async (client: ChainClient, cp: ChainCheckpointRow): Promise<boolean | null> => {
  if (!cp.indexedHash) return true; // nothing stored that a reorg could have orphaned
  const current = await client.eth_getBlockByNumber(cp.indexedBlock, false);
  return current && current.hash === cp.indexedHash;
};

export const createSyncRound = (deps: SyncRoundDeps): SyncRound => {
  const { db, chain, logger, metrics, finality, balanceCache, publisher } = deps;
  const chainId = chain.chainId;
  const label = { chain: String(chainId) };
  const checkpoints = db.getRepository(ChainCheckpointEntity);
  const traces = tracesWanted(chain);
  const native: Native = traces === 'off' ? chain.nativeTransfers === true : { traces };
  const approvals = chain.approvals === true;
  const reader = createFollowReader({ logger, native, approvals });
  /** How deep a reorg may reach below the head (finality.ts): the undo log and the ancestor search cover it. */
  let window = chain.confirmations;
  let endpointsWrittenAt = 0;
  let tracesWritten = '';
  /**
   * The endpoints' health, for the progress query of every replica; every few seconds is enough, but at once when what
   * they serve of traces changed (the chain's status says whether internal transfers are indexed from it).
   */
  const writeEndpoints = async (client: ChainClient) => {
    const endpoints = client.endpoints();
    const traced = endpoints.map((e) => e.traces).join();
    if (Date.now() - endpointsWrittenAt <= ENDPOINTS_WRITE_MS && traced === tracesWritten) return;
    await checkpoints.update({ chainId }, { endpointsJson: JSON.stringify(endpoints) });
    endpointsWrittenAt = Date.now();
    tracesWritten = traced;
  };

  const commit = async (client: ChainClient, batch: Batch, tracker: ContractTracker, head: number) => {
    const contracts = await tracker.newContracts(batch.transfers);
    await refreshAllowances(db, client, batch);
    // Before the write as well as after: the ranges that arrived during the last write, and the garbage of merging
    // them, would otherwise pile up under this write's own.
    deps.heap?.check();
    const started = Date.now();
    // Undo entries only for blocks a reorg can still reach: above head − window, i.e. above the node's finalized block
    // or within the confirmations of the head. Counted from the batch's end instead, a backfilled range of a dense
    // chain (5,000 logs in ~57 blocks) logged nearly every row and deleted the entries again a batch later.
    const rollbackWindow = Math.max(0, Math.min(window, batch.toBlock - (head - window)));
    const result = await applyBatch(db, batch, contracts, { cache: balanceCache, rollbackWindow, outbox: deps.outbox });
    logger.debug({ from: batch.fromBlock, to: batch.toBlock, transfers: batch.transfers.length, writeMs: Date.now() - started }, 'batch committed');
    deps.heap?.check();
    if (!result.applied) return;
    for (const b of result.balances) balanceCache.set(balanceKey(b.contract, b.account, b.tokenId), BigInt(b.balance));
    tracker.remember(contracts);
    for (const [reason, n] of batch.skipped) metrics.skipped.inc({ ...label, reason }, n);
    metrics.events.inc(label, batch.transfers.length);
    metrics.indexed.set(label, batch.toBlock);
    metrics.lag.set(label, Math.max(0, head - batch.toBlock));
    if (batch.live) await publisher.added(batch, result, finality.current());
  };

  const handleReorg = async (client: ChainClient, indexed: number) => {
    const ancestor = await findCommonAncestor(db, client, indexed, window);
    logger.warn({ from: indexed, ancestor, depth: indexed - ancestor }, 'reorg: rolling back to the common ancestor');
    balanceCache.clear();
    reader.drop();
    const undone = await rollbackTo(db, chainId, ancestor, deps.outbox);
    finality.rolledBack(ancestor);
    metrics.reorgs.inc(label);
    await publisher.rolledBack(ancestor, undone);
  };

  /** Follows the head; returns the new indexed block (and its events) when the batch extended the stored branch, else null. */
  const follow = async (ctx: RoundContext, head: number, addresses: string[] | null): Promise<{ indexed: number; events: number } | null> => {
    const { client, sizer } = ctx;
    const cp = (await checkpoints.findOneBy({ chainId }))!;
    const from = cp.indexedBlock + 1;
    const batch = await reader.read(client, from, head, sizer, addresses);
    if (!batch) return null;
    sizer.grow(transferRows(batch.transfers), batch.toBlock - from + 1);
    const ordered = [...batch.blocks].sort((a, b) => a.number - b.number);
    for (let i = 1; i < ordered.length; i++) {
      if (ordered[i].parentHash !== ordered[i - 1].hash) return null; // read across a reorg: try again
    }
    if (cp.indexedHash && ordered[0].parentHash !== cp.indexedHash) {
      await handleReorg(client, cp.indexedBlock);
      return null;
    }
    reader.readAhead(client, batch, head, window, sizer, addresses);
    await commit(client, batch, ctx.tracker, head);
    return { indexed: batch.toBlock, events: transferRows(batch.transfers) };
  };

  /** Backfills from the stored tip to `settled`, publishing the committed blocks as a gap: nobody was streamed them. */
  const backfill = async (ctx: RoundContext, cp: ChainCheckpointRow, head: number, settled: number, nodeFinalized: number | null, addresses: string[] | null) => {
    const { client, tracker, report, sizer } = ctx;
    let backfilled = cp.indexedBlock;
    // No contract to read yet (named contracts, none caught up): the cursor only has to reach `settled`.
    const batches = addresses?.length === 0
      ? [await fetchRange(client, cp.indexedBlock + 1, settled, { allHeaders: false, receipts: false, live: false, addresses, approvals })]
      : backfillBatches(client, cp.indexedBlock + 1, settled, sizer, { stopped: deps.stopped, addresses, native, approvals });
    try {
      for await (const batch of batches) {
        await commit(client, batch, tracker, head);
        backfilled = batch.toBlock;
        // Per batch, so a long backfill shows its progress in finality too.
        await finality.settle(batch.toBlock, head, nodeFinalized);
        report({ blocks: batch.toBlock - batch.fromBlock + 1, events: transferRows(batch.transfers), indexed: batch.toBlock, head });
        // A backfill is one long round: the endpoints' counts are written along the way too, or readers of the progress
        // would see served/failed stand still until it ends.
        await writeEndpoints(client);
      }
    } finally {
      // Subscribers never miss blocks silently: they hear which committed blocks were not streamed to them.
      if (backfilled > cp.indexedBlock) await publisher.gap(cp.indexedBlock + 1, backfilled);
    }
  };

  /**
   * One round: read the head, check the stored branch against the node, ingest what is new, and only then move
   * finality, so it never covers a block that a reorg not yet handled has orphaned.
   */
  const step = async (ctx: RoundContext, round: WatchRound | null): Promise<void> => {
    const { client, report } = ctx;
    const addresses = round?.live ?? null;
    const head = await client.eth_blockNumber();
    const nodeFinalized = await ctx.readFinalized();
    window = reorgWindow(chain.confirmations, head, nodeFinalized);
    const cp = (await checkpoints.findOneBy({ chainId }))!;
    await checkpoints.update({ chainId }, { headBlock: head });
    await writeEndpoints(client);
    metrics.head.set(label, head);
    metrics.lag.set(label, Math.max(0, head - cp.indexedBlock));
    // Blocks this deep are final by the confirmation setting: backfill could take them without following them live,
    // but then their events reach no subscriber. Those within the catch-up window are followed (and published).
    const settled = Math.min(head - chain.confirmations, head - deps.catchUpPublishBlocks);
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
      if (!round?.backfilling.length) await deps.sleep(deps.pollMs());
    } else if (cp.indexedBlock < settled) {
      // Backfill builds on the stored tip without reading its children's headers: check it first. A reorg can have
      // replaced it and grown past the confirmation depth while we were not looking (a restart, an outage).
      const canonical = await tipIsCanonical(client, cp);
      if (canonical === false) return handleReorg(client, cp.indexedBlock);
      if (canonical === null) return deps.sleep(deps.pollMs());
      await backfill(ctx, cp, head, settled, nodeFinalized, addresses);
    } else {
      const followed = await follow(ctx, head, addresses);
      if (followed === null) return;
      await finality.settle(followed.indexed, head, nodeFinalized);
      // Following many blocks at once is catching up too (after an outage or a restart within the catch-up window); the
      // last blocks of a stretch, followed near the head, still count in its "caught up" line.
      const done = { blocks: followed.indexed - cp.indexedBlock, events: followed.events, indexed: followed.indexed, head };
      if (head - cp.indexedBlock > NEAR_HEAD_BLOCKS) report(done);
      else report.followed(done);
    }
  };

  return { step };
};
