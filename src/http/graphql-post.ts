// POST /graphql without yoga's Fetch-API layer, for the request most clients send: a JSON body with one
// query operation that parses, stays within the document limits and validates.
//
// Yoga turns every Node request into a Fetch Request and its reply into a Fetch Response, through
// promise helpers and plugin hooks: about a quarter of the server's CPU for a one-statement query
// (BENCHMARKS.md). Here such a query is executed as yoga would execute it (the same context, the same
// compiled execution) and a result without errors is written directly, in the content type yoga would
// choose. Everything else stays yoga's: GET, GraphiQL, mutations, other Accept types, batches and documents
// with errors. A result with errors is handed to yoga with the request, and yoga answers with it instead of
// executing (yoga.ts, `executed`): every error reply is exactly yoga's, and no request runs twice.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { getOperationAST, type DocumentNode, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Services } from '../domain/services';
import { createCompiledExecute } from '../graphql/compiled-execute';
import { createContext } from '../graphql/context';
import { parseWithinLimits } from '../graphql/limits';
import { mentionsIntrospection } from '../graphql/introspection';
import type { Credentials } from '../domain/auth/credentials';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import { credentialsFromNodeHeaders } from './credentials';

export type YogaFetch = {
  fetch(url: string, init: { method: string; headers: Record<string, string>; body: string }, serverContext?: Record<string, unknown>): Promise<Response> | Response;
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
  schema,
  services,
  yoga,
  clientAddressOf = peerAddressOf,
  anonymousIntrospection = true,
}: {
  schema: GraphQLSchema;
  services: Services;
  yoga: YogaFetch;
  clientAddressOf?: ClientAddressOf;
  /** Off: documents that introspect go to yoga, which checks the caller's credentials first. */
  anonymousIntrospection?: boolean;
}) => {
  const execute = createCompiledExecute();
  const documents = new Map<string, DocumentNode | null>();

  /** The document when it is a single valid query (by `operationName`), else null. */
  const queryDocument = (query: string, operationName: string | undefined): DocumentNode | null => {
    const key = `${operationName ?? ''}\n${query}`;
    let document = documents.get(key);
    if (document === undefined) {
      const parsed = parseWithinLimits(schema, query);
      document = 'document' in parsed && getOperationAST(parsed.document, operationName)?.operation === 'query' ? parsed.document : null;
      if (documents.size >= DOCUMENT_CACHE_MAX) documents.delete(documents.keys().next().value!);
      documents.set(key, document);
    }
    return document;
  };

  /**
   * Yoga answers with the body already read. `credentials`: the ones this path already checked, so a failure is not
   * counted twice against the caller; `executed`: this path's result, which yoga replies with instead of executing.
   */
  const byYoga = async (req: IncomingMessage, res: ServerResponse, body: string, credentials?: Credentials, executed?: ExecutionResult) => {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
    const reply = await yoga.fetch(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/graphql'}`, { method: 'POST', headers, body }, { req, credentials, executed });
    res.writeHead(reply.status, Object.fromEntries(reply.headers));
    res.end(Buffer.from(await reply.arrayBuffer()));
  };

  const handle: GraphQLPostHandler = async (req, res, body) => {
    const text = body.toString('utf8');
    const replyType = replyTypeFor(req.headers.accept);
    const request = replyType ? graphqlRequestOf(text) : null;
    const document = request && queryDocument(request.query, request.operationName);
    if (!replyType || !request || !document) return byYoga(req, res, text);
    if (!anonymousIntrospection && mentionsIntrospection(request.query)) return byYoga(req, res, text);
    const credentials = { ...credentialsFromNodeHeaders(req.headers), clientAddress: clientAddressOf(req) };
    const result = await execute({
      schema,
      document,
      operationName: request.operationName,
      variableValues: request.variables,
      contextValue: createContext(services, credentials),
    });
    if (result.errors?.length) return byYoga(req, res, text, credentials, result);
    const json = JSON.stringify(result);
    res.writeHead(200, { 'Content-Type': replyType, 'Content-Length': Buffer.byteLength(json) });
    res.end(json);
  };

  return {
    handle,
    /** Requests this handler takes: POST with a JSON body. Anything else goes to yoga untouched. */
    canServe: (req: IncomingMessage) =>
      req.method === 'POST' && (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/json',
  };
};
