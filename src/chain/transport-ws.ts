// WebSocket node connection: an ethers WebSocketProvider that reconnects, fails fast on close and keeps subscriptions alive.
import { Network, WebSocketProvider } from 'ethers';
import WebSocket from 'ws';
import { RetryableChainError } from './errors';
import { redactUrl, withTimeout, type ChainLogger, type Transport } from './transport';

const PING_INTERVAL_MS = 15_000;
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;
// Notifications that arrive before we know their subscription id (see EarlyBuffer below).
const MAX_EARLY_IDS = 16;
const MAX_EARLY_PER_ID = 64;

/** ethers routes eth_subscription messages only to its own subscribers; this one hands them to ours. */
class SubscribingWebSocketProvider extends WebSocketProvider {
  readonly #handlers = new Map<string, (result: unknown) => void>();
  // A notification can arrive in the same socket read as the eth_subscribe answer, before the caller
  // has registered its handler; keep it until listen() is called.
  readonly #early = new Map<string, unknown[]>();

  listen(id: string, handler: (result: unknown) => void): void {
    this.#handlers.set(id, handler);
    const early = this.#early.get(id);
    this.#early.delete(id);
    for (const m of early ?? []) handler(m);
  }

  unlisten(id: string): void {
    this.#handlers.delete(id);
  }

  override async _processMessage(message: string): Promise<void> {
    if (typeof message === 'string' && message.includes('"eth_subscription"')) {
      let parsed: any;
      try {
        parsed = JSON.parse(message);
      } catch {
        return;
      }
      if (parsed?.method === 'eth_subscription' && typeof parsed.params?.subscription === 'string') {
        const id: string = parsed.params.subscription;
        const handler = this.#handlers.get(id);
        if (handler) return handler(parsed.params.result);
        const early = this.#early.get(id) ?? [];
        if (early.length < MAX_EARLY_PER_ID && (this.#early.has(id) || this.#early.size < MAX_EARLY_IDS)) {
          early.push(parsed.params.result);
          this.#early.set(id, early);
        }
        return;
      }
    }
    return super._processMessage(message);
  }
}

type Connection = {
  provider: SubscribingWebSocketProvider;
  socket: WebSocket;
  /**
   * Fails the requests in flight when the socket closes. Not a promise raced against every request: each race left a
   * reaction on that long-pending promise holding the request's result until the socket closed, so `strata serve`
   * kept every eth_getLogs and receipts answer it had received (about 1.5 MB per busy block, BENCHMARKS.md).
   */
  inFlight: Set<() => void>;
};

type Subscription = {
  params: unknown[];
  onMessage: (result: unknown) => void;
  conn?: Connection;
  serverId?: string;
};

const destroy = (provider: WebSocketProvider): void => {
  Promise.resolve()
    .then(() => provider.destroy())
    .catch(() => undefined);
};

export const createWsTransport = ({
  url,
  chainId,
  timeoutMs,
  logger,
}: {
  url: string;
  chainId: number;
  timeoutMs: number;
  logger: ChainLogger;
}): Transport => {
  const network = Network.from(chainId);
  const where = redactUrl(url);
  const subs = new Set<Subscription>();
  let current: Connection | undefined;
  let connecting: Promise<Connection> | undefined;
  let closing = false;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectAttempt = 0;

  const open = (): Promise<Connection> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(url);
      const provider = new SubscribingWebSocketProvider(socket, network, { staticNetwork: true });
      const conn: Connection = { provider, socket, inFlight: new Set() };
      let alive = true;
      const ping = setInterval(() => {
        // No pong since the last ping: the peer vanished without closing (half-open TCP).
        if (socket.readyState !== WebSocket.OPEN) return;
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_INTERVAL_MS);
      ping.unref();
      const openTimer = setTimeout(() => {
        socket.terminate();
        reject(new RetryableChainError('ws', 'timeout', `could not connect to ${where} within ${timeoutMs} ms`));
      }, timeoutMs);

      socket.on('pong', () => (alive = true));
      socket.on('error', (err) => logger.debug({ err, url: where }, 'websocket error'));
      let opened = false;
      socket.once('open', () => {
        opened = true;
        clearTimeout(openTimer);
        resolve(conn);
      });
      socket.once('close', (code) => {
        clearTimeout(openTimer);
        clearInterval(ping);
        for (const fail of conn.inFlight) fail();
        conn.inFlight.clear();
        reject(new RetryableChainError('ws', 'connection', `could not connect to ${where} (close code ${code})`));
        destroy(provider);
        if (current === conn) current = undefined;
        for (const s of subs) {
          if (s.conn === conn) {
            s.conn = undefined;
            s.serverId = undefined;
          }
        }
        if (!closing) {
          // A failed connection attempt during an outage is not news; losing an open connection is.
          if (opened) logger.warn({ url: where, code, subscriptions: subs.size }, 'websocket closed');
          if (subs.size) scheduleReconnect();
        }
      });
    });

