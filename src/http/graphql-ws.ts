// graphql-ws on the same port and path as GraphQL over HTTP; credentials come in connection_init.
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Services } from '../domain/services';
import { createContext } from '../graphql/context';
import { parseWithinLimits } from '../graphql/limits';
import { createSharedSubscribe } from '../graphql/shared-subscribe';
import { credentialsFromConnectionParams } from './credentials';
import { toGraphQLError } from './yoga';

export type GraphQLWsLimits = {
  /** Subscriptions one connection may hold at once. */
  maxSubscriptionsPerConnection: number;
  /** A connection whose unsent data passes this many bytes is closed: it stopped reading. */
  maxBufferedBytes: number;
};

export const DEFAULT_WS_LIMITS: GraphQLWsLimits = { maxSubscriptionsPerConnection: 50, maxBufferedBytes: 4 * 1_048_576 };

/**
 * One event fans out to every subscription of a connection within the same tick; corking the TCP
 * socket until the tick ends turns those messages into one write instead of one syscall each.
 */
const corked = new Set<Duplex>();
const uncorkAll = () => {
  for (const s of corked) s.uncork();
  corked.clear();
};
const corkUntilNextTick = (socket: Duplex) => {
  if (corked.has(socket)) return;
  if (corked.size === 0) setImmediate(uncorkAll);
  socket.cork();
  corked.add(socket);
};

export const attachGraphQLWs = ({
  server,
  schema,
  services,
  limits = DEFAULT_WS_LIMITS,
}: {
  server: Server;
  schema: GraphQLSchema;
  services: Services;
  limits?: GraphQLWsLimits;
}) => {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: 1_048_576 });
  const active = new WeakMap<WebSocket, Set<string>>();
  const mask = <R extends { errors?: readonly unknown[] }>(result: R): R =>
    result.errors ? { ...result, errors: result.errors.map((e) => toGraphQLError(e, 'Unexpected error.')) } : result;
  const disposable = useServer(
    {
      schema,
      subscribe: createSharedSubscribe(),
      context: (ctx) => createContext(services, credentialsFromConnectionParams(ctx.connectionParams)),
      onSubscribe: (ctx, id, payload) => {
        const ids = active.get(ctx.extra.socket) ?? new Set<string>();
        active.set(ctx.extra.socket, ids);
        if (ids.size >= limits.maxSubscriptionsPerConnection) {
          return [
            new GraphQLError(`at most ${limits.maxSubscriptionsPerConnection} subscriptions per connection`, {
              extensions: { code: 'ResourceExhausted' },
            }),
          ];
        }
        // Parsed and validated here, with the document limits: errors refuse this subscription only
        // (graphql-ws's own parse closes the whole connection on a syntax error).
        const parsed = parseWithinLimits(schema, payload.query);
        if ('errors' in parsed) return [...parsed.errors];
        ids.add(id);
        return { schema, document: parsed.document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onComplete: (ctx, id) => void active.get(ctx.extra.socket)?.delete(id),
      onNext: (ctx, _id, _payload, _args, result) => {
        const socket = ctx.extra.socket;
        if (socket.bufferedAmount > limits.maxBufferedBytes) {
          socket.close(1008, 'client is not reading its messages');
          return;
        }
        corkUntilNextTick(ctx.extra.request.socket);
        return mask(result) as never;
      },
    },
    wss,
  );
  return {
    close: async () => {
      await disposable.dispose();
      wss.close();
    },
  };
};
