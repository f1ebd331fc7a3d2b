// What the fetcher of untrusted URLs may do: where it may connect, for how long, and how much it reads.
import type { LookupAddress } from 'node:dns';

/** Resolves a host name to every address it has; injectable so tests can control DNS. */
export type LookupFn = (hostname: string) => Promise<LookupAddress[]>;

export type FetchPolicy = {
  /**
   * Hosts exempt from the address check, as "host" or "host:port" ("[::1]:8080" for IPv6).
   * A "host:port" entry also opens that port. Empty by default; tests use it to reach 127.0.0.1.
   */
  allowHosts: string[];
  /** Ports that may be dialled for hosts not opened by a "host:port" entry. */
  allowedPorts: number[];
  /** DNS resolution plus TCP (and TLS) handshake, per connection. */
  connectTimeoutMs: number;
  /** Whole fetch, every redirect hop and the body included, from when it holds one of its host's connections. */
  totalTimeoutMs: number;
  /** Longest wait for one of the host's `perHostConcurrency` connections before the fetch starts. */
  queueTimeoutMs: number;
  /** Largest body read; the stream is aborted once it goes past this. */
  maxBytes: number;
  maxRedirects: number;
  /** Requests in flight per host (name:port). */
  perHostConcurrency: number;
  userAgent: string;
  /** DNS lookup; defaults to the system resolver (dns.lookup, all addresses). */
  lookup?: LookupFn;
  /** Extra trusted CA certificates (PEM), added to Node's bundled roots; for private gateways and tests. */
  extraCaCerts?: string[];
};

export const defaultFetchPolicy: Readonly<FetchPolicy> = Object.freeze({
  allowHosts: [],
  allowedPorts: [80, 443],
  connectTimeoutMs: 5_000,
  totalTimeoutMs: 15_000,
  queueTimeoutMs: 60_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
  perHostConcurrency: 4,
  userAgent: 'Strata/0.1 (token metadata fetcher)',
});

/** Fills gaps from the defaults and rejects nonsense, so a bad policy fails at start. */
export const resolveFetchPolicy = (overrides: Partial<FetchPolicy> = {}): FetchPolicy => {
  const policy: FetchPolicy = { ...defaultFetchPolicy, ...overrides };
  const problems: string[] = [];
  const positiveInt = (name: keyof FetchPolicy, min: number) => {
    const v = policy[name];
    if (typeof v !== 'number' || !Number.isInteger(v) || v < min) problems.push(`${name} must be an integer >= ${min}`);
  };
  positiveInt('connectTimeoutMs', 1);
  positiveInt('totalTimeoutMs', 1);
  positiveInt('queueTimeoutMs', 1);
  positiveInt('maxBytes', 1);
  positiveInt('maxRedirects', 0);
  positiveInt('perHostConcurrency', 1);
  for (const p of policy.allowedPorts) {
    if (!Number.isInteger(p) || p < 1 || p > 65535) problems.push(`allowedPorts: ${p} is not a port`);
  }
  if (problems.length > 0) throw new Error(`invalid fetch policy: ${problems.join('; ')}`);
  return {
    ...policy,
    allowHosts: [...policy.allowHosts],
    allowedPorts: [...policy.allowedPorts],
    extraCaCerts: policy.extraCaCerts ? [...policy.extraCaCerts] : undefined,
  };
};
