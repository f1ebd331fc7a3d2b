// Several RPC endpoints of one chain behind one Transport: each request goes to a healthy endpoint, in the order the
// operator listed them (the first is the preferred one). An endpoint that fails a request with a transient error, or
// whose head falls more than `maxLagBlocks` behind the best head seen, is benched for a backoff that doubles per
// failure in a row (5 s up to 5 min) and tried again once it ends. Per endpoint: requests in flight, requests per
// second and the widest eth_getLogs range it accepts. The client's retries (client.ts) move a failed request to the
// next endpoint. Endpoints never mix silently: ingestion pins the block hashes it builds on and compares them
// (fetch-range.ts), so an answer from an endpoint on another branch is read again, not written.
import pLimit from 'p-limit';
import { RateLimiterMemory, RateLimiterQueue } from 'rate-limiter-flexible';
import { ChainIdMismatchError, ChainRequestError, LogRangeTooLargeError, RetryableChainError, classifyError, isMethodUnsupported } from './errors';
import { TRACE_FORMS, type TraceForm } from './internal-transfers';
import type { EndpointConfig } from '../config';
import { redactUrl, type ChainLogger, type Transport } from './transport';

/** One endpoint and its limits, as CHAINS configures it. */
export type EndpointOptions = EndpointConfig;

export type EndpointState = 'healthy' | 'benched' | 'behind' | 'wrong-chain';

export type EndpointStatus = {
  /** Scheme, host and port only (paths and credentials hold API keys). */
  url: string;
  state: EndpointState;
  /** The last head it reported, or null. */
  head: number | null;
  /** Transient failures in a row. */
  failures: number;
  /** Until when it is benched (ms since epoch), or null. */
  benchedUntil: number | null;
  /** Requests it answered, and failed, since start. */
  served: number;
  failed: number;
  /** The trace method it serves (internal transfers), 'none' when it refused both, null until asked. */
  traces: TraceForm | 'none' | null;
};

/**
 * Methods that only some nodes serve, detected per endpoint: one that refuses such a method is not asked it again, and
 * the request goes to another endpoint; when every endpoint refused it, the refusal is the answer.
 */
const PER_ENDPOINT_METHODS: ReadonlySet<string> = new Set(TRACE_FORMS);

export type EndpointPool = Transport & {
  /** Health of every endpoint, in configured order. */
  status(): EndpointStatus[];
  /** The endpoint requests go to now (the first one not benched), for logs and progress. */
  current(): string;
};

const BENCH_MIN_MS = 5_000;
const BENCH_MAX_MS = 5 * 60_000;
/** How often the heads of all endpoints are compared (and benched ones tried again). */
const PROBE_INTERVAL_MS = 15_000;

type Endpoint = {
  options: EndpointOptions;
  where: string;
  transport: Transport;
  limit: ReturnType<typeof pLimit>;
  rate: RateLimiterQueue | null;
  state: EndpointState;
  head: number | null;
  failures: number;
  benchedUntil: number;
  /** Whether the current bench is the node's own Retry-After. */
  retryAfter: boolean;
  /** Whether eth_chainId was checked on this endpoint. */
  verified: boolean;
  served: number;
  failed: number;
  /** PER_ENDPOINT_METHODS it answered, and those it refused. */
  serves: Set<string>;
  refuses: Set<string>;
};

const hexToNumber = (v: unknown): number | null => (typeof v === 'string' && /^0x[0-9a-f]+$/i.test(v) ? Number.parseInt(v, 16) : null);

/** The numeric bounds of an eth_getLogs filter, or null (tags, block hashes). */
const logRangeOf = (params: unknown[]): { from: number; to: number } | null => {
  const f = params[0] as { fromBlock?: unknown; toBlock?: unknown } | undefined;
  const from = hexToNumber(f?.fromBlock);
  const to = hexToNumber(f?.toBlock);
  return from !== null && to !== null ? { from, to } : null;
};

/** The longest a request waits for an endpoint benched on the node's own `Retry-After`. */
const RETRY_AFTER_WAIT_MAX_MS = 60_000;

