// How a process stops and when it calls itself ready: the bound on draining in-flight requests at SIGTERM, and the
// lag past which an indexing process answers /health/ready with 503; how often an indexing process samples its chains'
// progress for the console's pace charts, and how long the samples are kept.
import { z } from 'zod';

export type OperationsConfig = Readonly<{
  /** After SIGTERM: how long in-flight requests and streams may take to finish before their connections are cut, in ms. */
  shutdownGraceMs: number;
  /** An indexing process is ready while every chain it indexes is at most this many blocks behind the node's head. */
  readyMaxLagBlocks: number;
  /** An indexing process records each chain's checkpoint this often, in seconds (workers/chain-pace.ts). */
  paceSampleSeconds: number;
  /** Pace samples older than this many days are deleted. */
  paceRetentionDays: number;
}>;

export const operationsEnvSchema = {
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  READY_MAX_LAG_BLOCKS: z.coerce.number().int().min(0).max(100_000_000).default(64),
  CHAIN_PACE_SAMPLE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  CHAIN_PACE_RETENTION_DAYS: z.coerce.number().int().min(1).max(366).default(14),
};

type OperationsEnv = z.infer<z.ZodObject<typeof operationsEnvSchema>>;

export const operationsConfigOf = (e: OperationsEnv): OperationsConfig =>
  Object.freeze({
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    readyMaxLagBlocks: e.READY_MAX_LAG_BLOCKS,
    paceSampleSeconds: e.CHAIN_PACE_SAMPLE_SECONDS,
    paceRetentionDays: e.CHAIN_PACE_RETENTION_DAYS,
  });
