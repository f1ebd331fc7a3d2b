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
