// The HTTP server: one port for GraphQL (+ graphql-ws), the RPC, hosted documents, health and metrics.
import type http from 'node:http';
import type client from 'prom-client';
import type { GraphQLSchema } from 'graphql';
import type { Config } from '../config';
import type { Logger } from '../config/logger';
import type { Db } from '../db';
import type { Services } from '../domain/services';
import { createExecutor } from '../graphql/execute';
import { createRpcHandler } from '../rpc/handler';
import { badRequest } from '../rpc/errors';
import { BodyTooLargeError, readBody } from './body';
import { admitOrRefuse, createRequestAdmission } from './admit';
import { createClientAddressOf } from './client-address';
import { createCors } from './cors';
import { applySecurityHeaders } from './security-headers';
import { createGraphiQLPage, type GraphiQLCredentials } from './graphiql-page';
import { createGraphiQLOffPage, isExplorerVisit } from './graphiql-off-page';
import { createGraphQLPostHandler } from './graphql-post';
import { attachGraphQLWs } from './graphql-ws';
import { createAssetRoutes } from './assets';
import { createMediaRoute, isMediaPath } from './media';
import { chainScopeOf, createChainBaseUrl } from './chain-base-url';
import { createConsoleRoutes, isConsolePath } from './console';
import { isHostedDocumentPath, serveHostedDocument } from './hosted-documents';
import { createListener, sendJson as json, type HttpServer } from './listener';
import { createOperationsHandler, operationsRouteOf, type Readiness } from './operations';
import { registerKeyUsageMetrics } from './metrics';
import { createYogaApp } from './yoga';

export type { HttpServer } from './listener';

export type HttpDeps = {
  config: Config;
  /** /health/ready's checks besides the database (operations.ts). */
  readiness?: Readiness;
  db: Db;
  services: Services;
  schema: GraphQLSchema;
  logger: Logger;
  metricsRegistry: client.Registry;
  /** Prefilled in GraphiQL's Headers tabs (`strata dev`). */
  graphiqlCredentials?: GraphiQLCredentials;
};

