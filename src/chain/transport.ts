// The seam between the chain client and a node connection (HTTP or WebSocket), plus the per-attempt timeout.
import { RetryableChainError } from './errors';

export type Transport = {
  readonly kind: 'http' | 'ws';
  /** One attempt, no retries; rejects with whatever the connection threw (classified by the client). */
  request(method: string, params: unknown[], timeoutMs: number): Promise<unknown>;
  /** eth_subscribe over a persistent connection, re-established after reconnects; ws only. */
  subscribe?(params: unknown[], onMessage: (result: unknown) => void, timeoutMs: number): Promise<() => Promise<void>>;
  close(): Promise<void>;
};

export type ChainLogger = {
  debug(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
};

export const silentLogger: ChainLogger = { debug: () => undefined, warn: () => undefined };

/** Rejects with a retryable timeout when `promise` has not settled within `ms`; never leaves a timer behind. */
export const withTimeout = <T>(method: string, promise: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RetryableChainError(method, 'timeout', `no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
};

/** Keeps scheme, host and port; hides paths and credentials, where hosted nodes put API keys. */
export const redactUrl = (url: string): string => {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname.length > 1 ? '/…' : ''}`;
  } catch {
    return '<invalid url>';
  }
};
