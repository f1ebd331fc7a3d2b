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

/**
 * ws calls a send's callback once the data has been written out, and graphql-ws waits for it before it
 * produces a subscription's next message: with the socket corked for the tick, each of a block's messages
 * took a write and a turn of the event loop of its own. ws queues sends in order, so here a send counts as
 * done once queued, and a subscription's messages for one block leave together. Memory stays bounded: a
 * connection whose queue passes maxBufferedBytes is closed (onNext).
 */
const acknowledgeSendsWhenQueued = (socket: WebSocket) => {
  const send = socket.send.bind(socket) as (data: unknown, options: object) => void;
  const queued = (data: unknown, optionsOrDone?: unknown, done?: unknown) => {
    send(data, typeof optionsOrDone === 'object' && optionsOrDone !== null ? optionsOrDone : {});
    const callback = typeof optionsOrDone === 'function' ? optionsOrDone : done;
    if (typeof callback === 'function') callback();
  };
  socket.send = queued as WebSocket['send'];
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
  // Registered before graphql-ws's own listener, so it sees the socket first.
  wss.on('connection', acknowledgeSendsWhenQueued);
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
