// Operations endpoints: GET /health, /ready and /metrics. `strata serve` mounts them in the full server;
// `strata index` serves them alone (createOperationsServer), without loading GraphQL or the RPC.
import type http from 'node:http';
import type client from 'prom-client';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import { isDatabaseReady, type Db } from '../db';
import { createListener, sendJson, type HttpServer } from './listener';

export type OperationsDeps = { db: Db; metricsRegistry: client.Registry };

/** Answers an operations request and resolves true; resolves false, writing nothing, for any other request. */
export const createOperationsHandler = ({ db, metricsRegistry }: OperationsDeps) =>
  async (req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> => {
    if (req.method !== 'GET') return false;
    if (path === '/health') {
      sendJson(res, 200, { status: 'ok' });
      return true;
    }
    if (path === '/ready') {
      const ready = await isDatabaseReady(db);
      sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready' });
      return true;
    }
    if (path === '/metrics') {
      res.writeHead(200, { 'Content-Type': metricsRegistry.contentType });
      res.end(await metricsRegistry.metrics());
      return true;
    }
    return false;
  };

const OPERATION_PATHS = new Set(['/health', '/ready', '/metrics']);

/** The metric label of a path on any Strata port: an operations endpoint by name, anything else as 'other'. */
export const operationsRouteOf = (path: string) => (OPERATION_PATHS.has(path) ? path : 'other');

/** A port with the operations endpoints only (404 for anything else): what `strata index` listens on. */
export const createOperationsServer = ({ config, logger, db, metricsRegistry }: OperationsDeps & { config: Config; logger: Logger }): HttpServer => {
  const operations = createOperationsHandler({ db, metricsRegistry });
  return createListener({
    config,
    logger,
    metricsRegistry,
    routeOf: operationsRouteOf,
    handle: async (req, res, path) => {
      if (!(await operations(req, res, path))) sendJson(res, 404, { error: 'not found' });
    },
  });
};