export const createHttpServer = ({ config, db, services, schema, logger, metricsRegistry, graphiqlCredentials, readiness }: HttpDeps): HttpServer => {
  const { edge } = config;
  const clientAddressOf = createClientAddressOf(edge.trustProxyHops);
  const cors = createCors(edge.corsOrigins);
  // One executor for every entry path: POST and GET through yoga, the direct POST path, graphql-ws, the RPC.
  const executor = createExecutor(schema, services, { maxQueryCost: config.graphqlMaxCost });
  // One admission per request (graphql/admission.ts), on every route, before any body is read.
  const requests = createRequestAdmission(executor.admit, clientAddressOf);
  const yoga = createYogaApp({ executor, auth: services.auth, logger, clientAddressOf, edge, requests });
  const graphqlPost = createGraphQLPostHandler({ executor, logger, yoga, clientAddressOf, anonymousIntrospection: edge.anonymousIntrospection, requests });
  const rpc = createRpcHandler({ executor, logger, admit: (req) => requests.admit(req) });
  const chainBaseUrl = createChainBaseUrl({ chains: services.chains, rpc, admit: (req) => requests.admit(req) });
  const assets = createAssetRoutes({ services, maxBytes: config.assets.maxBytes, requests });
  const media = createMediaRoute({ services, requests });
  const consoleRoutes = edge.console ? createConsoleRoutes(logger, requests) : null;
  registerKeyUsageMetrics(metricsRegistry, () => services.limits.totals());
  const operations = createOperationsHandler({ db, metricsRegistry, readiness, logger, metricsAccess: { token: edge.metricsToken, openWithoutToken: !edge.deployed } });
  // Metric labels name known routes only: arbitrary paths (scanners, typos) must not grow the registry.
  const routeOf = (path: string, rpcPath = chainScopeOf(path)?.path ?? path) =>
    rpc.routes.has(rpcPath) ? rpcPath : path === '/graphql' ? 'graphql' : isHostedDocumentPath(path) ? 'documents' : isMediaPath(path) ? 'media'
      : isConsolePath(path) ? 'console' : operationsRouteOf(path);

  const graphiql = edge.graphiql ? createGraphiQLPage({ title: 'Strata GraphQL', credentials: graphiqlCredentials }) : null;
  const graphiqlOff = graphiql ? null : createGraphiQLOffPage({ consolePage: edge.console });
  /** A browser opening /graphql (GET or HEAD asking for HTML) gets GraphiQL. */
  const wantsGraphiQL = (req: http.IncomingMessage) =>
    (req.method === 'GET' || req.method === 'HEAD') && (req.headers.accept ?? '').includes('text/html');

  const route = async (req: http.IncomingMessage, res: http.ServerResponse, path: string) => {
    applySecurityHeaders(req, res);
    if (req.method === 'OPTIONS') return cors.answerPreflight(req, res);
    cors.apply(req, res);
    if (path.startsWith('/rpc/')) {
      return rpc(req, res, () => readBody(req, config.maxBodyBytes));
    }
    const scope = chainScopeOf(path);
    if (scope) return chainBaseUrl(req, res, scope, () => readBody(req, config.maxBodyBytes));
    if (path === '/' && graphiql && (req.method === 'GET' || req.method === 'HEAD')) {
      res.writeHead(302, { Location: '/graphql', 'Content-Length': 0 });
      return res.end();
    }
    if (path === '/graphql' && graphiql && wantsGraphiQL(req)) return graphiql.serve(req, res);
    if (graphiqlOff && isExplorerVisit(req, path)) return graphiqlOff.serve(req, res);
    if (path === '/graphql') {
      // The body limit is enforced here from Content-Length (Node reads exactly that many bytes), so yoga
      // reads bodies directly instead of through its per-request limiting stream.
      const length = req.headers['content-length'];
      if (req.method === 'POST' && length === undefined) {
        return json(res, 411, { errors: [{ message: 'Content-Length is required: chunked request bodies are not accepted on /graphql' }] });
      }
      // A multipart request carries an upload (uploadCollectionAsset): up to ASSET_MAX_BYTES, plus room for the operation.
      const multipart = (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
      const limit = multipart ? config.assets.maxBytes + 65_536 : config.maxBodyBytes;
      if (Number(length ?? 0) > limit) return json(res, 413, { errors: [{ message: 'request body too large' }] });
      // Admitted before the body is read; an upload (multipart) needs a valid bearer token, or is refused unread.
      if (req.method === 'POST' && !(await graphqlPost.admitBeforeBody(req, res, multipart ? { bearer: true } : undefined))) return;
      if (graphqlPost.canServe(req)) return graphqlPost.handle(req, res, await readBody(req, config.maxBodyBytes));
      return yoga.handle(req, res);
    }
    if (isMediaPath(path)) return media(req, res, path);
    if (isHostedDocumentPath(path) && (await assets(req, res, path))) return;
    if (req.method === 'GET' && isHostedDocumentPath(path)) {
      // Public documents are admitted as every request (a failing credential past the throttle's limit is refused).
      if (!(await admitOrRefuse(requests, req, res))) return;
      return serveHostedDocument(services, path, res);
    }
    if (consoleRoutes && (await consoleRoutes(req, res, path))) return;
    if (await operations(req, res, path)) return;
    json(res, 404, { error: 'not found' });
  };

  const listener = createListener({
    config,
    logger,
    metricsRegistry,
    routeOf,
    handle: async (req, res, path) => {
      try {
        await route(req, res, path);
      } catch (err) {
        if (!(err instanceof BodyTooLargeError)) throw err;
        if (!res.headersSent) json(res, 400, badRequest(err.message));
      }
    },
  });
  const ws = attachGraphQLWs({ server: listener.server, executor, auth: services.auth, clientAddressOf, anonymousIntrospection: edge.anonymousIntrospection });

  return {
    ...listener,
    // SIGTERM: stop accepting, end every subscription with its resume cursor (graphql-ws and NDJSON alike), let
    // in-flight requests finish within the grace, then close what is left.
    close: async () => {
      const closed = listener.close();
      const streams = services.subscriptions.endAll();
      if (streams) logger.info({ streams }, 'ended open subscriptions with their resume cursors');
      await ws.close(config.operations.shutdownGraceMs);
      await closed;
    },
  };
};
