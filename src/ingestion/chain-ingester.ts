// Ingests one chain: backfills finalized history, then follows the head block by block with reorg detection. This is
// the loop (connect, take the chain's lock, run rounds until stopped, back off on failures); a round is sync-round.ts,
// what subscribers hear is publish.ts.
import { RetryableChainError, redactUrl, type ChainClient, type Unsubscribe } from '../chain';
import type { ChainRegistry } from '../chain/registry';
import type { ChainConfig } from '../config';
import type { Logger } from '../config/logger';
import { BalanceEntity, ChainCheckpointEntity, LeaseLostError, LockAbortedError, createLeadership, dialectOf, type ChainCheckpointRow, type Db, type Lead, type LeadershipSettings } from '../db';
import type { PubSub } from '../pubsub';
import { createBalanceCache } from './balance-cache';
import { BlockChangedError } from './block-changed';
import { NATIVE_RANGE_BLOCKS, createRangeSizer } from './backfill';
import { createContractTracker } from './contracts';
import { createContractBackfill } from './contract-backfill';
import { createFinality, createFinalizedTagReader } from './finality';
import { FOLLOW_MAX_BLOCKS } from './follow-reader';
import { createProgressReporter, type IngestionMetrics } from './progress';
import { createChainPublisher } from './publish';
import { DeepReorgError } from './reorg';
import { createPollInterval } from './poll-interval';
import { createSyncRound } from './sync-round';
import type { QueryIndexDeferral } from './query-index-deferral';
import type { HeapCeiling } from './heap-ceiling';
import { createWatchList } from './watched-contracts';
import type { WebhookOutbox } from './webhook-outbox';

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
  /** Lock or lease (config LEADERSHIP); default: a lease on Galera, the lock elsewhere. */
  leadership?: LeadershipSettings;
  /** Shared by the process's ingesters: webhook deliveries recorded in ingestion's transactions. */
  outbox?: WebhookOutbox;
};

export type ChainIngester = { run(): Promise<void>; stop(): Promise<void> };

/**
 * Balances kept in memory between batches. MySQL: each batch's unknown balances cost a round trip per 500. SQLite: a
 * stored balance is read in about two microseconds by its primary key (apply-batch.ts), while every cached one stays
 * on the heap through every collection.
 */
const BALANCE_CACHE = { mysql: 100_000, sqlite: 10_000 } as const;

/**
 * The first block whose events the chain's previous ingester may have committed without publishing them: it publishes
 * each commit before the next, so only its last one, a followed range of at most FOLLOW_MAX_BLOCKS blocks; or, when that
 * was a backfill (whose gap notice comes at the end of its round), any block since the chain's start.
 */
export const unpublishedFrom = (cp: Pick<ChainCheckpointRow, 'indexedBlock' | 'liveFrom'>, startBlock: number): number =>
  cp.liveFrom > cp.indexedBlock ? startBlock : Math.max(cp.liveFrom, cp.indexedBlock - FOLLOW_MAX_BLOCKS + 1);

