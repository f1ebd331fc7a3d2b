// The HTTP server: one port for GraphQL (+ graphql-ws), the RPC, hosted documents, health and metrics.
import http from 'node:http';
import type client from 'prom-client';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import { isDatabaseReady, type Db } from '../db';
import type { Services } from '../domain/services';
import { createRpcHandler } from '../rpc/handler';
import { badRequest } from '../rpc/errors';
import { BodyTooLargeError, readBody } from './body';
import { answerPreflight, applyCors } from './cors';
import { attachGraphQLWs } from './graphql-ws';
import { isHostedDocumentPath, serveHostedDocument } from './hosted-documents';
import { createHttpMetrics } from './metrics';
import { createYogaApp } from './yoga';

export type HttpServer = { server: http.Server; listen(): Promise<{ port: number }>; close(): Promise<void> };

export type HttpDeps = { config: Config; db: Db; services: Services; schema: GraphQLSchema; logger: Logger; metricsRegistry: client.Registry };

const routeOf = (path: string) =>
  path.startsWith('/rpc/') ? path : path === '/graphql' ? 'graphql' : isHostedDocumentPath(path) ? 'documents' : path;

export const createHttpServer = ({ config, db, services, schema, logger, metricsRegistry }: HttpDeps): HttpServer => {
  const yoga = createYogaApp({ schema, services, logger });
  const rpc = createRpcHandler({ schema, services, logger });
  const metrics = createHttpMetrics(metricsRegistry);

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'OPTIONS') return answerPreflight(req, res);
    applyCors(req, res);
    if (path.startsWith('/rpc/')) {
      return rpc(req, res, () => readBody(req, config.maxBodyBytes));
    }
    if (path === '/graphql') {
      const declared = Number(req.headers['content-length'] ?? 0);
      if (declared > config.maxBodyBytes) return json(res, 413, { errors: [{ message: 'request body too large' }] });
      return yoga.handle(req, res);
    }
    if (req.method === 'GET' && isHostedDocumentPath(path)) return serveHostedDocument(services, path, res);
    if (req.method === 'GET' && path === '/health') return json(res, 200, { status: 'ok' });
    if (req.method === 'GET' && path === '/ready') {
      const ready = await isDatabaseReady(db);
      return json(res, ready ? 200 : 503, { status: ready ? 'ready' : 'not ready' });
    }
    if (req.method === 'GET' && path === '/metrics') {
      res.writeHead(200, { 'Content-Type': metrics.registry.contentType });
      return res.end(await metrics.registry.metrics());
    }
    json(res, 404, { error: 'not found' });
  };

  const server = http.createServer((req, res) => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      metrics.observe(routeOf((req.url ?? '/').split('?')[0]), req.method ?? '', res.statusCode, seconds);
    });
    handle(req, res).catch((err) => {
      if (err instanceof BodyTooLargeError) {
        if (!res.headersSent) json(res, 400, badRequest(err.message));
        return;
      }
      logger.error({ err }, 'request failed');
      if (!res.headersSent) json(res, 500, { error: 'internal error' });
      else res.destroy();
    });
  });
  server.requestTimeout = 60_000;
  server.headersTimeout = 20_000;
  const ws = attachGraphQLWs({ server, schema, services });

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
    close: async () => {
      await ws.close();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Streams (NDJSON, long polls) would hold shutdown open; give them a moment, then cut.
        setTimeout(() => server.closeAllConnections(), 5_000).unref();
      });
    },
  };
};
