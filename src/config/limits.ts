// Server-wide defaults of the per-access-key request limits (an access key may carry its own), how many receipt waits
// one key may hold at once, and how often the per-day usage counts this process gathered are written to the database.
import { z } from 'zod';

export type KeyLimitsConfig = Readonly<{
  /** Requests per second one access key may make; null: no limit. */
  requestsPerSecond: number | null;
  /** Requests per calendar month (UTC) one access key may make; null: no quota. */
  requestsPerMonth: number | null;
  /** Seconds between writes of this process's usage counts (access_key_usage_days). */
  usageFlushSeconds: number;
  /**
   * Receipt waits (FetchTransactionReceipt, `transactionReceipt(wait: true)`) one access key may hold at once on this
   * process; more are refused with ResourceExhausted. null: no cap.
   */
  receiptWaits: number | null;
}>;

export const keyLimitsEnvSchema = {
  KEY_REQUESTS_PER_SECOND: z.coerce.number().int().min(0).max(1_000_000).default(0),
  KEY_REQUESTS_PER_MONTH: z.coerce.number().int().min(0).max(2_000_000_000).default(0),
  KEY_USAGE_FLUSH_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  KEY_RECEIPT_WAITS: z.coerce.number().int().min(0).max(1_000_000).default(100),
};

type KeyLimitsEnv = z.infer<z.ZodObject<typeof keyLimitsEnvSchema>>;

/** 0 in the environment means "no limit", as it does on a key (where 0 returns it to these defaults). */
export const keyLimitsConfigOf = (e: KeyLimitsEnv): KeyLimitsConfig =>
  Object.freeze({
    requestsPerSecond: e.KEY_REQUESTS_PER_SECOND || null,
    requestsPerMonth: e.KEY_REQUESTS_PER_MONTH || null,
    usageFlushSeconds: e.KEY_USAGE_FLUSH_SECONDS,
    receiptWaits: e.KEY_RECEIPT_WAITS || null,
  });
