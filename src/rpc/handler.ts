// POST /rpc/<Service>/<Operation>: routing, body checks and webrpc errors around one GraphQL execution.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { validate } from 'graphql';
import type { Logger } from '../config/logger';
import type { Credentials } from '../domain/auth/credentials';
import { invalidArgument, isDomainError, refusalHeadersOf, StreamEndedError } from '../domain/errors';
import type { Admitted } from '../graphql/admission';
import { asGraphQLError, domainErrorOf } from '../graphql/errors';
import type { GraphQLExecutor } from '../graphql/execute';
import { signalWhenGone } from '../graphql/request-signal';
import { badMethod, badRequest, badRoute, domainToWebrpc, internalError, methodNotAvailable, type WebrpcError } from './errors';
import { UNAVAILABLE } from './unavailable';
import { withWireFieldNames } from './wire/field-names';
import { webrpcErrorOf } from './graphql-errors';
import { variableProblemOf } from './variable-problems';
import { streamNdjson } from './ndjson';
import type { RpcEntry } from './table';
import { createRpcTable } from './table';
import { obj, type Answered, type Body } from './wire/common';

export const WEBRPC_HEADER = 'webrpc@v0.31.2;strata@v0.1.0';

/** Open Subscribe* streams per process; more are refused rather than exhausting sockets and memory. */
export const MAX_STREAMS = 5_000;

export type RpcHandler = ((req: IncomingMessage, res: ServerResponse, body: () => Promise<Buffer>) => Promise<void>) & {
  /** The paths the table serves (`/rpc/<Service>/<Operation>`). */
  routes: ReadonlySet<string>;
};

/** The cursor that resumes a stream its server ended (shutting down), on another server. */
const resumeCursorOf = (err: unknown): string | null => {
  const domain = domainErrorOf(err);
  return domain instanceof StreamEndedError ? domain.cursor : null;
};

