// graphql-ws on the same port and path as GraphQL over HTTP; credentials come in connection_init.
import type { Server } from 'node:http';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Services } from '../domain/services';
import { createContext } from '../graphql/context';
import { credentialsFromConnectionParams } from './credentials';
import { toGraphQLError } from './yoga';

export type GraphQLWsLimits = {
  /** Subscriptions one connection may hold at once. */
  maxSubscriptionsPerConnection: number;
  /** A connection whose unsent data passes this many bytes is closed: it stopped reading. */
  maxBufferedBytes: number;
};

export const DEFAULT_WS_LIMITS: GraphQLWsLimits = { maxSubscriptionsPerConnection: 50, maxBufferedBytes: 4 * 1_048_576 };

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
      context: (ctx) => createContext(services, credentialsFromConnectionParams(ctx.connectionParams)),
      onSubscribe: (ctx, id) => {
        const ids = active.get(ctx.extra.socket) ?? new Set<string>();
        active.set(ctx.extra.socket, ids);
        if (ids.size >= limits.maxSubscriptionsPerConnection) {
          return [
            new GraphQLError(`at most ${limits.maxSubscriptionsPerConnection} subscriptions per connection`, {
              extensions: { code: 'ResourceExhausted' },
            }),
          ];
        }
        ids.add(id);
      },
      onComplete: (ctx, id) => void active.get(ctx.extra.socket)?.delete(id),
      onNext: (ctx, _id, _payload, _args, result) => {
        const socket = ctx.extra.socket;
        if (socket.bufferedAmount > limits.maxBufferedBytes) {
          socket.close(1008, 'client is not reading its messages');
          return;
        }
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
