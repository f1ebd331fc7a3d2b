// Two or more calls timed side by side: a warm-up of each, then rounds that run `calls` of each in turn, the order
// reversed every other round so that neither always runs on a machine warmed (or tired) by the other.
import { nowMs, round, summarize, type LatencySummary } from './stats';

export const timeInterleaved = async <K extends string>(
  scenarios: Record<K, () => Promise<unknown>>,
  { rounds, calls, warmup }: { rounds: number; calls: number; warmup: number },
): Promise<Record<K, LatencySummary>> => {
  const names = Object.keys(scenarios) as K[];
  const samples = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  for (const name of names) for (let i = 0; i < warmup; i++) await scenarios[name]();
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 ? [...names].reverse() : names) {
      for (let i = 0; i < calls; i++) {
        const t = nowMs();
        await scenarios[name]();
        samples[name].push(nowMs() - t);
      }
    }
  }
  return Object.fromEntries(names.map((n) => [n, summarize(samples[n])])) as Record<K, LatencySummary>;
};

/** One JSON line per scenario, figures rounded to 0.01 ms. */
export const scenarioLines = (summary: Record<string, LatencySummary>) =>
  Object.entries(summary).map(([name, s]) => ({ scenario: name, ...Object.fromEntries(Object.entries(s).map(([k, v]) => [k, round(v, 2)])) }));
