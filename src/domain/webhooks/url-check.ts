// The add/update-time check of a listener's URL: what the deliverer's guard (web/safe-fetch.ts, web/address-guard.ts)
// would refuse is refused when the URL is given, not at the first delivery. The guard itself stays the authority at
// every delivery (it resolves and pins the address it dials); this check only answers early and in the caller's words.
//   1. the guard's own check: scheme, credentials, port, and IP literals (127.0.0.1, [::1], 10.x, 169.254.169.254, …);
//   2. loopback names, which are loopback by definition whatever a resolver says (RFC 6761 §6.3): `localhost` and every
//      `*.localhost`, in any case, with or without the root's trailing dot;
//   3. a name that resolves (system resolver, /etc/hosts included) to an address the guard refuses. A lookup that fails
//      or takes longer than LOOKUP_MS accepts the name: the receiver may not exist yet, and the guard decides at
//      delivery.
// A host WEBHOOK_ALLOW_HOSTS names (`host`, or `host:port` for that port) skips 2 and 3 exactly as it skips the guard's
// address check, so tests and development keep reaching a local receiver (`localhost:8080` in the list allows
// `http://localhost:8080/…`).
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { describeAddress, isForbiddenAddress } from '../../web/address-guard';
import { FetchRefusedError } from '../../web/errors';
import type { SafeFetcher } from '../../web/safe-fetch';

/** Longest the add-time lookup of a URL's host may take before the name is accepted (the guard decides later). */
export const LOOKUP_MS = 2_000;

export type Lookup = (host: string) => Promise<Array<{ address: string }>>;

const systemLookup: Lookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** As the guard compares hosts against its allowlist: lower case, IPv6 without brackets and canonical. */
const normalizeHost = (host: string): string => {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return net.isIPv6(h) ? ipaddr.parse(h).toString() : h;
};

/** The allowlist as the guard reads it (web/safe-fetch.ts parseAllowHosts): hosts, and host|port pairs. */
const allowlistOf = (entries: readonly string[]) => {
  const hosts = new Set<string>();
  const hostPorts = new Set<string>();
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    let host = entry;
    let port: string | undefined;
    if (entry.startsWith('[')) {
      const end = entry.indexOf(']');
      host = entry.slice(1, end);
      if (entry.length > end + 1) port = entry.slice(end + 2);
    } else if (entry.split(':').length === 2) {
      [host, port] = entry.split(':');
    }
    if (port === undefined) hosts.add(normalizeHost(host));
    else hostPorts.add(`${normalizeHost(host)}|${Number(port)}`);
  }
  return (host: string, port: number) => hosts.has(host) || hostPorts.has(`${host}|${port}`);
};

/** `localhost`, `*.localhost`, any case, trailing root dots ignored. */
export const isLoopbackName = (host: string): boolean => {
  const name = host.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
};

export type UrlCheck = (url: string) => Promise<void>;

/**
 * Throws FetchRefusedError (reason 'url', 'scheme', 'port' or 'address') for a URL the deliverer must not be given.
 * `guard` is a fetcher built with the same allowlist, used only for its check().
 */
export const createUrlCheck = ({ guard, allowHosts, lookup = systemLookup }: { guard: SafeFetcher; allowHosts: readonly string[]; lookup?: Lookup }): UrlCheck => {
  const allowed = allowlistOf(allowHosts);
  return async (href) => {
    guard.check(href);
    const url = new URL(href); // parsed by the guard already
    const host = normalizeHost(url.hostname);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    if (net.isIP(host) || allowed(host, port)) return;
    if (isLoopbackName(host)) {
      throw new FetchRefusedError('address', `${url.hostname} is a loopback name (localhost): ${url.protocol}//${url.host}`, href);
    }
    let timer: NodeJS.Timeout | undefined;
    const found = await Promise.race([
      lookup(host).catch(() => []),
      new Promise<Array<{ address: string }>>((resolve) => {
        timer = setTimeout(() => resolve([]), LOOKUP_MS);
        timer.unref();
      }),
    ]).finally(() => clearTimeout(timer));
    const bad = found.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw new FetchRefusedError('address', `${url.hostname} resolves to ${bad.address}, which is not public (${describeAddress(bad.address)}): ${url.protocol}//${url.host}`, href);
    }
  };
};
