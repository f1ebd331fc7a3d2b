// When a failed fetch may be tried again: doubling from a minute, capped at a day, so a bad host is never hammered.
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 24 * 60 * 60_000;

/** Delay before the next try after `attempts` failures in a row (1 → 1 min, 2 → 2 min, … capped at 24 h). */
export const retryDelayMs = (attempts: number): number => {
  const n = Math.max(1, Math.floor(attempts));
  return n > 20 ? RETRY_MAX_MS : Math.min(RETRY_BASE_MS * 2 ** (n - 1), RETRY_MAX_MS);
};

export const retryAt = (attempts: number, now: number): Date => new Date(now + retryDelayMs(attempts));
