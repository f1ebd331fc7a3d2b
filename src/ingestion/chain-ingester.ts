// Ingests one chain: backfills finalized history, then follows the head block by block with reorg detection.
import { RetryableChainError, type ChainClient } from '../chain';
import type { ChainRegistry } from '../chain/registry';
import type { ChainConfig } from '../config';
import type { Logger } from '../config/logger';
import { ChainCheckpointEntity, ChainTransactionEntity, LockAbortedError, acquireDatabaseLock, type Db } from '../db';
import type { PubSub } from '../pubsub';
import { In, Between } from 'typeorm';
import { applyBatch, type BalanceCache } from './apply-batch';
import { balanceKey } from './balances';
import { backfillBatches, createRangeSizer } from './backfill';
import { createContractTracker } from './contracts';
import { balanceEvents, logEvents, receiptEvents, restoredBalanceEvents, transferLogsFromRows } from './events';
import { BlockChangedError, fetchRange } from './fetch-range';
import { createProgressReporter, type IngestionMetrics } from './progress';
import { DeepReorgError, findCommonAncestor, rollbackTo } from './reorg';
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
};

export type ChainIngester = { run(): Promise<void>; stop(): Promise<void> };

const FOLLOW_MAX_BLOCKS = 50;

export const createChainIngester = (deps: ChainIngesterDeps): ChainIngester => {
  const { db, chain, pubsub, metrics } = deps;
  const chainId = chain.chainId;
  const label = { chain: String(chainId) };
  const logger = deps.logger.child({ chainId });
  const pollMs = deps.pollMs ?? 1_000;
  let stopped = false;
  let wake: (() => void) | null = null;
  let finished: Promise<void> | null = null;
  let lastFinalized = -1;
  // Bounded: one entry per (contract, holder, token) this process has written.
  const balanceCache: BalanceCache = new Map();
  const BALANCE_CACHE_MAX = 500_000;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const t = setTimeout(() => ((wake = null), resolve()), ms);
      wake = () => (clearTimeout(t), (wake = null), resolve());
    });

  const checkpoints = db.getRepository(ChainCheckpointEntity);
  const ensureCheckpoint = async () => {
    const existing = await checkpoints.findOneBy({ chainId });
    if (existing) return existing;
    const row = { chainId, indexedBlock: chain.startBlock - 1, indexedHash: null, headBlock: 0, finalizedBlock: -1, updatedAt: new Date() };
    await checkpoints.insert(row);
    return row;
  };

  const commit = async (client: ChainClient, batch: Batch, tracker: ReturnType<typeof createContractTracker>, head: number) => {
    const contracts = await tracker.newContracts(batch.transfers);
    const started = Date.now();
    const result = await applyBatch(db, batch, contracts, balanceCache);
    logger.debug({ from: batch.fromBlock, to: batch.toBlock, transfers: batch.transfers.length, writeMs: Date.now() - started }, 'batch committed');
    if (!result.applied) return;
    if (balanceCache.size > BALANCE_CACHE_MAX) balanceCache.clear();
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
    await pubsub.publish('logs', logEvents(chainId, 'BLOCK_ADDED', batch.transfers, (n) => blocks.get(n)?.parentHash ?? '', (h) => ({
      from: txs.get(h)?.from ?? '',
      to: txs.get(h)?.to ?? '',
      value: txs.get(h)?.value ?? '0',
    })));
    await pubsub.publish('balances', balanceEvents(result.changes, (c) => kinds.get(c) ?? 'ERC20', false));
    await pubsub.publish('receipts', receiptEvents(batch.transactions, head - chain.confirmations, false));
    void client;
  };

  /** Receipts whose block just became final are sent again with `final: true`. */
  const publishFinalized = async (finalized: number) => {
    if (lastFinalized < 0 || finalized <= lastFinalized) {
      lastFinalized = Math.max(lastFinalized, finalized);
      return;
    }
    const rows = await db.getRepository(ChainTransactionEntity).findBy({
      chainId,
      reorged: false,
      blockNumber: Between(lastFinalized + 1, finalized),
    });
    lastFinalized = finalized;
    const live = rows.filter((r) => r.logsJson !== null);
    if (live.length) await pubsub.publish('receipts', receiptEvents(live, finalized, false));
  };

  const handleReorg = async (client: ChainClient, indexed: number) => {
    const ancestor = await findCommonAncestor(db, client, indexed, chain.confirmations);
    logger.warn({ from: indexed, ancestor, depth: indexed - ancestor }, 'reorg: rolling back to the common ancestor');
    balanceCache.clear();
    const undone = await rollbackTo(db, chainId, ancestor);
    metrics.reorgs.inc(label);
    const kinds = new Map(undone.removedTransfers.map((t) => [t.contract, t.contractType]));
    const txs = new Map(undone.reorgedTransactions.map((t) => [t.txHash, t]));
    await pubsub.publish('logs', logEvents(chainId, 'BLOCK_REMOVED', transferLogsFromRows(undone.removedTransfers), () => '', (h) => ({
      from: txs.get(h)?.from ?? '',
      to: txs.get(h)?.to ?? '',
      value: txs.get(h)?.value ?? '0',
    })));
    await pubsub.publish('receipts', receiptEvents(undone.reorgedTransactions, -1, true));
    await pubsub.publish('balances', restoredBalanceEvents(undone.restored, (c) => kinds.get(c) ?? 'ERC20'));
  };

  const follow = async (client: ChainClient, tracker: ReturnType<typeof createContractTracker>, head: number) => {
    const cp = (await checkpoints.findOneBy({ chainId }))!;
    const from = cp.indexedBlock + 1;
    const to = Math.min(head, from + FOLLOW_MAX_BLOCKS - 1);
    let batch: Batch;
    try {
      batch = await fetchRange(client, from, to, { allHeaders: true, receipts: true, live: true });
    } catch (err) {
      if (err instanceof BlockChangedError) return; // the next round reads the settled chain
      throw err;
    }
    const ordered = [...batch.blocks].sort((a, b) => a.number - b.number);
    for (let i = 1; i < ordered.length; i++) {
      if (ordered[i].parentHash !== ordered[i - 1].hash) return; // read across a reorg: try again
    }
    if (cp.indexedHash && ordered[0].parentHash !== cp.indexedHash) {
      await handleReorg(client, cp.indexedBlock);
      return;
    }
    await commit(client, batch, tracker, head);
  };

  const loop = async () => {
    const client = await deps.registry.client(chainId);
    let release: () => Promise<void>;
    try {
      release = await acquireDatabaseLock(db, `ingest-${chainId}`, {
        onWait: () => logger.info('another ingester holds this chain; waiting for its lock'),
        aborted: () => stopped,
      });
    } catch (err) {
      if (err instanceof LockAbortedError) return;
      throw err;
    }
    let unsubscribe: (() => Promise<void>) | null = null;
    try {
      logger.info({ url: chain.url.replace(/\/\/[^@/]*@/, '//***@') }, 'ingestion started');
      const cp0 = await ensureCheckpoint();
      lastFinalized = cp0.finalizedBlock;
      const tracker = createContractTracker(db, client);
      const report = createProgressReporter(logger, chainId);
      const sizer = createRangeSizer(chain.maxLogRange);
      unsubscribe = await client.subscribeNewHeads(() => wake?.());
      while (!stopped) {
        try {
          const head = await client.eth_blockNumber();
          const finalized = Math.max(-1, head - chain.confirmations);
          const cp = (await checkpoints.findOneBy({ chainId }))!;
          await checkpoints.update({ chainId }, { headBlock: head, finalizedBlock: Math.max(finalized, cp.finalizedBlock) });
          metrics.head.set(label, head);
          metrics.finalized.set(label, finalized);
          metrics.lag.set(label, Math.max(0, head - cp.indexedBlock));
          await publishFinalized(finalized);
          if (head <= cp.indexedBlock) {
            // Caught up, or the node is behind us (not a reorg: only the hashes decide that). A reorg
            // that keeps the height (same number of blocks replaced) shows as a changed head hash.
            const current = head === cp.indexedBlock && cp.indexedHash ? await client.eth_getBlockByNumber(head, false) : null;
            if (current && current.hash !== cp.indexedHash) {
              await handleReorg(client, cp.indexedBlock);
              continue;
            }
            await sleep(pollMs);
          } else if (cp.indexedBlock < finalized) {
            for await (const batch of backfillBatches(client, cp.indexedBlock + 1, finalized, sizer, { stopped: () => stopped })) {
              await commit(client, batch, tracker, head);
              report({ blocks: batch.toBlock - batch.fromBlock + 1, events: batch.transfers.length, indexed: batch.toBlock, head });
            }
          } else {
            await follow(client, tracker, head);
          }
        } catch (err) {
          if (err instanceof DeepReorgError) throw err;
          const retryable = err instanceof RetryableChainError;
          logger[retryable ? 'warn' : 'error']({ err }, 'ingestion step failed; retrying');
          await sleep(retryable ? 2_000 : 5_000);
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
