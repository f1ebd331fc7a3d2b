// Prometheus metrics of the HTTP surface (process metrics included); other layers register their own.
import client from 'prom-client';

export type HttpMetrics = {
  registry: client.Registry;
  observe(route: string, method: string, status: number, seconds: number): void;
};

export const createHttpMetrics = (registry: client.Registry): HttpMetrics => {
  const requests = new client.Histogram({
    name: 'strata_http_request_duration_seconds',
    help: 'HTTP requests by route, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    registry,
    observe: (route, method, status, seconds) => requests.observe({ route, method, status: String(status) }, seconds),
  };
};

/**
 * Requests per access key since this process started, by outcome (served, rate_limited, quota_exceeded), read from the
 * limits service when scraped. Labelled by key id, never by the key: as many series as keys that made requests here.
 * Per day: `increase(strata_access_key_requests_total[1d])`, or the `accessKeyUsage` query (every replica's).
 */
export const registerKeyUsageMetrics = (
  registry: client.Registry,
  totals: () => Iterable<{ keyId: number; served: number; rateLimited: number; quotaExceeded: number }>,
) =>
  new client.Counter({
    name: 'strata_access_key_requests_total',
    help: 'Requests that presented an access key, by key id and outcome (served, rate_limited, quota_exceeded)',
    labelNames: ['key_id', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const t of totals()) {
        const key_id = String(t.keyId);
        if (t.served) this.inc({ key_id, outcome: 'served' }, t.served);
        if (t.rateLimited) this.inc({ key_id, outcome: 'rate_limited' }, t.rateLimited);
        if (t.quotaExceeded) this.inc({ key_id, outcome: 'quota_exceeded' }, t.quotaExceeded);
      }
    },
  });
