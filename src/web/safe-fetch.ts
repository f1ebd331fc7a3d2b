// The one way to GET an untrusted URL: policy checks on every hop, DNS pinned to the checked address, hard limits.
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { TextDecoder } from 'node:util';
import { Agent, buildConnector } from 'undici';
import pLimit from 'p-limit';
import ipaddr from 'ipaddr.js';
import { describeAddress, isForbiddenAddress } from './address-guard';
import { FetchFailedError, FetchRefusedError, WebError } from './errors';
import { resolveFetchPolicy, type FetchPolicy, type LookupFn } from './fetch-policy';

export type FetchResult<B> = {
  /** Status of the final response (2xx). */
  status: number;
  /** Content-Type of the final response, '' when absent. */
  contentType: string;
  body: B;
  /** URL of the final response, after redirects. */
  finalUrl: string;
};

export type SafeFetcher = {
  fetchBytes(url: string): Promise<FetchResult<Buffer>>;
  /** Body decoded with the response charset (UTF-8 when absent or unknown). */
  fetchText(url: string): Promise<FetchResult<string>>;
  /**
   * POSTs `body` (webhooks): the same checks and pinned DNS, no redirect followed, any status answered as a result. At
   * most `maxBytes` of the response body are read; the rest is dropped with the connection.
   */
  post(url: string, body: string, headers: Record<string, string>): Promise<PostResult>;
  /** Throws FetchRefusedError when the policy refuses `url` before any lookup (scheme, credentials, port, address literal). */
  check(url: string): void;
  /** Closes pooled connections; in-flight fetches finish first. */
  close(): Promise<void>;
};