  const connection = (): Promise<Connection> => {
    if (closing) return Promise.reject(new RetryableChainError('ws', 'ws-closed', 'transport closed'));
    if (current) return Promise.resolve(current);
    connecting ??= open()
      .then((conn) => (current = conn))
      .finally(() => (connecting = undefined));
    return connecting;
  };

  const send = (conn: Connection, method: string, params: unknown[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const fail = () => reject(new RetryableChainError(method, 'ws-closed', `websocket to ${where} closed`));
      if (conn.socket.readyState === WebSocket.CLOSED) return fail();
      conn.inFlight.add(fail);
      conn.provider
        .send(method, params)
        .then(resolve, reject)
        .finally(() => conn.inFlight.delete(fail));
    });

  const attach = async (conn: Connection, sub: Subscription): Promise<void> => {
    const id = await withTimeout('eth_subscribe', send(conn, 'eth_subscribe', sub.params), timeoutMs);
    if (typeof id !== 'string') throw new RetryableChainError('eth_subscribe', 'bad-response', 'subscription id is not a string');
    sub.conn = conn;
    sub.serverId = id;
    conn.provider.listen(id, sub.onMessage);
  };

  const scheduleReconnect = (): void => {
    if (reconnectTimer || closing) return;
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** reconnectAttempt);
    reconnectAttempt++;
    reconnectTimer = setTimeout(
      async () => {
        reconnectTimer = undefined;
        try {
          const conn = await connection();
          await Promise.all([...subs].filter((s) => s.conn !== conn).map((s) => attach(conn, s)));
          reconnectAttempt = 0;
          logger.warn({ url: where, subscriptions: subs.size }, 'websocket reconnected; subscriptions restored');
        } catch (err) {
          logger.debug({ err, url: where }, 'websocket reconnect failed');
          if (subs.size) scheduleReconnect();
        }
      },
      base * (0.5 + Math.random() / 2),
    );
  };

  return {
    kind: 'ws',
    request: (method, params, ms) => withTimeout(method, connection().then((conn) => send(conn, method, params)), ms),

    subscribe: async (params, onMessage, ms) => {
      const sub: Subscription = { params, onMessage };
      await withTimeout('eth_subscribe', connection(), ms).then((conn) => attach(conn, sub));
      subs.add(sub);
      return async () => {
        if (!subs.delete(sub)) return;
        const { conn, serverId } = sub;
        if (!conn || !serverId) return;
        conn.provider.unlisten(serverId);
        if (current === conn) await withTimeout('eth_unsubscribe', send(conn, 'eth_unsubscribe', [serverId]), ms).catch(() => undefined);
      };
    },

    close: async () => {
      closing = true;
      clearTimeout(reconnectTimer);
      subs.clear();
      const conn = current ?? (await connecting?.catch(() => undefined));
      current = undefined;
      if (conn) {
        const done = new Promise<void>((resolve) => conn.socket.once('close', () => resolve()));
        destroy(conn.provider);
        if (conn.socket.readyState !== WebSocket.CLOSED) await withTimeout('close', done, 2_000).catch(() => conn.socket.terminate());
      }
    },
  };
};
