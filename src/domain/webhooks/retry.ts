// When a failed delivery is tried again: exponential backoff with jitter, or what the receiver's Retry-After asks.

/** Longest Retry-After honoured: a receiver cannot park a listener for longer than a day. */
export const RETRY_AFTER_MAX_MS = 24 * 3_600_000;

/**
 * Delay before attempt `attempts + 1`, after `attempts` failed ones: base·2^(attempts−1), at most `maxMs`, scaled by a
 * random factor in [0.5, 1) so listeners that failed together do not retry together. With the defaults (5 s, 6 h, 16
 * attempts) the attempts of one delivery span about a day.
 */
export const backoffMs = (attempts: number, baseMs: number, maxMs: number, random: () => number = Math.random): number => {
  const exp = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
  return Math.max(1, Math.round(exp * (0.5 + random() * 0.5)));
};

/** A Retry-After header (seconds, or an HTTP date) as a delay in milliseconds; null when absent or unreadable. */
export const retryAfterMs = (header: string | undefined, now = Date.now()): number | null => {
  if (!header) return null;
  const text = header.trim();
  const ms = /^\d+$/.test(text) ? Number(text) * 1000 : Date.parse(text) - now;
  if (!Number.isFinite(ms)) return null;
  return Math.min(RETRY_AFTER_MAX_MS, Math.max(0, ms));
};
