// Latency statistics for the benchmarks: percentiles over raw samples (milliseconds), figures rounded for printing.
import os from 'node:os';

export type LatencySummary = { n: number; p50: number; p90: number; p99: number; max: number; mean: number };

/** Nearest-rank percentile of an ascending array. */
export const percentile = (sorted: ArrayLike<number>, p: number): number => {
  if (!sorted.length) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))];
};

export const round = (v: number, digits = 3): number => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);

export const summarize = (samples: ArrayLike<number>): LatencySummary => {
  const sorted = Float64Array.from(samples).sort();
  let sum = 0;
  for (let i = 0; i < sorted.length; i++) sum += sorted[i];
  return {
    n: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : NaN),
    mean: round(sorted.length ? sum / sorted.length : NaN),
  };
};

/** Monotonic milliseconds shared by every process on the machine (CLOCK_MONOTONIC), so two processes can compare stamps. */
export const nowMs = (): number => Number(process.hrtime.bigint()) / 1e6;

/** Grows a Float64Array as samples arrive (a few million samples stay compact). */
export class Samples {
  private buf = new Float64Array(1 << 16);
  length = 0;

  push(v: number): void {
    if (this.length === this.buf.length) {
      const next = new Float64Array(this.buf.length * 2);
      next.set(this.buf);
      this.buf = next;
    }
    this.buf[this.length++] = v;
  }

  values(): Float64Array {
    return this.buf.subarray(0, this.length);
  }
}

/** Deterministic PRNG (mulberry32) so a run picks the same accounts every time. */
export const prng = (seed: number) => () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export const shuffle = <T>(items: T[], random: () => number): T[] => {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a;
};

export const loadAverage = (): number[] => os.loadavg().map((v) => round(v, 2));
