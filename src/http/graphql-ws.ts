// graphql-ws on the same port and path as GraphQL over HTTP; credentials come in connection_init or in each subscribe message (GraphiQL).
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { GraphQLError } from 'graphql';
import { WebSocketServer, type WebSocket } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Credentials } from '../domain/auth/credentials';
import type { AuthService } from '../domain/auth/service';
import { domainErrorOf, graphqlCodeOf, maskResult } from '../graphql/errors';
import { retryAfterOf, type DomainError } from '../domain/errors';
import type { GraphQLExecutor } from '../graphql/execute';
import { introspectionRules, mayIntrospect } from '../graphql/introspection';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import { credentialsFromConnectionParams, credentialsForSubscription } from './credentials';
import { createWsGate } from './ws-gate';

/** The browser origin of a WebSocket is its upgrade request's, never what the client writes in a payload. */
const originOf = (req: IncomingMessage): string | null => req.headers.origin ?? null;

export type GraphQLWsLimits = {
  /** Subscriptions one connection may hold at once. */
  maxSubscriptionsPerConnection: number;
  /** A connection whose unsent data passes this many bytes is closed: it stopped reading. */
  maxBufferedBytes: number;
};

export const DEFAULT_WS_LIMITS: GraphQLWsLimits = { maxSubscriptionsPerConnection: 50, maxBufferedBytes: 4 * 1_048_576 };