export const createChainIngester = (deps: ChainIngesterDeps): ChainIngester => {
  const { chain, metrics } = deps;
  const chainId = chain.chainId;
  /**
   * A lead's first publish is the notice that the previous ingester's last commit may not have been published (it was
   * SIGKILLed or lost its lease between the commit and the publish): subscribers replay from storage what they miss of
   * it. Every event of this lead follows that notice, so none of them moves a subscriber past what it is missing.
   */
  let resyncFrom: number | null = null;
  const sendResync = async () => {
    if (resyncFrom === null) return;
    const fromBlock = resyncFrom;
    await deps.pubsub.publish('resyncs', [{ chainId, fromBlock }]);
    if (resyncFrom === fromBlock) resyncFrom = null;
  };
  const pubsub: PubSub = {
    async publish(topic, events) {
      await sendResync();
      await deps.pubsub.publish(topic, events);
    },
    subscribe: (topic, onEvent) => deps.pubsub.subscribe(topic, onEvent),
    ready: () => deps.pubsub.ready(),
    close: () => deps.pubsub.close(),
  };
  // One writer per chain. Every write below goes through the leader's db: under a lease, a transaction commits only
  // while the lease is still this process's (its fencing token unchanged), so a holder that was paused or cut off past
  // its expiry cannot commit over the process that took the chain over.
  const leadership = createLeadership(deps.db, `ingest-${chainId}`, deps.leadership);
  const db = leadership.db;
  const logger = deps.logger.child({ chainId });
  const poll = createPollInterval({ db: deps.db, chain, fixed: deps.pollMs });
  let stopped = false;
  let wake: (() => void) | null = null;
  /** A head was announced since the round began: the round may not have seen it, so the next wait is skipped. */
  let headPending = false;
  let finished: Promise<void> | null = null;
  const finality = createFinality({ db, chainId, confirmations: chain.confirmations, pubsub, metrics, outbox: deps.outbox });
  const balanceCache = createBalanceCache(BALANCE_CACHE[dialectOf(db)]);

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => ((wake = null), resolve()), ms);
      wake = () => (clearTimeout(t), (wake = null), resolve());
    });
  /** A caught-up round's wait for the next head: none when one was announced meanwhile. */
  const waitForHead = (ms: number) => (headPending ? Promise.resolve() : sleep(ms));

  const rounds = createSyncRound({
    db,
    chain,
    logger,
    metrics,
    finality,
    balanceCache,
    publisher: createChainPublisher({ pubsub, chainId }),
    catchUpPublishBlocks: deps.catchUpPublishBlocks ?? 256,
    queryIndexes: deps.queryIndexes,
    heap: deps.heap,
    outbox: deps.outbox,
    sleep: waitForHead,
    pollMs: () => poll.ms(),
    stopped: () => stopped,
  });
  // Named contracts only (CHAINS `contracts`); null: every token contract of the chain.
  const watchList = chain.contracts ? createWatchList({ db, chain, logger }) : null;
  const contractBackfill = createContractBackfill({ db, chainId, maxLogRange: chain.maxLogRange, logger, approvals: chain.approvals === true });
  const checkpoints = db.getRepository(ChainCheckpointEntity);
  const ensureCheckpoint = async () => {
    const existing = await checkpoints.findOneBy({ chainId });
    if (existing) return existing;
    const row = { chainId, indexedBlock: chain.startBlock - 1, indexedHash: null, headBlock: 0, finalizedBlock: -1, eventSeq: 0, liveFrom: chain.startBlock, undoFrom: chain.startBlock, updatedAt: new Date() };
    await checkpoints.insert(row);
    return row;
  };

  /** Waits out a failed step (or connection attempt): shorter for node trouble, which usually passes. */
  const backoff = async (err: unknown, msg: string) => {
    const retryable = err instanceof RetryableChainError || err instanceof BlockChangedError;
    // Node trouble is expected and passes: one line naming the endpoints and the cause, no stack (a stack per retry
    // buried the URL an operator has to check).
    const endpoints = chain.endpoints.map((e) => redactUrl(e.url));
    if (retryable) logger.warn({ endpoints, err: err.message, hint: 'check the chain’s url in CHAINS if this goes on' }, msg);
    else logger.error({ err }, msg);
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
    while (!stopped) {
      let lead: Lead;
      try {
        lead = await leadership.acquire({
          onWait: () => logger.info('another ingester holds this chain; waiting for its lock'),
          aborted: () => stopped,
        });
      } catch (err) {
        if (err instanceof LockAbortedError) return;
        logger.error({ err }, 'ingestion stopped for this chain');
        throw err;
      }
      if (!(await ingestWhileLeading(client, lead))) return;
      // What this process remembers of the chain may be stale now that another one wrote it.
      balanceCache.clear();
      logger.warn({ token: lead.token }, 'another ingester took this chain over (lease lost); waiting to take it again');
    }
  };

  /** True when the lead was lost (the caller waits to lead again), false when stopped. */
  const ingestWhileLeading = async (client: ChainClient, lead: Lead): Promise<boolean> => {
    let unsubscribe: Unsubscribe | null = null;
    try {
      logger.info({ endpoints: client.endpoints().map((e) => e.url), leadership: lead.kind, token: lead.token ?? undefined }, 'ingestion started');
      const cp = await ensureCheckpoint();
      await finality.resume(cp);
      resyncFrom = unpublishedFrom(cp, chain.startBlock);
      // No balance of the chain stored yet (a first backfill): a balance no batch of this lead has written is not
      // stored either, and is not looked up (balance-cache.ts). The cache is empty here: new, or cleared at a lost lead.
      if (!(await db.getRepository(BalanceEntity).findOne({ select: { chainId: true }, where: { chainId } }))) balanceCache.startedEmpty();
      await watchList?.reconcile();
      const ctx = {
        client,
        tracker: createContractTracker(db, client),
        report: createProgressReporter(logger),
        // With native transfers every block body of a range is held until its batch commits: ranges are capped in
        // blocks too, whatever few token logs they hold (a busy chain's 10,000 bodies would be gigabytes).
        sizer: createRangeSizer(chain.nativeTransfers ? Math.min(chain.maxLogRange, NATIVE_RANGE_BLOCKS) : chain.maxLogRange),
        readFinalized: createFinalizedTagReader(client, logger),
      };
      while (!stopped) {
        if (lead.lost()) return true;
        try {
          // Inside the retried round: a node that fails now may answer later. Heads only wake us early.
          unsubscribe ??= await client.subscribeNewHeads(() => ((headPending = true), wake?.()));
          // Sent now even when no commit follows soon; a failure here is retried before this lead's next publish.
          await sendResync().catch((err) => logger.warn({ err: String(err) }, 'could not yet tell subscribers to check the last commit; retrying'));
          headPending = false; // this round reads the head
          const round = watchList ? await watchList.refresh(client, (await checkpoints.findOneBy({ chainId }))!.indexedBlock) : null;
          await rounds.step(ctx, round);
          for (const row of round?.backfilling ?? []) {
            if (stopped) break;
            // The chain's cursor caches balances it wrote; a joining contract's were written beside it.
            if (await contractBackfill.step(client, row, ctx.tracker, finality.current())) balanceCache.clear();
          }
        } catch (err) {
          if (err instanceof DeepReorgError) throw err;
          // Nothing of the failed transaction was committed; the new holder goes on from the stored checkpoint.
          if (err instanceof LeaseLostError || lead.lost()) return true;
          await backoff(err, 'ingestion step failed; retrying');
        }
      }
      return false;
    } catch (err) {
      logger.error({ err }, 'ingestion stopped for this chain');
      throw err;
    } finally {
      await unsubscribe?.().catch(() => undefined);
      await lead.release();
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
