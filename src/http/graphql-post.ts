// POST /graphql without yoga's Fetch-API layer, for the request most clients send: a JSON body with one
// query operation that parses, stays within the document limits and validates.
//
// Yoga turns every Node request into a Fetch Request and its reply into a Fetch Response, through
// promise helpers and plugin hooks: about a quarter of the server's CPU for a one-statement query
// (BENCHMARKS.md). Here such a query is executed as yoga would execute it (the same context, the same
// compiled execution, through the one executor) and its result is written directly, as yoga writes it: masked by
// the same function, shaped, given a status and headers by yoga's own result processor. What this path does not
// serve goes to yoga before anything runs: GET, GraphiQL, mutations, other Accept types, batches and documents that
// do not parse or validate. No request runs twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { processRegularResult } from 'graphql-yoga';
import type { Logger } from '../config/logger';
import { asGraphQLError, domainErrorOf, maskResult } from '../graphql/errors';
import type { Admitted, AdmissionNeeds } from '../graphql/admission';
import type { GraphQLExecutor } from '../graphql/execute';
import { abortedWhenGone, signalWhenGone } from '../graphql/request-signal';
import { mentionsIntrospection } from '../graphql/introspection';
import { createRequestAdmission, refuseUnread, type RequestAdmission } from './admit';
import { peerAddressOf, type ClientAddressOf } from './client-address';

export type YogaFetch = {
  fetch(
    url: string,
    init: { method: string; headers: Record<string, string>; body: string; signal?: AbortSignal },
    serverContext?: { req: IncomingMessage },
  ): Promise<Response> | Response;
};

/** Query strings remembered with their parsed document (or null: not for this path). Oldest dropped first. */
const DOCUMENT_CACHE_MAX = 1_000;

const JSON_TYPE = 'application/json; charset=utf-8';
const GRAPHQL_RESPONSE_TYPE = 'application/graphql-response+json; charset=utf-8';

/** The reply's content type as yoga picks it (the first listed media type it can serve), or null: leave it to yoga. */
export const replyTypeFor = (accept: string | undefined): string | null => {
  if (!accept) return JSON_TYPE;
  const first = accept.split(',')[0].split(';')[0].trim().toLowerCase();
  if (first === 'application/graphql-response+json') return GRAPHQL_RESPONSE_TYPE;
  return first === 'application/json' || first === '*/*' ? JSON_TYPE : null;
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The GraphQL request in a body, when it has only the fields this path serves and their types are right. */
const graphqlRequestOf = (raw: string): { query: string; variables?: Record<string, unknown>; operationName?: string } | null => {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isPlainObject(body) || typeof body.query !== 'string') return null;
  for (const key of Object.keys(body)) if (key !== 'query' && key !== 'variables' && key !== 'operationName') return null;
  const { query, variables, operationName } = body;
  if (variables != null && !isPlainObject(variables)) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  return { query, variables: variables ?? undefined, operationName: operationName ?? undefined };
};

export type GraphQLPostHandler = (req: IncomingMessage, res: ServerResponse, body: Buffer) => Promise<void>;

