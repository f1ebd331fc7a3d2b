// The media cache (#43): whether token media is fetched, made safe, thumbnailed and served by Strata, for which
// contracts, and the bounds of one file (bytes, time, pixels). On unless MEDIA_CACHE=off, as the token documents those
// files come from are fetched by default: an operator who does not want third-party files kept turns it off or names
// the contracts.
import { z } from 'zod';
import { onOff } from './edge';

export type MediaConfig = Readonly<{
  enabled: boolean;
  /** `chainId:address` (lower-case) of the contracts whose media is cached; empty: every contract. */
  contracts: readonly string[];
  /** Largest media file read, in bytes; a larger one (announced or streamed) fails. */
  maxBytes: number;
  /** One fetch of a file, redirects and body included. */
  timeoutMs: number;
  /** Decoded pixels an image may have (width × height × frames read); more is refused as a decompression bomb. */
  maxPixels: number;
  /** Longest side an image may have, in pixels. */
  maxDimension: number;
  /** Files fetched and processed at once by one process. */
  concurrency: number;
  /** Fetches started per second to one host, and at once. */
  hostRatePerSecond: number;
  hostConcurrency: number;
  /** First delay before a failed fetch is tried again (doubling per failure, at most a day). */
  retryBaseMs: number;
  /** How often the media worker looks for queued files. */
  pollMs: number;
}>;

const CONTRACT = /^(\d{1,12}):(0x[0-9a-fA-F]{40})$/;

export const mediaEnvSchema = {
  MEDIA_CACHE: onOff,
  MEDIA_CONTRACTS: z
    .string()
    .trim()
    .default('')
    .superRefine((v, ctx) => {
      for (const s of v.split(',').map((x) => x.trim()).filter(Boolean)) {
        if (!CONTRACT.test(s)) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${s.slice(0, 80)}" is not chainId:0xaddress` });
      }
    }),
  MEDIA_MAX_BYTES: z.coerce.number().int().min(1024).max(1024 * 1_048_576).default(50 * 1_048_576),
  MEDIA_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  MEDIA_MAX_PIXELS: z.coerce.number().int().min(1).max(1_000_000_000).default(50_000_000),
  MEDIA_MAX_DIMENSION: z.coerce.number().int().min(16).max(65_535).default(16_384),
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  MEDIA_HOST_RATE: z.coerce.number().int().min(1).max(10_000).default(10),
  MEDIA_HOST_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(2),
  MEDIA_RETRY_BASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  MEDIA_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
};

type MediaEnv = z.infer<z.ZodObject<typeof mediaEnvSchema>>;

export const mediaConfigOf = (e: MediaEnv): MediaConfig =>
  Object.freeze({
    enabled: e.MEDIA_CACHE ?? true,
    contracts: Object.freeze([
      ...new Set(
        e.MEDIA_CONTRACTS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
          .map((s) => s.toLowerCase()),
      ),
    ]),
    maxBytes: e.MEDIA_MAX_BYTES,
    timeoutMs: e.MEDIA_TIMEOUT_MS,
    maxPixels: e.MEDIA_MAX_PIXELS,
    maxDimension: e.MEDIA_MAX_DIMENSION,
    concurrency: e.MEDIA_CONCURRENCY,
    hostRatePerSecond: e.MEDIA_HOST_RATE,
    hostConcurrency: e.MEDIA_HOST_CONCURRENCY,
    retryBaseMs: e.MEDIA_RETRY_BASE_MS,
    pollMs: e.MEDIA_POLL_MS,
  });
