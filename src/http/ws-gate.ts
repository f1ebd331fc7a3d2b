// graphql-ws connections that never show valid credentials: each address may hold a few, each for a few seconds.
// Without this, a client could open hundreds of sockets, send connection_init without credentials (graphql-ws's own
// timeout only waits for the init itself) and keep them open for ever. A connection is admitted once credentials it
// presents pass (in connection_init, or with a subscribe message: GraphiQL sends its headers there).
//
// The gate also gives every error graphql-ws sends its extensions.code (a stream that fails mid-way, such as one whose
// access key was revoked, would otherwise reach the client as a bare message).
import type { IncomingMessage } from 'node:http';
import type { ExecutionResult, GraphQLError } from 'graphql';
import type { ServerOptions } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { WebSocket } from 'ws';
import { maskError } from '../graphql/errors';
import { withErrorCode } from '../graphql/error-codes';
import type { ClientAddressOf } from './client-address';
import { credentialsForSubscription } from './credentials';

export type WsGateLimits = {
  /** A connection without valid credentials is closed this long after it opened (4401). */
  unauthenticatedMs: number;
  /** Connections whose connection_init came without credentials one address may hold at once; more are closed (4429). */
  unauthenticatedPerAddress: number;
};

export const DEFAULT_WS_GATE: WsGateLimits = { unauthenticatedMs: 5_000, unauthenticatedPerAddress: 10 };

/** graphql-ws's own close codes: its client gives up on these instead of reconnecting. */
const UNAUTHORIZED = 4401;
const TOO_MANY = 4429;

const presentsCredentials = (params: Record<string, unknown> | undefined, extensions?: Record<string, unknown> | null) => {
  const c = credentialsForSubscription(params, extensions);
  return Boolean(c.accessKey?.trim() || c.authorization?.trim());
};

type Options = ServerOptions<Record<string, unknown> | undefined, Extra>;

export const createWsGate = ({ clientAddressOf, limits = DEFAULT_WS_GATE }: { clientAddressOf: ClientAddressOf; limits?: WsGateLimits }) => {
  /** Connections not admitted yet; `counted`: its connection_init came without credentials (it counts for its address). */
  const pending = new Map<WebSocket, { address: string; counted: boolean; timer: NodeJS.Timeout }>();
  const perAddress = new Map<string, number>();

  const uncount = (address: string) => {
    const left = (perAddress.get(address) ?? 1) - 1;
    if (left > 0) perAddress.set(address, left);
    else perAddress.delete(address);
  };
  const release = (socket: WebSocket) => {
    const p = pending.get(socket);
    if (!p) return;
    pending.delete(socket);
    clearTimeout(p.timer);
    if (p.counted) uncount(p.address);
  };

  /** For the WebSocketServer's `connection` event: the connection starts unauthenticated, with its timer running. */
  const opened = (socket: WebSocket, request: IncomingMessage) => {
    const timer = setTimeout(() => {
      release(socket);
      socket.close(UNAUTHORIZED, `Unauthorized: no valid credentials within ${limits.unauthenticatedMs / 1000} s`);
    }, limits.unauthenticatedMs);
    timer.unref();
    pending.set(socket, { address: clientAddressOf(request) ?? 'unknown', counted: false, timer });
    socket.once('close', () => release(socket));
  };

  /**
   * A connection_init accepted without credentials: counted for its address, or closed when the address holds its
   * limit already. Only these count: handshakes still under way (a client opening hundreds of authenticated
   * connections at once) are bounded by the timer alone.
   */
  const unauthenticated = (socket: WebSocket): boolean => {
    const p = pending.get(socket);
    if (!p || p.counted) return true;
    const count = perAddress.get(p.address) ?? 0;
    if (count >= limits.unauthenticatedPerAddress) {
      release(socket);
      socket.close(TOO_MANY, 'Too many unauthenticated connections from this address');
      return false;
    }
    perAddress.set(p.address, count + 1);
    p.counted = true;
    return true;
  };

  /** The server's options with admission noted (the options' own hooks decide; this only watches) and coded errors. */
  const wrap = (options: Options): Options => ({
    ...options,
    onConnect: async (ctx) => {
      const answer = options.onConnect ? await options.onConnect(ctx) : true;
      if (answer === false) return answer;
      if (presentsCredentials(ctx.connectionParams)) release(ctx.extra.socket);
      else if (!unauthenticated(ctx.extra.socket)) return false;
      return answer;
    },
    onSubscribe: async (ctx, id, payload) => {
      const answer = options.onSubscribe ? await options.onSubscribe(ctx, id, payload) : undefined;
      // Errors refuse the subscription; anything else means its credentials were admitted.
      if (answer && !Array.isArray(answer) && presentsCredentials(ctx.connectionParams, payload.extensions)) release(ctx.extra.socket);
      return answer;
    },
    // A subscription that cannot start (its variables do not coerce) is answered as one result with errors: coded too.
    // Events without errors pass untouched, without another turn of the event loop.
    onNext: (ctx, id, payload, args, result) => {
      const own = options.onNext ? options.onNext(ctx, id, payload, args, result) : undefined;
      const coded = (r: unknown) => {
        const base = (r ?? result) as ExecutionResult;
        return (base.errors?.length ? { ...base, errors: base.errors.map(withErrorCode) } : r) as never;
      };
      return own instanceof Promise ? own.then(coded) : coded(own);
    },
    onError: async (ctx, id, payload, errors) => {
      const own = options.onError ? await options.onError(ctx, id, payload, errors) : undefined;
      return (own ?? errors).map((e) => withErrorCode(maskError(e) as GraphQLError));
    },
  });

  return { opened, wrap, close: () => [...pending.keys()].forEach(release) };
};
