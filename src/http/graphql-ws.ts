// graphql-ws on the same port and path as GraphQL over HTTP; credentials come in connection_init or in each subscribe message (GraphiQL).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { AuthService } from '../domain/auth/service';
import { domainErrorOf, graphqlCodeOf, maskResult } from '../graphql/errors';
import { retryAfterOf } from '../domain/errors';
import type { GraphQLExecutor } from '../graphql/execute';
import { introspectionRules, mayIntrospect } from '../graphql/introspection';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import { credentialsForSubscription } from './credentials';

/** The browser origin of a WebSocket is its upgrade request's, never what the client writes in a payload. */
const originOf = (req: IncomingMessage): string | null => req.headers.origin ?? null;

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
  executor,
  auth,
  limits = DEFAULT_WS_LIMITS,
  clientAddressOf = peerAddressOf,
  anonymousIntrospection = true,
}: {
  server: Server;
  executor: GraphQLExecutor;
  /** Checks whether a caller may introspect when anonymous introspection is off. */
  auth: AuthService;
  limits?: GraphQLWsLimits;
  clientAddressOf?: ClientAddressOf;
  anonymousIntrospection?: boolean;
}) => {
  // Upgrades are routed here rather than by attaching ws to the server: an attached ws re-emits the HTTP server's own
  // errors (a port in use) as its own, and graphql-ws prints them with a stack trace.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1_048_576 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if ((req.url ?? '').split('?')[0] !== '/graphql') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
  };
  server.on('upgrade', onUpgrade);
  // Registered before graphql-ws's own listener, so it sees the socket first.
  wss.on('connection', acknowledgeSendsWhenQueued);
  const active = new WeakMap<WebSocket, Set<string>>();
  const disposable = useServer(
    {
      schema: executor.schema,
      execute: executor.execute,
      subscribe: executor.subscribe,
      context: (ctx, _id, payload) =>
        executor.context({
          ...credentialsForSubscription(ctx.connectionParams, payload.extensions),
          clientAddress: clientAddressOf(ctx.extra.request),
          origin: originOf(ctx.extra.request),
        }),
      onSubscribe: async (ctx, id, payload) => {
        // Before the count check below, so that check and the add stay in one synchronous step.
        const credentials = {
          ...credentialsForSubscription(ctx.connectionParams, payload.extensions),
          clientAddress: clientAddressOf(ctx.extra.request),
          origin: originOf(ctx.extra.request),
        };
        const introspect = await mayIntrospect(anonymousIntrospection, auth, credentials, payload.query);
        const ids = active.get(ctx.extra.socket) ?? new Set<string>();
        active.set(ctx.extra.socket, ids);
        const full = () =>
          ids.size >= limits.maxSubscriptionsPerConnection
            ? [new GraphQLError(`at most ${limits.maxSubscriptionsPerConnection} subscriptions per connection`, { extensions: { code: graphqlCodeOf('ResourceExhausted') } })]
            : null;
        if (full()) return full()!;
        // Parsed and validated here, with the document limits: errors refuse this subscription only
        // (graphql-ws's own parse closes the whole connection on a syntax error).
        const parsed = executor.parse(payload.query, introspectionRules(introspect));
        if ('errors' in parsed) return [...parsed.errors];
        // Each subscription that starts is a request, charged to its access key (a refusal fails it, not the connection).
        try {
          await executor.charge(credentials);
        } catch (err) {
          const domain = domainErrorOf(err);
          if (!domain) throw err;
          const retryAfter = retryAfterOf(domain);
          return [new GraphQLError(domain.message, { extensions: { code: graphqlCodeOf(domain.kind), ...(retryAfter === null ? {} : { retryAfter }) } })];
        }
        // Checked again after the charge's wait, in the same synchronous step as the add.
        if (full()) return full()!;
        ids.add(id);
        return { schema: executor.schema, document: parsed.document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onComplete: (ctx, id) => void active.get(ctx.extra.socket)?.delete(id),
      onNext: (ctx, _id, _payload, _args, result) => {
        const socket = ctx.extra.socket;
        if (socket.bufferedAmount > limits.maxBufferedBytes) {
          socket.close(1008, 'client is not reading its messages');
          return;
        }
        corkUntilNextTick(ctx.extra.request.socket);
        return maskResult(result) as never;
      },
    },
    wss,
  );
  return {
    close: async () => {
      server.off('upgrade', onUpgrade);
      await disposable.dispose();
      wss.close();
    },
  };
};