/** A refusal of admission as the error of one subscription: its code, and when to retry for a limit. */
const refusalError = (refusal: DomainError) => {
  const retryAfter = retryAfterOf(refusal);
  return new GraphQLError(refusal.message, { extensions: { code: graphqlCodeOf(refusal.kind), ...(retryAfter === null ? {} : { retryAfter }) } });
};

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
  /** Checks whether a caller may introspect when anonymous introspection is off, and each operation's credentials. */
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
  // Connections without valid credentials: a few per address, for a few seconds (ws-gate.ts).
  const gate = createWsGate({ clientAddressOf });
  wss.on('connection', gate.opened);
  const active = new WeakMap<WebSocket, Set<string>>();
  // One credentials object per connection (its connection_init) and per subscription (admitted in onSubscribe, used by
  // its context): admission, the introspection check and the resolvers see the same object, so a wrong key counts once.
  const connectionCredentials = new WeakMap<WebSocket, Credentials>();
  const subscriptionCredentials = new WeakMap<WebSocket, Map<string, Credentials>>();
  // Per connection, an abort signal per operation (GraphQLContext.signal): aborted when the client completes the
  // operation before its result (graphql-ws has no hook for a query's complete) or the socket closes, so what a query
  // waits for (a receipt wait) ends with it.
  const operationAborts = new WeakMap<WebSocket, Map<string, AbortController>>();
  const signalOf = (socket: WebSocket, id: string): AbortSignal => {
    let ops = operationAborts.get(socket);
    if (!ops) {
      const own = (ops = new Map<string, AbortController>());
      operationAborts.set(socket, own);
      socket.on('message', (data) => {
        const text = own.size ? String(data) : '';
        if (!text.includes('"complete"')) return;
        try {
          const m = JSON.parse(text) as { type?: unknown; id?: unknown };
          if (m.type === 'complete' && typeof m.id === 'string') own.get(m.id)?.abort();
        } catch {
          // graphql-ws answers a malformed message itself.
        }
      });
      socket.once('close', () => {
        for (const c of own.values()) c.abort();
        own.clear();
      });
    }
    const controller = new AbortController();
    ops.set(id, controller);
    return controller.signal;
  };
  const credentialsOf = (socket: WebSocket, request: IncomingMessage, connectionParams: Record<string, unknown> | undefined, extensions?: Record<string, unknown> | null) => {
    const connection = connectionCredentials.get(socket);
    // A subscribe message without headers of its own (every client but GraphiQL) uses the connection's credentials.
    if (connection && !extensions?.headers) return connection;
    return { ...credentialsForSubscription(connectionParams, extensions), clientAddress: clientAddressOf(request), origin: originOf(request) };
  };
  const disposable = useServer(
    gate.wrap({
      schema: executor.schema,
      execute: executor.execute,
      subscribe: executor.subscribe,
      // connection_init is admitted (credentials, throttle; not charged: its subscriptions are): an address over the
      // failed-credential limit presenting a failing credential is refused with 4403 Forbidden.
      onConnect: async (ctx) => {
        const credentials = { ...credentialsFromConnectionParams(ctx.connectionParams), clientAddress: clientAddressOf(ctx.extra.request), origin: originOf(ctx.extra.request) };
        try {
          await executor.admit(credentials, { charge: false });
        } catch (err) {
          if (!domainErrorOf(err)) throw err;
          return false;
        }
        connectionCredentials.set(ctx.extra.socket, credentials);
        return true;
      },
      context: (ctx, id, payload) => {
        // Made now, not when asked for: a 'complete' that arrives first must find the operation's controller.
        const signal = signalOf(ctx.extra.socket, id);
        return executor.context(
          subscriptionCredentials.get(ctx.extra.socket)?.get(id) ?? credentialsOf(ctx.extra.socket, ctx.extra.request, ctx.connectionParams, payload.extensions),
          () => signal,
        );
      },
      onSubscribe: async (ctx, id, payload) => {
        // Before the count check below, so that check and the add stay in one synchronous step.
        const credentials = credentialsOf(ctx.extra.socket, ctx.extra.request, ctx.connectionParams, payload.extensions);
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
        // Each subscription that starts is a request, admitted and charged to its access key (a refusal fails it, not the connection).
        // Then every credential it presents must hold now, whatever the operation needs: a connection lives for hours on
        // the credentials of its connection_init, and a token that expired or a key revoked (or no longer allowing the
        // connection's origin) since refuses every later operation with its error, as its subscriptions end with it
        // (auth/key-notices.ts). Over HTTP a credential an operation does not use is left to its resolvers; here it
        // would keep a connection working after its credentials stopped.
        try {
          await executor.admit(credentials);
          await auth.verify(credentials);
        } catch (err) {
          const domain = domainErrorOf(err);
          if (!domain) throw err;
          return [refusalError(domain)];
        }
        // Checked again after the admission's wait, in the same synchronous step as the add.
        if (full()) return full()!;
        ids.add(id);
        const own = subscriptionCredentials.get(ctx.extra.socket) ?? new Map<string, Credentials>();
        subscriptionCredentials.set(ctx.extra.socket, own.set(id, credentials));
        return { schema: executor.schema, document: parsed.document, operationName: payload.operationName, variableValues: payload.variables };
      },
      onComplete: (ctx, id) => {
        active.get(ctx.extra.socket)?.delete(id);
        subscriptionCredentials.get(ctx.extra.socket)?.delete(id);
        operationAborts.get(ctx.extra.socket)?.delete(id);
      },
      onNext: (ctx, _id, _payload, _args, result) => {
        const socket = ctx.extra.socket;
        // Closed once: its later messages (every subscription of the connection still yields) are dropped by ws.
        if (socket.readyState !== socket.OPEN) return;
        if (socket.bufferedAmount > limits.maxBufferedBytes) {
          socket.close(1008, 'client is not reading its messages');
          return;
        }
        corkUntilNextTick(ctx.extra.request.socket);
        return maskResult(result) as never;
      },
    }),
    wss,
  );
  const operationsOpen = () => [...wss.clients].some((socket) => (active.get(socket)?.size ?? 0) > 0);
  const pause = () => new Promise((r) => setTimeout(r, 20));
  return {
    /**
     * Takes no new connection, lets operations in flight finish (subscriptions end first: their owner ends their
     * streams, each with its resume cursor) for up to `graceMs`, then closes every connection with 1012 (service restart).
     */
    close: async (graceMs = 0) => {
      server.off('upgrade', onUpgrade);
      const deadline = Date.now() + graceMs;
      while (operationsOpen() && Date.now() < deadline) await pause();
      for (const socket of wss.clients) socket.close(1012, 'server restarting');
      while (wss.clients.size && Date.now() < deadline) await pause();
      for (const socket of wss.clients) socket.terminate();
      await disposable.dispose();
      gate.close();
    },
  };
};
