// The caller's network address, for throttling failed credentials. Behind reverse proxies every request
// comes from a proxy, so with TRUST_PROXY_HOPS=n the address is the one the outermost of our n proxies saw:
// the n-th entry of X-Forwarded-For from the right (entries further left are written by the client and
// cannot be trusted).
import type { IncomingMessage } from 'node:http';

export type ClientAddressOf = (req: IncomingMessage) => string | undefined;

export const createClientAddressOf = (trustProxyHops: number): ClientAddressOf => (req) => {
  const peer = req.socket.remoteAddress;
  if (trustProxyHops <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const chain = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return chain[chain.length - trustProxyHops] ?? peer;
};

/** The TCP peer: right when clients connect directly. */
export const peerAddressOf: ClientAddressOf = (req) => req.socket.remoteAddress;
