// What every Strata HTTP port shares: request metrics, error answers, timeouts, listen and graceful close (stop
// accepting, let in-flight requests finish within SHUTDOWN_GRACE_MS, then cut what is left).
import http from 'node:http';
import type client from 'prom-client';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import { createHttpMetrics } from './metrics';

export type HttpServer = {
  server: http.Server;
  listen(): Promise<{ port: number }>;
  /** Stops accepting, waits for in-flight requests (up to the config's shutdown grace), then cuts what is still open. */
  close(): Promise<void>;
};

export type ListenerDeps = {
  config: Pick<Config, 'port' | 'host' | 'operations'>;
  logger: Logger;
  metricsRegistry: client.Registry;
  /** The `route` label of strata_http_request_duration_seconds for a request path. */
  routeOf(path: string): string;
  /** Answers the request; a rejection is logged and answered 500 (or the connection cut once headers went out). */
  handle(req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<unknown>;
};

export const sendJson = (res: http.ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json) });
  res.end(json);
};

export const pathOf = (req: http.IncomingMessage) => (req.url ?? '/').split('?')[0];

export const createListener = ({ config, logger, metricsRegistry, routeOf, handle }: ListenerDeps): HttpServer => {
  const metrics = createHttpMetrics(metricsRegistry);
  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    const path = pathOf(req);
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(routeOf(path), req.method ?? '', res.statusCode, seconds);
    });
    handle(req, res, path).catch((err) => {
      logger.error({ err }, 'request failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;

  return {
    server,
    listen: () =>
      new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(config.port, config.host, () => {
          const addr = server.address();
          resolve({ port: typeof addr === 'object' && addr ? addr.port : config.port });
        });
      }),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        const started = Date.now();
        // Keep-alive connections go as soon as their request is answered (an idle one at once); streams end on their
        // own (their sources are ended by whoever owns them). Past the grace, whatever is left is cut.
        const sweep = setInterval(() => {
          server.closeIdleConnections();
          if (Date.now() - started < config.operations.shutdownGraceMs) return;
          clearInterval(sweep);
          logger.warn({ graceMs: config.operations.shutdownGraceMs }, 'requests still open at the end of the shutdown grace: cut');
          server.closeAllConnections();
        }, 25);
        server.close(() => {
          clearInterval(sweep);
          resolve();
        });
        server.closeIdleConnections();
      }),
  };
};