export type PostResult = { status: number; headers: Record<string, string | undefined>; body: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// undici's Agent never forgets an origin; a fresh Agent after this many keeps memory bounded.
const ORIGINS_PER_AGENT = 512;
const MAX_ADDRESSES_TRIED = 3;

const defaultLookup: LookupFn = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const shortUrl = (url: string): string => (url.length > 200 ? `${url.slice(0, 200)}…` : url);

/** Host as compared against the allowlist: lower case, IPv6 without brackets and canonical. */
const normalizeHost = (host: string): string => {
  let h = host.trim().toLowerCase();
  if (h.startsWith('[') && h.endsWith(']')) h = h.slice(1, -1);
  return net.isIPv6(h) ? ipaddr.parse(h).toString() : h;
};

type Allowlist = { hosts: Set<string>; hostPorts: Set<string> };

const parseAllowHosts = (entries: string[]): Allowlist => {
  const allow: Allowlist = { hosts: new Set(), hostPorts: new Set() };
  for (const raw of entries) {
    const entry = raw.trim().toLowerCase();
    let host = entry;
    let port: string | undefined;
    if (entry.startsWith('[')) {
      const end = entry.indexOf(']');
      if (end === -1) throw new Error(`invalid allowHosts entry "${raw}"`);
      host = entry.slice(1, end);
      if (entry.length > end + 1) {
        if (entry[end + 1] !== ':') throw new Error(`invalid allowHosts entry "${raw}"`);
        port = entry.slice(end + 2);
      }
    } else if (entry.split(':').length === 2) {
      [host, port] = entry.split(':');
    }
    if (port !== undefined && !/^\d{1,5}$/.test(port)) throw new Error(`invalid port in allowHosts entry "${raw}"`);
    const key = normalizeHost(host);
    if (port === undefined) allow.hosts.add(key);
    else allow.hostPorts.add(`${key}|${Number(port)}`);
  }
  return allow;
};

type Target = { url: URL; host: string; port: number; key: string };

export const createSafeFetcher = (overrides: Partial<FetchPolicy> = {}): SafeFetcher => {
  const policy = resolveFetchPolicy(overrides);
  const allow = parseAllowHosts(policy.allowHosts);
  const lookup = policy.lookup ?? defaultLookup;

  const portOpenedFor = (host: string, port: number) => allow.hostPorts.has(`${host}|${port}`);
  const addressCheckSkipped = (host: string, port: number) => allow.hosts.has(host) || portOpenedFor(host, port);

  /** Scheme, credentials, port and (for IP literals) address: everything knowable before dialling. */
  const checkUrl = (href: string): Target => {
    let url: URL;
    try {
      url = new URL(href);
    } catch {
      throw new FetchRefusedError('url', `not a valid URL: ${shortUrl(href)}`, href);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new FetchRefusedError('scheme', `scheme "${url.protocol}" is not allowed (only http and https): ${shortUrl(href)}`, href);
    }
    if (url.username || url.password) {
      throw new FetchRefusedError('url', `URLs with credentials are not fetched: ${url.protocol}//${url.host}`, href);
    }
    const host = normalizeHost(url.hostname);
    const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
    if (!portOpenedFor(host, port) && !policy.allowedPorts.includes(port)) {
      throw new FetchRefusedError('port', `port ${port} is not allowed (allowed: ${policy.allowedPorts.join(', ')}): ${shortUrl(url.href)}`, url.href);
    }
    if (net.isIP(host) && !addressCheckSkipped(host, port) && isForbiddenAddress(host)) {
      throw new FetchRefusedError('address', `address ${host} is not public (${describeAddress(host)}): ${shortUrl(url.href)}`, url.href);
    }
    return { url, host, port, key: `${host}:${port}` };
  };

  /** Every address of `host`, each checked; one forbidden address refuses the host. */
  const resolveChecked = async (host: string, port: number): Promise<string[]> => {
    if (net.isIP(host)) {
      if (!addressCheckSkipped(host, port) && isForbiddenAddress(host)) {
        throw new FetchRefusedError('address', `address ${host} is not public (${describeAddress(host)})`);
      }
      return [host];
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new FetchFailedError('timeout', `DNS lookup of ${host} took longer than ${policy.connectTimeoutMs} ms`)),
        policy.connectTimeoutMs,
      );
    });
    let found: { address: string }[];
    try {
      found = await Promise.race([lookup(host), timeout]);
    } catch (err) {
      if (err instanceof WebError) throw err;
      throw new FetchFailedError('network', `DNS lookup of ${host} failed: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    } finally {
      clearTimeout(timer);
    }
    if (found.length === 0) throw new FetchFailedError('network', `DNS lookup of ${host} returned no address`);
    if (!addressCheckSkipped(host, port)) {
      const bad = found.find((a) => isForbiddenAddress(a.address));
      if (bad) {
        throw new FetchRefusedError('address', `${host} resolves to ${bad.address}, which is not public (${describeAddress(bad.address)})`);
      }
    }
    return found.map((a) => a.address);
  };

  // undici asks this for every new connection: resolve, check, then dial exactly the checked address
  // (no second lookup, so no DNS-rebinding window). SNI and certificate checks use the original name.
  const baseConnect = buildConnector({
    timeout: policy.connectTimeoutMs,
    // Node's `ca` replaces its roots rather than adding to them, hence the explicit union.
    ...(policy.extraCaCerts?.length ? { ca: [...tls.rootCertificates, ...policy.extraCaCerts] } : {}),
  });
  const connect: buildConnector.connector = (opts, callback) => {
    const host = normalizeHost(opts.hostname);
    const port = Number(opts.port) || (opts.protocol === 'https:' ? 443 : 80);
    const servername = net.isIP(host) ? undefined : opts.servername || host;
    resolveChecked(host, port).then(
      (addresses) => {
        const tryAddress = (i: number) => {
          baseConnect({ ...opts, hostname: addresses[i], servername }, (err, socket) => {
            if (err && i + 1 < Math.min(addresses.length, MAX_ADDRESSES_TRIED)) tryAddress(i + 1);
            else if (err) callback(err, null);
            else callback(null, socket!);
          });
        };
        tryAddress(0);
      },
      (err: Error) => callback(err, null),
    );
  };

  const newAgent = () =>
    new Agent({
      connect,
      connections: policy.perHostConcurrency,
      // Backstops only: the request's own deadline (fetchBytes) ends it first and says so. undici's coarse timers
      // set to the same value sometimes fired first, answering the same timeout in other words.
      headersTimeout: policy.totalTimeoutMs + 1_000,
      bodyTimeout: policy.totalTimeoutMs + 1_000,
      keepAliveTimeout: 4_000,
      maxRedirections: 0,
    });
  let agent = newAgent();
  let agentOrigins = new Set<string>();
  const agentFor = (origin: string): Agent => {
    if (!agentOrigins.has(origin) && agentOrigins.size >= ORIGINS_PER_AGENT) {
      const old = agent;
      agent = newAgent();
      agentOrigins = new Set();
      old.close().catch(() => undefined);
    }
    agentOrigins.add(origin);
    return agent;
  };

  // One limiter per host:port with work in flight; entries go away when their last user leaves.
  const limiters = new Map<string, { limit: pLimit.Limit; users: number }>();
  const withHostSlot = async <T>(key: string, fn: () => Promise<T>): Promise<T> => {
    let entry = limiters.get(key);
    if (!entry) {
      entry = { limit: pLimit(policy.perHostConcurrency), users: 0 };
      limiters.set(key, entry);
    }
    entry.users++;
    try {
      return await entry.limit(fn);
    } finally {
      if (--entry.users === 0) limiters.delete(key);
    }
  };

  type Hop = { redirect: string } | { status: number; contentType: string; body: Buffer };

  const requestOnce = async (target: Target, signal: AbortSignal): Promise<Hop> => {
    signal.throwIfAborted();
    const res = await agentFor(target.url.origin).request({
      origin: target.url.origin,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'GET',
      headers: { 'user-agent': policy.userAgent, accept: 'application/json, */*;q=0.5', 'accept-encoding': 'identity' },
      signal,
    });
    const header = (name: string): string | undefined => {
      const v = res.headers[name];
      return Array.isArray(v) ? v[0] : v;
    };
    const location = header('location');
    if (REDIRECT_STATUSES.has(res.statusCode) && location) {
      discard(res.body);
      return { redirect: location };
    }
    if (res.statusCode >= 300) {
      discard(res.body);
      const why = res.statusCode < 400 ? ' (redirect without Location)' : '';
      throw new FetchFailedError('status', `HTTP ${res.statusCode}${why} from ${shortUrl(target.url.href)}`, target.url.href, res.statusCode);
    }
    const tooLarge = () =>
      new FetchFailedError('too-large', `response from ${shortUrl(target.url.href)} is larger than ${policy.maxBytes} bytes`, target.url.href);
    const declared = Number(header('content-length'));
    if (Number.isFinite(declared) && declared > policy.maxBytes) {
      discard(res.body);
      throw tooLarge();
    }
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body) {
      total += (chunk as Buffer).length;
      // Leaving the loop destroys the stream (and its socket): nothing past the cap is buffered.
      if (total > policy.maxBytes) throw tooLarge();
      chunks.push(chunk as Buffer);
    }
    return { status: res.statusCode, contentType: header('content-type') ?? '', body: Buffer.concat(chunks, total) };
  };

  /** `started`: called when the first hop holds one of its host's connections (the fetch's own time starts there). */
  const run = async (href: string, signal: AbortSignal, started: () => void = () => undefined): Promise<FetchResult<Buffer>> => {
    let current = href;
    for (let hop = 0; ; hop++) {
      const target = checkUrl(current);
      let result: Hop;
      try {
        result = await withHostSlot(target.key, () => {
          if (hop === 0) started();
          return requestOnce(target, signal);
        });
      } catch (err) {
        throw toWebError(err, target.url.href, signal);
      }
      if ('redirect' in result) {
        if (hop >= policy.maxRedirects) {
          throw new FetchRefusedError('redirects', `more than ${policy.maxRedirects} redirects, starting at ${shortUrl(href)}`, href);
        }
        try {
          current = new URL(result.redirect, target.url).href;
        } catch {
          throw new FetchRefusedError('url', `invalid redirect Location from ${shortUrl(target.url.href)}`, target.url.href);
        }
        continue;
      }
      return { ...result, finalUrl: target.url.href };
    }
  };

  const toWebError = (err: unknown, url: string, signal: AbortSignal): WebError => {
    if (signal.aborted) return signal.reason as WebError;
    // Refusals raised while connecting know the host, not the URL: add it for the caller.
    if (err instanceof FetchRefusedError && err.url === undefined) {
      return new FetchRefusedError(err.reason, `${err.message}: ${shortUrl(url)}`, url);
    }
    if (err instanceof FetchFailedError && err.url === undefined) {
      return new FetchFailedError(err.reason, `${err.message}: ${shortUrl(url)}`, url, err.status);
    }
    if (err instanceof WebError) return err;
    const code = (err as { code?: string } | null)?.code;
    if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      return new FetchFailedError('timeout', `timed out fetching ${shortUrl(url)} (${code})`, url);
    }
    const why = code ?? (err instanceof Error ? err.message : String(err));
    return new FetchFailedError('network', `could not fetch ${shortUrl(url)}: ${why}`, url);
  };

  const fetchBytes = async (href: string): Promise<FetchResult<Buffer>> => {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let fail: (err: WebError) => void = () => undefined;
    // Resolves the caller on time even while the work is queued behind a host's concurrency limit.
    const deadline = new Promise<never>((_, reject) => (fail = reject));
    const stop = (err: WebError) => {
      controller.abort(err);
      fail(err);
    };
    // Two bounds, each named in its error: waiting for one of the host's connections, then the fetch itself from the
    // moment it holds one. One bound over both blamed a queue's wait on whatever was fetched after it (a body too
    // large was reported as too slow).
    const host = (() => {
      try {
        return new URL(href).host;
      } catch {
        return href;
      }
    })();
    timer = setTimeout(
      () => stop(new FetchFailedError('timeout', `waited longer than ${policy.queueTimeoutMs} ms for one of the ${policy.perHostConcurrency} connections to ${host}`, href)),
      policy.queueTimeoutMs,
    );
    const started = () => {
      clearTimeout(timer);
      timer = setTimeout(() => stop(new FetchFailedError('timeout', `fetching ${shortUrl(href)} took longer than ${policy.totalTimeoutMs} ms`, href)), policy.totalTimeoutMs);
    };
    const work = run(href, controller.signal, started);
    work.catch(() => undefined); // the deadline may win the race; its loser must not be unhandled
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  const fetchText = async (href: string): Promise<FetchResult<string>> => {
    const res = await fetchBytes(href);
    return { ...res, body: decodeBody(res.body, res.contentType) };
  };

  const postOnce = async (target: Target, body: string, headers: Record<string, string>, signal: AbortSignal): Promise<PostResult> => {
    const res = await agentFor(target.url.origin).request({
      origin: target.url.origin,
      path: `${target.url.pathname}${target.url.search}`,
      method: 'POST',
      headers: { 'user-agent': policy.userAgent, 'accept-encoding': 'identity', ...headers },
      body,
      signal,
    });
    const chunks: Buffer[] = [];
    let total = 0;
    for await (const chunk of res.body) {
      const c = chunk as Buffer;
      chunks.push(total + c.length > policy.maxBytes ? c.subarray(0, policy.maxBytes - total) : c);
      total += c.length;
      // Leaving the loop destroys the stream (and its socket): a receiver's large answer is not read.
      if (total >= policy.maxBytes) break;
    }
    const out: Record<string, string | undefined> = {};
    for (const [k, v] of Object.entries(res.headers)) out[k] = Array.isArray(v) ? v[0] : v;
    return { status: res.statusCode, headers: out, body: Buffer.concat(chunks).toString('utf8') };
  };

  const post = async (href: string, body: string, headers: Record<string, string>): Promise<PostResult> => {
    const target = checkUrl(href);
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        const err = new FetchFailedError('timeout', `POST to ${shortUrl(href)} took longer than ${policy.totalTimeoutMs} ms`, href);
        controller.abort(err);
        reject(err);
      }, policy.totalTimeoutMs);
    });
    const work = withHostSlot(target.key, () => postOnce(target, body, headers, controller.signal)).catch((err) => {
      throw toWebError(err, target.url.href, controller.signal);
    });
    work.catch(() => undefined);
    try {
      return await Promise.race([work, deadline]);
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    fetchBytes,
    fetchText,
    post,
    check: (href) => void checkUrl(href),
    close: async () => {
      await agent.close();
    },
  };
};

/** Drops a response body; undici's body emits an abort error on destroy, which nobody needs here. */
const discard = (body: NodeJS.ReadableStream & { destroy(): void }) => {
  body.on('error', () => undefined);
  body.destroy();
};

const decodeBody = (body: Buffer, contentType: string): string => {
  const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset ?? 'utf-8');
  } catch {
    decoder = new TextDecoder('utf-8');
  }
  return decoder.decode(body);
};
