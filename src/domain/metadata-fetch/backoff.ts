// When a failed fetch may be tried again: doubling from a minute, capped at a day, so a bad host is never hammered.
export const RETRY_BASE_MS = 60_000;
export const RETRY_MAX_MS = 24 * 60 * 60_000;

/** The retry sweep stops after this many failures in a row (reads still try again after `retryAt`). */
export const RETRY_MAX_ATTEMPTS = 10;

/** Delay before the next try after `attempts` failures in a row (1 → 1 min, 2 → 2 min, … capped at 24 h). */
export const retryDelayMs = (attempts: number, baseMs = RETRY_BASE_MS): number => {
  const n = Math.max(1, Math.floor(attempts));
  return n > 20 ? RETRY_MAX_MS : Math.min(baseMs * 2 ** (n - 1), RETRY_MAX_MS);
};

export const retryAt = (attempts: number, now: number, baseMs = RETRY_BASE_MS): Date => new Date(now + retryDelayMs(attempts, baseMs));
