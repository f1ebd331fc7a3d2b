// POST /rpc/<Service>/<Operation>: routing, body checks and webrpc errors around one GraphQL execution.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { execute, validate, type GraphQLSchema } from 'graphql';
import type { Logger } from '../config/logger';
import { createContext } from '../graphql/context';
import type { Services } from '../domain/services';
import { badMethod, badRequest, badRoute, internalError, type WebrpcError } from './errors';
import { webrpcErrorOf } from './graphql-errors';
import { createRpcTable } from './table';
import { obj } from './wire/common';

export const WEBRPC_HEADER = 'webrpc@v0.31.2;strata@v0.1.0';

export type RpcHandler = (req: IncomingMessage, res: ServerResponse, body: () => Promise<Buffer>) => Promise<void>;

export const createRpcHandler = ({ schema, services, logger }: { schema: GraphQLSchema; services: Services; logger: Logger }): RpcHandler => {
  const table = createRpcTable();
  // A document that no longer fits the schema is a startup failure, not a runtime surprise.
  for (const [route, e] of table) {
    const problems = validate(schema, e.document);
    if (problems.length) throw new Error(`RPC document for ${route} does not fit the schema: ${problems[0].message}`);
  }

  const send = (res: ServerResponse, status: number, payload: unknown, extra: Record<string, string> = {}) => {
    res.writeHead(status, { 'Content-Type': 'application/json', Webrpc: WEBRPC_HEADER, ...extra });
    res.end(JSON.stringify(payload));
  };
  const fail = (res: ServerResponse, err: WebrpcError, extra: Record<string, string> = {}) => send(res, err.status, err, extra);

  return async (req, res, readBody) => {
    const path = (req.url ?? '').split('?')[0];
    const entry = table.get(path);
    if (!entry) return fail(res, badRoute(path));
    if (req.method !== 'POST') return fail(res, badMethod(req.method ?? ''), { Allow: 'POST' });
    const contentType = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (contentType !== 'application/json') {
      return fail(res, badRequest(`unsupported Content-Type "${req.headers['content-type'] ?? ''}" (only application/json is allowed)`));
    }
    let body: Record<string, unknown> | undefined;
    try {
      const raw = (await readBody()).toString('utf8');
      body = obj(raw.trim() === '' ? {} : JSON.parse(raw));
    } catch (err) {
      return fail(res, badRequest(`failed to read request data: ${(err as Error).message}`));
    }
    if (!body) return fail(res, badRequest('failed to unmarshal request data: the body must be a JSON object'));

    try {
      const credentials = { authorization: req.headers.authorization, accessKey: header(req, 'x-access-key') };
      const result = await execute({
        schema,
        document: entry.document,
        variableValues: entry.variables(body),
        contextValue: createContext(services, credentials),
      });
      if (result.errors?.length) {
        const { error, unexpected } = webrpcErrorOf(entry.service, result.errors);
        if (unexpected) logger.error({ err: unexpected, route: path }, 'rpc operation failed');
        return fail(res, error);
      }
      send(res, 200, entry.reply(result.data));
    } catch (err) {
      logger.error({ err, route: path }, 'rpc operation failed');
      fail(res, internalError());
    }
  };
};

const header = (req: IncomingMessage, name: string): string | undefined => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};
