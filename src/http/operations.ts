// Operations endpoints: GET /health and /health/live (the process answers), /ready (database reachable, schema current),
// /health/ready (that, and for a process that indexes: every chain within its lag bound; no background worker stuck
// in a tick; not while shutting down; 503 with the reasons otherwise) and /metrics. `strata serve` mounts them in the full server; `strata index` serves them
// alone (createOperationsServer), without loading GraphQL or the RPC.
import crypto from 'node:crypto';
import type http from 'node:http';
import type client from 'prom-client';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import { ChainCheckpointEntity, isDatabaseReady, type Db } from '../db';
import { createListener, sendJson, type HttpServer } from './listener';
import { applySecurityHeaders } from './security-headers';

/**
 * What /health/ready checks besides the database: the chains this process indexes, whether it is stopping, and its
 * background workers' problems (src/workers/poller.ts: a tick stuck past its bound; a failing tick is counted on
 * /metrics, not here).
 */
export type Readiness = { indexedChains: readonly number[]; maxLagBlocks: number; stopping(): boolean; workerProblems?(): string[] };

export type OperationsDeps = { db: Db; metricsRegistry: client.Registry; readiness?: Readiness };

const NOT_STOPPING: Readiness = { indexedChains: [], maxLagBlocks: 0, stopping: () => false };

/** Why this process should not get traffic now; empty when it is ready. Reasons name no host or credential. */
export const readinessReasons = async (db: Db, r: Readiness, log?: Pick<Logger, 'warn'>): Promise<string[]> => {
  const reasons: string[] = [...(r.stopping() ? ['shutting down'] : []), ...(r.workerProblems?.() ?? [])];
  try {
    await db.query('SELECT 1');
  } catch (err) {
    log?.warn({ err }, 'readiness: the database did not answer');
    return [...reasons, 'database unreachable'];
  }
  try {
    if (await db.showMigrations()) reasons.push('database schema is not current: migrations are pending (strata migrate)');
    if (!r.indexedChains.length) return reasons;
    // One row per configured chain: read them all.
    const rows = await db.getRepository(ChainCheckpointEntity).find();
    for (const chainId of r.indexedChains) {
      const cp = rows.find((row) => row.chainId === chainId);
      const lag = cp ? cp.headBlock - cp.indexedBlock : null;
      if (lag === null) reasons.push(`chain ${chainId}: not indexed yet`);
      else if (lag > r.maxLagBlocks) reasons.push(`chain ${chainId}: ${lag} blocks behind the head (bound ${r.maxLagBlocks}, READY_MAX_LAG_BLOCKS)`);
    }
    return reasons;
  } catch (err) {
    log?.warn({ err }, 'readiness: a database read failed');
    return [...reasons, 'database unreachable'];
  }
};

/**
 * Who may read /metrics: with METRICS_TOKEN, callers sending it as a bearer token; without one, anyone
 * when `openWithoutToken` (an operations-only port, or not deployed), no one otherwise.
 */
export type MetricsAccess = { token: string | null; openWithoutToken: boolean };

const sameSecret = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && crypto.timingSafeEqual(x, y);
};

const metricsRefusal = (req: http.IncomingMessage, access: MetricsAccess): { status: number; error: string } | null => {
  if (access.token === null) {
    return access.openWithoutToken ? null : { status: 403, error: 'metrics are off on this port: set METRICS_TOKEN and send it as a bearer token' };
  }
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return m && sameSecret(m[1], access.token) ? null : { status: 401, error: 'metrics need Authorization: Bearer <METRICS_TOKEN>' };
};

/** Answers an operations request and resolves true; resolves false, writing nothing, for any other request. */
export const createOperationsHandler = ({
  db,
  metricsRegistry,
  readiness = NOT_STOPPING,
  logger,
  metricsAccess = { token: null, openWithoutToken: true },
}: OperationsDeps & { metricsAccess?: MetricsAccess; logger?: Logger }) =>
  async (req: http.IncomingMessage, res: http.ServerResponse, path: string): Promise<boolean> => {
    if (req.method !== 'GET') return false;
    if (path === '/health' || path === '/health/live') {
      sendJson(res, 200, { status: path === '/health' ? 'ok' : 'live' });
      return true;
    }
    if (path === '/health/ready') {
      const reasons = await readinessReasons(db, readiness, logger);
      sendJson(res, reasons.length ? 503 : 200, reasons.length ? { status: 'not ready', reasons } : { status: 'ready' });
      return true;
    }
    if (path === '/ready') {
      const ready = await isDatabaseReady(db);
      sendJson(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready' });
      return true;
    }
    if (path === '/metrics') {
      const refusal = metricsRefusal(req, metricsAccess);
      if (refusal) {
        sendJson(res, refusal.status, { error: refusal.error });
        return true;
      }
      res.writeHead(200, { 'Content-Type': metricsRegistry.contentType });
      res.end(await metricsRegistry.metrics());
      return true;
    }
    return false;
  };

const OPERATION_PATHS = new Set(['/health', '/health/live', '/health/ready', '/ready', '/metrics']);

/** The metric label of a path on any Strata port: an operations endpoint by name, anything else as 'other'. */
export const operationsRouteOf = (path: string) => (OPERATION_PATHS.has(path) ? path : 'other');

/** A port with the operations endpoints only (404 for anything else): what `strata index` listens on. */
export const createOperationsServer = ({ config, logger, db, metricsRegistry, readiness }: OperationsDeps & { config: Config; logger: Logger }): HttpServer => {
  // This port serves nothing else, so /metrics is open on it unless METRICS_TOKEN is set.
  const operations = createOperationsHandler({ db, metricsRegistry, readiness, logger, metricsAccess: { token: config.edge.metricsToken, openWithoutToken: true } });
  return createListener({
    config,
    logger,
    metricsRegistry,
    routeOf: operationsRouteOf,
    handle: async (req, res, path) => {
      applySecurityHeaders(req, res);
      if (!(await operations(req, res, path))) sendJson(res, 404, { error: 'not found' });
    },
  });
};
