// How long each chain took to answer the gateway's reads, the last few hundred of them per chain, for RuntimeStatus.
export type ResponseTimes = { samples: number; average: number; percentiles: Record<'p50' | 'p95' | 'p99', number> };

export type LatencyBook = {
  record(chainId: number, ms: number): void;
  /** null before the chain's first read. */
  of(chainId: number): ResponseTimes | null;
};

const KEPT = 512;

export const createLatencyBook = (): LatencyBook => {
  const rings = new Map<number, number[]>();
  return {
    record(chainId, ms) {
      const ring = rings.get(chainId) ?? [];
      ring.push(ms);
      if (ring.length > KEPT) ring.shift();
      rings.set(chainId, ring);
    },
    of(chainId) {
      const ring = rings.get(chainId);
      if (!ring?.length) return null;
      const sorted = [...ring].sort((a, b) => a - b);
      const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
      const average = ring.reduce((s, v) => s + v, 0) / ring.length;
      return { samples: ring.length, average: Math.round(average * 100) / 100, percentiles: { p50: at(0.5), p95: at(0.95), p99: at(0.99) } };
    },
  };
};