/** Answers a POST /graphql whose body was read (within the size cap); the request must be `canServe`. */
export const createGraphQLPostHandler = ({
  executor,
  logger,
  yoga,
  clientAddressOf = peerAddressOf,
  anonymousIntrospection = true,
  requests = createRequestAdmission(executor.admit, clientAddressOf),
}: {
  executor: GraphQLExecutor;
  logger: Logger;
  yoga: YogaFetch;
  clientAddressOf?: ClientAddressOf;
  /** Off: documents that introspect go to yoga, which checks the caller's credentials first. */
  anonymousIntrospection?: boolean;
  /** The server's admission of Node requests (shared with yoga: a request admitted before its body is read is not admitted again). */
  requests?: RequestAdmission;
}) => {
  const documents = new Map<string, DocumentNode | null>();

  /** The document when it is a single valid query (by `operationName`), else null. */
  const queryDocument = (query: string, operationName: string | undefined): DocumentNode | null => {
    const key = `${operationName ?? ''}\n${query}`;
    let document = documents.get(key);
    if (document === undefined) {
      const parsed = executor.parse(query);
      document = 'document' in parsed && getOperationAST(parsed.document, operationName)?.operation === 'query' ? parsed.document : null;
      if (documents.size >= DOCUMENT_CACHE_MAX) documents.delete(documents.keys().next().value!);
      documents.set(key, document);
    }
    return document;
  };

  const write = async (res: ServerResponse, reply: Response, extra?: Readonly<Record<string, string>>) => {
    res.writeHead(reply.status, { ...extra, ...Object.fromEntries(reply.headers) });
    res.end(Buffer.from(await reply.arrayBuffer()));
  };

  /** Yoga answers a request this path does not serve, with the body already read; nothing has run yet. */
  const byYoga = async (req: IncomingMessage, res: ServerResponse, body: string) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    await write(res, await yoga.fetch(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`, { method: 'POST', headers, body, signal: abortedWhenGone(res) }, { req }));
  };

  /** A result with errors, as yoga replies with it: the same masking, logging, status and headers (429's Retry-After). */
  const replyWithErrors = async (res: ServerResponse, result: ExecutionResult, replyType: string, extra?: Readonly<Record<string, string>>) => {
    for (const e of result.errors ?? []) {
      const domain = domainErrorOf(e);
      if (domain) logger.debug({ code: domain.kind, reason: domain.message }, 'graphql client error');
      else if (e.originalError) logger.error({ err: e.originalError }, 'graphql execution failed');
    }
    await write(res, processRegularResult(maskResult(result), { Response } as never, replyType.split(';')[0]), extra);
  };

  const handle: GraphQLPostHandler = async (req, res, body) => {
    const text = body.toString('utf8');
    const replyType = replyTypeFor(req.headers.accept);
    const request = replyType ? graphqlRequestOf(text) : null;
    const document = request && queryDocument(request.query, request.operationName);
    if (!replyType || !request || !document) return byYoga(req, res, text);
    if (!anonymousIntrospection && mentionsIntrospection(request.query)) return byYoga(req, res, text);
    // Admitted once per request (the server does it before reading the body; yoga finds it done).
    let admitted: Admitted;
    try {
      admitted = await requests.admit(req);
    } catch (err) {
      if (!domainErrorOf(err)) throw err;
      return replyWithErrors(res, { errors: [asGraphQLError(err)] }, replyType);
    }
    const { credentials, headers: limitHeaders } = admitted;
    const result = await executor.run({ document, operationName: request.operationName, variables: request.variables, credentials, signal: signalWhenGone(res) });
    if (result.errors?.length) return replyWithErrors(res, result, replyType, limitHeaders);
    const json = JSON.stringify(result);
    res.writeHead(200, { 'Content-Type': replyType, 'Content-Length': Buffer.byteLength(json), ...limitHeaders });
    res.end(json);
  };

  /**
   * Admits a POST /graphql before its body is read (an upload's needs a bearer token): true when admitted; otherwise the
   * refusal is answered as yoga answers errors, and the connection is closed without reading the rest of the body.
   */
  const admitBeforeBody = async (req: IncomingMessage, res: ServerResponse, needs?: AdmissionNeeds): Promise<boolean> => {
    try {
      await requests.admit(req, needs);
      return true;
    } catch (err) {
      const domain = domainErrorOf(err);
      if (!domain) throw err;
      logger.debug({ code: domain.kind, reason: domain.message }, 'graphql client error');
      const reply = processRegularResult(maskResult({ errors: [asGraphQLError(err)] }), { Response } as never, (replyTypeFor(req.headers.accept) ?? JSON_TYPE).split(';')[0]);
      const headers = Object.fromEntries([...reply.headers].filter(([name]) => name !== 'content-length'));
      refuseUnread(req, res, reply.status, await reply.text(), headers);
      return false;
    }
  };

  return {
    handle,
    admitBeforeBody,
    /** Requests this handler takes: POST with a JSON body. Anything else goes to yoga untouched. */
    canServe: (req: IncomingMessage) =>
      req.method === 'POST' && (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json',
  };
};