export const createEndpointPool = ({
  chainId,
  endpoints: configured,
  connect,
  maxLagBlocks,
  logger,
  now = Date.now,
  probeIntervalMs = PROBE_INTERVAL_MS,
  benchMinMs = BENCH_MIN_MS,
}: {
  chainId: number;
  endpoints: readonly EndpointOptions[];
  /** Opens the transport of one endpoint (http or ws). */
  connect: (url: string) => Transport;
  /** An endpoint whose head is this many blocks below the best head seen is benched. */
  maxLagBlocks: number;
  logger: ChainLogger;
  now?: () => number;
  /** How often heads are compared. */
  probeIntervalMs?: number;
  /** The first bench of an endpoint; doubles per failure in a row, up to 5 min. */
  benchMinMs?: number;
}): EndpointPool => {
  if (!configured.length) throw new TypeError(`chain ${chainId}: no RPC endpoint configured`);
  const endpoints: Endpoint[] = configured.map((options) => ({
    options,
    where: redactUrl(options.url),
    transport: connect(options.url),
    limit: pLimit(options.maxConcurrency),
    rate: options.maxRequestsPerSecond
      ? new RateLimiterQueue(new RateLimiterMemory({ points: options.maxRequestsPerSecond, duration: 1 }), { maxQueueSize: 100_000 })
      : null,
    state: 'healthy',
    head: null,
    failures: 0,
    benchedUntil: 0,
    retryAfter: false,
    verified: false,
    served: 0,
    failed: 0,
    serves: new Set<string>(),
    refuses: new Set<string>(),
  }));
  let closed = false;

  const bestHead = () => Math.max(-1, ...endpoints.filter((e) => e.state !== 'wrong-chain').map((e) => e.head ?? -1));

  /** `forMs`: the node said how long (Retry-After); else the doubling backoff. */
  const bench = (e: Endpoint, state: 'benched' | 'behind', why: string, forMs?: number) => {
    e.failures++;
    const ms = forMs ?? Math.min(BENCH_MAX_MS, benchMinMs * 2 ** Math.min(e.failures - 1, 16));
    e.benchedUntil = now() + ms;
    if (e.state !== state) logger.warn({ chainId, url: e.where, state, forMs: ms, why }, 'RPC endpoint benched');
    e.state = state;
  };

  const recover = (e: Endpoint) => {
    if (e.state === 'benched' || e.state === 'behind') logger.warn({ chainId, url: e.where }, 'RPC endpoint healthy again');
    e.state = 'healthy';
    e.failures = 0;
    e.benchedUntil = 0;
  };

  /** A head an endpoint reported; one far below the best is benched as behind. */
  const sawHead = (e: Endpoint, head: number) => {
    e.head = head;
    const best = bestHead();
    if (endpoints.length > 1 && best - head > maxLagBlocks) bench(e, 'behind', `head ${head} is ${best - head} blocks below ${best}`);
  };

  /** Endpoints that may take this request now, preferred first; when every one is benched, the one whose bench ends first. */
  const candidates = (method: string, params: unknown[]): Endpoint[] => {
    const live = endpoints.filter((e) => e.state !== 'wrong-chain');
    if (!live.length) throw new ChainIdMismatchError(chainId, -1, `every endpoint of chain ${chainId}`);
    const usable = live.filter((e) => !e.refuses.has(method));
    if (!usable.length) throw new ChainRequestError(method, `no endpoint of chain ${chainId} serves ${method}`, -32601);
    const range = method === 'eth_getLogs' ? logRangeOf(params) : null;
    const span = range && range.to - range.from + 1;
    const fits = span === null ? usable : usable.filter((e) => e.options.maxBlockRange === null || span <= e.options.maxBlockRange);
    if (!fits.length) {
      const widest = Math.max(...usable.map((e) => e.options.maxBlockRange ?? 0));
      throw new LogRangeTooLargeError(method, `block range ${span} is wider than any endpoint accepts (at most ${widest})`);
    }
    const t = now();
    // A failed endpoint is tried again once its bench ends; a lagging one only once the probe saw it catch up (it
    // would answer with stale data, not with an error).
    const ready = fits.filter((e) => e.state === 'healthy' || (e.state === 'benched' && e.benchedUntil <= t));
    // Every one is benched: the failed one that comes back first, and a lagging one only when nothing else is left.
    if (!ready.length) return [...fits].sort((a, b) => Number(a.state === 'behind') - Number(b.state === 'behind') || a.benchedUntil - b.benchedUntil).slice(0, 1);
    // Logs of blocks an endpoint has not reached yet come back as an empty list, not an error: ask one whose last
    // reported head covers the range, when one does.
    const covering = range ? ready.filter((e) => e.head !== null && e.head >= range.to) : [];
    return covering.length ? covering : ready;
  };

  /**
   * eth_chainId on an endpoint before it serves anything: one on another chain must never feed this one. (A single
   * endpoint is checked by the client when it connects, as it always was.)
   */
  const verify = async (e: Endpoint, timeoutMs: number) => {
    if (e.verified || endpoints.length === 1) return;
    const actual = hexToNumber(await e.transport.request('eth_chainId', [], timeoutMs));
    if (actual !== chainId) {
      e.state = 'wrong-chain';
      const err = new ChainIdMismatchError(chainId, actual ?? -1, e.where);
      logger.warn({ chainId, url: e.where, err: err.message }, 'RPC endpoint serves another chain; it is not used');
      throw err;
    }
    e.verified = true;
  };

  const attempt = async (e: Endpoint, method: string, params: unknown[], timeoutMs: number): Promise<unknown> => {
    await e.rate?.removeTokens(1);
    return e.limit(async () => {
      await verify(e, timeoutMs);
      return e.transport.request(method, params, timeoutMs);
    });
  };

  const request = async (method: string, params: unknown[], timeoutMs: number): Promise<unknown> => {
    const e = candidates(method, params)[0];
    // Every endpoint is benched: wait for the one the node itself told when to come back (Retry-After), briefly.
    const wait = e.benchedUntil - now();
    if (e.state === 'benched' && e.retryAfter && wait > 0) await new Promise((r) => setTimeout(r, Math.min(wait, RETRY_AFTER_WAIT_MAX_MS)));
    try {
      const result = await attempt(e, method, params, timeoutMs);
      e.served++;
      if (PER_ENDPOINT_METHODS.has(method)) e.serves.add(method);
      recover(e);
      if (method === 'eth_blockNumber') {
        const head = hexToNumber(result);
        if (head !== null) sawHead(e, head);
      }
      return result;
    } catch (err) {
      e.failed++;
      const classified = err instanceof ChainIdMismatchError ? err : classifyError(method, err);
      if (PER_ENDPOINT_METHODS.has(method) && !e.serves.has(method) && isMethodUnsupported(classified)) {
        e.refuses.add(method);
        logger.warn({ chainId, url: e.where, method }, 'RPC endpoint does not serve this method; it is not asked it again');
        // Another endpoint may serve it; when none is left, candidates() answers the refusal.
        return request(method, params, timeoutMs);
      }
      // Transient: bench it, and the client's retry goes to the next endpoint. A refusal (a revert, invalid params)
      // is the request's, not the endpoint's. A node that said when to come back is left alone until then, even
      // when it is the only one.
      const retryAfter = classified instanceof RetryableChainError ? classified.retryAfterMs : undefined;
      e.retryAfter = retryAfter !== undefined;
      if (retryAfter !== undefined) bench(e, 'benched', classified.message, retryAfter);
      else if (classified instanceof RetryableChainError && endpoints.length > 1) bench(e, 'benched', classified.message);
      if (classified instanceof ChainIdMismatchError && endpoints.some((x) => x.state !== 'wrong-chain')) {
        throw new RetryableChainError(method, 'connection', `${e.where} serves another chain; trying another endpoint`);
      }
      throw classified;
    }
  };

  /** Compares heads now and then, so a lagging endpoint is found even when it answers everything. */
  const probe = async () => {
    await Promise.all(
      endpoints
        .filter((e) => e.state !== 'wrong-chain' && (e.state === 'healthy' || e.benchedUntil <= now()))
        .map(async (e) => {
          try {
            await verify(e, 10_000);
            const head = hexToNumber(await e.transport.request('eth_blockNumber', [], 10_000));
            if (head === null) return;
            e.head = head;
            if (e.state === 'behind' && bestHead() - head <= maxLagBlocks) recover(e);
          } catch (err) {
            if (!(err instanceof ChainIdMismatchError) && classifyError('eth_blockNumber', err) instanceof RetryableChainError && e.state === 'healthy') {
              bench(e, 'benched', 'head probe failed');
            }
          }
        }),
    );
    for (const e of endpoints) if (e.head !== null && e.state === 'healthy') sawHead(e, e.head);
  };
  const timer = endpoints.length > 1 ? setInterval(() => void probe().catch(() => undefined), probeIntervalMs) : null;
  timer?.unref();

  // newHeads are a wake-up signal only (ingestion reads blocks by number): the first endpoint that can push them.
  const pushing = endpoints.find((e) => e.transport.subscribe);

  return {
    kind: endpoints[0].transport.kind,
    request: (method, params, timeoutMs) => {
      if (closed) return Promise.reject(new ChainRequestError(method, 'chain client is closed'));
      return request(method, params, timeoutMs);
    },
    ...(pushing?.transport.subscribe ? { subscribe: pushing.transport.subscribe.bind(pushing.transport) } : {}),
    status: () =>
      endpoints.map((e) => ({
        url: e.where,
        state: e.state,
        head: e.head,
        failures: e.failures,
        benchedUntil: e.benchedUntil > now() ? e.benchedUntil : null,
        served: e.served,
        failed: e.failed,
        traces: TRACE_FORMS.find((f) => e.serves.has(f)) ?? (TRACE_FORMS.every((f) => e.refuses.has(f)) ? 'none' : null),
      })),
    current: () => {
      const t = now();
      return (endpoints.find((e) => e.state === 'healthy' || (e.state === 'benched' && e.benchedUntil <= t)) ?? endpoints[0]).where;
    },
    close: async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.all(endpoints.map((e) => e.transport.close()));
    },
  };
};