export const createRpcHandler = ({
  executor,
  logger,
  admit,
}: {
  executor: GraphQLExecutor;
  logger: Logger;
  /**
   * Admits the request (graphql/admission.ts) with the credentials and address the HTTP layer reads from it
   * (http/admit.ts): once per request, before its body is read.
   */
  admit: (req: IncomingMessage) => Promise<Admitted>;
}): RpcHandler => {
  const table = createRpcTable();
  // A document that no longer fits the schema is a startup failure, not a runtime surprise.
  for (const [route, e] of table) {
    const problems = validate(executor.schema, e.document);
    if (problems.length) throw new Error(`RPC document for ${route} does not fit the schema: ${problems[0].message}`);
  }

  const send = (res: ServerResponse, status: number, payload: unknown, extra: Record<string, string> = {}) => {
    const json = JSON.stringify(payload);
    // With a length the reply goes out in one piece; writeHead without one makes Node send it chunked.
    res.writeHead(status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json), Webrpc: WEBRPC_HEADER, ...extra });
    res.end(json);
  };
  const fail = (res: ServerResponse, err: WebrpcError, extra: Record<string, string> = {}) => send(res, err.status, err, extra);

  let openStreams = 0;

  /** Errors before the first byte are plain webrpc errors; later ones end the stream with a webrpcError line. */
  const serveStream = async (
    entry: RpcEntry,
    body: Body,
    variables: Record<string, unknown>,
    credentials: Credentials,
    res: ServerResponse,
    limitHeaders: Readonly<Record<string, string>>,
  ) => {
    if (openStreams >= MAX_STREAMS) {
      return fail(res, domainToWebrpc(entry.service, { kind: 'ResourceExhausted', message: 'too many open streams on this server; retry later' }));
    }
    const result = await executor.open({ document: entry.document, variables, credentials, trusted: true });
    if (!(Symbol.asyncIterator in result)) {
      const { error, unexpected, headers } = webrpcErrorOf(entry.service, result.errors ?? []);
      if (unexpected) logger.error({ err: unexpected, route: entry.operation }, 'rpc stream failed to start');
      else logger.debug({ route: entry.operation, code: error.error, reason: error.msg }, 'rpc client error');
      return fail(res, error, { ...limitHeaders, ...headers });
    }
    const stream = result;
    async function* messages() {
      for await (const r of stream) {
        if (r.errors?.length) throw r.errors[0];
        yield entry.reply(r.data as Answered<unknown>, body);
      }
    }
    openStreams++;
    // Ending the source unblocks a pending read, so a departed client releases its subscription at once.
    res.on('close', () => void stream.return?.(undefined));
    try {
      const how = await streamNdjson(
        res,
        messages(),
        (err) => {
          const { error, unexpected } = webrpcErrorOf(entry.service, [asGraphQLError(err)]);
          if (unexpected) logger.error({ err: unexpected, route: entry.operation }, 'rpc stream failed');
          // Clients that surface only the error (the published ones) still see where to resume.
          const cursor = resumeCursorOf(err);
          return cursor ? { ...error, cause: `cursor: ${cursor}` } : error;
        },
        { webrpcHeader: WEBRPC_HEADER, headers: limitHeaders, resumeCursorOf },
      );
      if (how === 'slow-client') logger.warn({ route: entry.operation }, 'dropped a stream client that stopped reading');
    } finally {
      openStreams--;
      await stream.return?.(undefined);
    }
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, readBody: () => Promise<Buffer>) => {
    const path = (req.url ?? '').split('?')[0];
    const entry = table.get(path);
    if (!entry) {
      const reason = UNAVAILABLE.get(path);
      return fail(res, reason ? methodNotAvailable(path, reason) : badRoute(path));
    }
    if (req.method !== 'POST') return fail(res, badMethod(req.method ?? ''), { Allow: 'POST' });
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType !== 'application/json') {
      return fail(res, badRequest(`unsupported Content-Type "${req.headers['content-type'] ?? ''}" (only application/json is allowed)`));
    }
    // Admitted (credentials, throttle, charge) before the body is read; a stream is charged when it opens.
    let admitted: Admitted;
    try {
      admitted = await admit(req);
    } catch (err) {
      if (!isDomainError(err)) {
        // The store behind the credentials or the counters failed: an internal error, as for a failed execution.
        logger.error({ err, route: path }, 'rpc admission failed');
        return fail(res, internalError());
      }
      logger.debug({ route: path, code: err.kind, reason: err.message }, 'rpc client error');
      return fail(res, domainToWebrpc(entry.service, err), refusalHeadersOf(err));
    }
    const { credentials, headers: limitHeaders } = admitted;
    let body: Record<string, unknown> | undefined;
    try {
      const raw = (await readBody()).toString('utf8');
      body = obj(raw.trim() === '' ? {} : JSON.parse(raw));
    } catch (err) {
      return fail(res, badRequest(`failed to read request data: ${(err as Error).message}`), limitHeaders);
    }
    if (!body) return fail(res, badRequest('failed to unmarshal request data: the body must be a JSON object'), limitHeaders);

    try {
      const variables = entry.variables(body);
      const problem = variableProblemOf(executor.schema, entry.document, variables);
      if (problem) {
        return fail(res, domainToWebrpc(entry.service, withWireFieldNames(entry.service, invalidArgument(problem.field, problem.problem))), limitHeaders);
      }
      if (entry.stream) return await serveStream(entry, body, variables, credentials, res, limitHeaders);
      const result = await executor.run({ document: entry.document, variables, credentials, trusted: true, signal: signalWhenGone(res) });
      if (result.errors?.length) {
        const { error, unexpected, headers } = webrpcErrorOf(entry.service, result.errors);
        if (unexpected) logger.error({ err: unexpected, route: path }, 'rpc operation failed');
        else logger.debug({ route: path, code: error.error, reason: error.msg }, 'rpc client error');
        return fail(res, error, { ...limitHeaders, ...headers });
      }
      send(res, 200, entry.reply(result.data as Answered<unknown>, body), limitHeaders);
    } catch (err) {
      logger.error({ err, route: path }, 'rpc operation failed');
      if (!res.headersSent) fail(res, internalError());
    }
  };
  return Object.assign(handle, { routes: new Set(table.keys()) });
};
