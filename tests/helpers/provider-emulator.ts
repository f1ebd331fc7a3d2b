// A JSON-RPC HTTP proxy on 127.0.0.1 in front of anvil that behaves like a hosted RPC provider: it imposes the limits
// providers document and refuses with their own status codes, error codes and texts (collected from the providers'
// documentation and from the replies quoted in public issue threads). Limits are scaled down to a test chain's size;
// the wording keeps the provider's format. Every refusal is counted, so a test can show the profile was met.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Reply = { status: number; body: unknown; headers?: Record<string, string> };
type Range = { from: number; to: number };

export type ProviderProfile = {
  name: string;
  /** eth_getLogs refuses answers with more logs than this (`refuseLogs` words it; `suggested` is a range that fits). */
  maxLogs?: { limit: number; onlyWiderThan?: number; reply: (limit: number, suggested: Range) => Reply };
  /** eth_getLogs refuses ranges wider than this many blocks. */
  maxBlockRange?: { limit: number; reply: (limit: number, asked: Range) => Reply };
  /** Any answer larger than this many bytes is refused. */
  maxResponseBytes?: { limit: number; reply: (limit: number) => Reply };
  /**
   * Requests per second (fixed one-second windows); beyond it, `reply`. `sharedEvery`: every so many requests also find
   * the window used up (by the key's other clients), so the refusal is met however slow this machine runs.
   */
  rateLimit?: { perSecond: number; sharedEvery?: number; reply: () => Reply };
  /** Of every `period` requests, the first `length` are answered 503 (a provider's bad minute, in miniature). */
  outages?: { period: number; length: number };
  /** The node trails the chain by this many blocks: its head, and every block, log and receipt above it, are unknown. */
  behindBlocks?: number;
  /** eth_getLogs answers without the logs of the newest blocks: its log index trails its head by this many blocks. */
  logIndexLag?: number;
  /** The node knows no `finalized` / `safe` block (a chain without proof-of-stake finality, an older client). */
  noFinalizedTag?: boolean;
  /** A remote provider's round trip: every answer leaves this many milliseconds after its request arrived. */
  latencyMs?: number;
};

const rpcError = (code: number, message: string, data?: unknown) => ({ jsonrpc: '2.0', id: 1, error: { code, message, ...(data ? { data } : {}) } });
const hex = (n: number) => `0x${n.toString(16)}`;
const grouped = (n: number) => n.toLocaleString('en-US');

/** Provider behaviours, each a profile the ingestion tests run against. */
export const PROVIDER_PROFILES: Record<string, ProviderProfile> = {
  // Result-count cap with the range to try in the message and the data; rate limit as -32005 in an HTTP 429 body.
  infura: {
    name: 'infura',
    maxLogs: {
      limit: 150,
      reply: (limit, s) => ({
        status: 200,
        body: rpcError(-32005, `query returned more than ${limit} results. Try with this block range [${hex(s.from)}, ${hex(s.to)}].`, {
          from: hex(s.from),
          limit,
          to: hex(s.to),
        }),
      }),
    },
    rateLimit: { perSecond: 40, sharedEvery: 30, reply: () => ({ status: 429, body: rpcError(-32005, 'project ID request rate exceeded', { backoff_seconds: 1 }) }) },
  },
  // Result-count cap above a block width, in an HTTP 400; 429 with Retry-After.
  alchemy: {
    name: 'alchemy',
    maxLogs: {
      limit: 150,
      onlyWiderThan: 6,
      reply: (_limit, s) => ({
        status: 400,
        body: rpcError(
          -32602,
          'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, ' +
            'or you can request any block range with a cap of 10K logs in the response. ' +
            `Based on your parameters, this block range should work: [${hex(s.from)}, ${hex(s.to)}]`,
        ),
      }),
    },
    rateLimit: {
      perSecond: 40,
      sharedEvery: 30,
      reply: () => ({
        status: 429,
        headers: { 'retry-after': '1' },
        body: rpcError(
          429,
          'Your app has exceeded its compute units per second capacity. If you have retries enabled, you can safely ignore this message. ' +
            'If not, check out https://docs.alchemy.com/reference/throughput',
        ),
      }),
    },
  },
  // Infura's live block-range cap (stricter than its documented result cap), with the requested and allowed widths.
  'infura-range': {
    name: 'infura-range',
    maxBlockRange: {
      limit: 12,
      reply: (limit, asked) => ({ status: 200, body: rpcError(-32602, `range ${asked.to - asked.from + 1} exceeds limit of ${limit}`) }),
    },
  },
  // A block-range cap that states the maximum.
  quicknode: {
    name: 'quicknode',
    maxBlockRange: { limit: 8, reply: (limit) => ({ status: 200, body: rpcError(-32614, `eth_getLogs is limited to a ${grouped(limit)} range`) }) },
  },
  // A block-range cap that states nothing.
  ankr: {
    name: 'ankr',
    maxBlockRange: { limit: 5, reply: () => ({ status: 200, body: rpcError(-32600, 'block range is too wide') }) },
  },
  // A response-size cap, and 429s without Retry-After.
  '1rpc': {
    name: '1rpc',
    maxResponseBytes: { limit: 60_000, reply: (limit) => ({ status: 200, body: rpcError(-32000, `response size should not greater than ${limit} bytes`) }) },
    rateLimit: { perSecond: 40, sharedEvery: 30, reply: () => ({ status: 429, body: 'Too Many Requests' }) },
  },
  // Bursts of 503 from a load balancer with no healthy backend.
  'busy-gateway': {
    name: 'busy-gateway',
    outages: { period: 20, length: 3 },
  },
  // A node a few blocks behind the chain.
  lagging: {
    name: 'lagging',
    behindBlocks: 3,
  },
  // A chain without finality by proof of stake: geth's answer to the `finalized` tag there.
  'no-finalized-tag': {
    name: 'no-finalized-tag',
    noFinalizedTag: true,
  },
  // A node whose log index has not caught up with its head: recent ranges come back empty, not refused.
  'unindexed-logs': {
    name: 'unindexed-logs',
    logIndexLag: 2,
  },
};

/** The providers' published limits, for benchmarks on a full-size chain (no rate limits or outages: their cost is waiting). */
const PUBLISHED_LIMITS: Record<string, (p: ProviderProfile) => ProviderProfile> = {
  passthrough: () => ({ name: 'passthrough' }),
  infura: (p) => ({ name: p.name, maxLogs: { ...p.maxLogs!, limit: 10_000 } }),
  'infura-range': (p) => ({ name: p.name, maxBlockRange: { ...p.maxBlockRange!, limit: 10_000 } }),
  alchemy: (p) => ({ name: p.name, maxLogs: { ...p.maxLogs!, limit: 10_000, onlyWiderThan: 2_000 } }),
  quicknode: (p) => ({ name: p.name, maxBlockRange: { ...p.maxBlockRange!, limit: 10_000 } }),
  ankr: (p) => ({ name: p.name, maxBlockRange: { ...p.maxBlockRange!, limit: 3_000 } }),
  '1rpc': (p) => ({ name: p.name, maxResponseBytes: { ...p.maxResponseBytes!, limit: 10_000_000 } }),
};

/** A profile with the provider's published limits instead of the test-sized ones. */
export const publishedProfile = (name: string): ProviderProfile => {
  const scale = PUBLISHED_LIMITS[name];
  if (!scale) throw new Error(`no published limits for profile ${name}; one of ${Object.keys(PUBLISHED_LIMITS).join(', ')}`);
  return scale(PROVIDER_PROFILES[name] ?? { name });
};

export type ProviderEmulator = {
  url: string;
  /** Refusals by kind ('maxLogs', 'maxBlockRange', 'maxResponseBytes', 'rateLimit', 'outage', 'hidden' for answers the
   * lag changed), and requests forwarded. */
  counts: Map<string, number>;
  close(): Promise<void>;
};

type Call = { jsonrpc: '2.0'; id: unknown; method: string; params?: unknown[] };
type RpcLog = { blockNumber: string; blockHash: string };

export const startProviderEmulator = async (target: string, profile: ProviderProfile): Promise<ProviderEmulator> => {
  const counts = new Map<string, number>();
  const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
  let requests = 0;
  let window = { second: 0, used: 0 };

  const upstream = async (method: string, params: unknown[] = []): Promise<{ result?: any; error?: unknown }> => {
    const res = await fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    return res.json() as Promise<{ result?: any; error?: unknown }>;
  };
  const realHead = async () => Number((await upstream('eth_blockNumber')).result);

  /** The node's answer to one call, after what the profile changes about the node itself (lag, log index). */
  const answer = async (call: Call): Promise<Reply> => {
    const params = call.params ?? [];
    const behind = profile.behindBlocks ?? 0;
    const lag = profile.logIndexLag ?? 0;
    const visible = behind || lag || call.method === 'eth_getLogs' ? (await realHead()) - behind : Infinity;
    const blockOf = (tag: unknown) => (tag === 'latest' || tag === undefined ? visible : tag === 'earliest' ? 0 : Number(tag));

    if (call.method === 'eth_getBlockByNumber' && profile.noFinalizedTag && (params[0] === 'finalized' || params[0] === 'safe')) {
      count('noFinalizedTag');
      return { status: 200, body: { jsonrpc: '2.0', id: call.id, error: { code: -39001, message: `${params[0]} block not found` } } };
    }
    if (call.method === 'eth_blockNumber' && behind) {
      count('hidden');
      return { status: 200, body: { jsonrpc: '2.0', id: call.id, result: hex(visible) } };
    }
    if (call.method === 'eth_getBlockByNumber' && behind && typeof params[0] === 'string' && !['finalized', 'safe'].includes(params[0])) {
      const n = blockOf(params[0]);
      if (n > visible) {
        count('hidden');
        return { status: 200, body: { jsonrpc: '2.0', id: call.id, result: null } };
      }
      params[0] = hex(n);
    }
    if (call.method === 'eth_getLogs') {
      const filter = { ...(params[0] as Record<string, unknown>) };
      if (!filter.blockHash) {
        const range = { from: blockOf(filter.fromBlock ?? 'latest'), to: blockOf(filter.toBlock ?? 'latest') };
        const cap = profile.maxBlockRange;
        if (cap && range.to - range.from + 1 > cap.limit) {
          count('maxBlockRange');
          return cap.reply(cap.limit, range);
        }
        // A lagging node knows no block above its head.
        if (range.to > visible) {
          count('hidden');
          filter.toBlock = hex(visible);
          if (range.from > visible) return { status: 200, body: { jsonrpc: '2.0', id: call.id, result: [] } };
        }
      }
      const res = await upstream('eth_getLogs', [filter]);
      if (res.error) return { status: 200, body: { jsonrpc: '2.0', id: call.id, error: res.error } };
      let logs = res.result as RpcLog[];
      if (lag) {
        const indexed = visible - lag;
        const kept = logs.filter((l) => Number(l.blockNumber) <= indexed);
        if (kept.length !== logs.length) count('hidden');
        logs = kept;
      }
      const cap = profile.maxLogs;
      const from = blockOf(filter.fromBlock ?? 'latest');
      const to = blockOf(filter.toBlock ?? 'latest');
      if (cap && !filter.blockHash && logs.length > cap.limit && to - from + 1 > (cap.onlyWiderThan ?? 0)) {
        count('maxLogs');
        // The widest range from the same start whose logs fit (at least one block): logs come in block order.
        const blockAfterLimit = Number(logs[cap.limit].blockNumber);
        const fit = Math.max(from, blockAfterLimit - 1);
        return cap.reply(cap.limit, { from, to: fit });
      }
      return { status: 200, body: { jsonrpc: '2.0', id: call.id, result: logs } };
    }
    const res = await upstream(call.method, params);
    let result = res.result;
    // Receipts and blocks by hash of blocks above a lagging node's head are unknown to it.
    if (behind && result && typeof result === 'object') {
      const n = Array.isArray(result) ? (result[0] as { blockNumber?: string } | undefined)?.blockNumber : (result as { blockNumber?: string; number?: string }).blockNumber ?? (result as { number?: string }).number;
      if (n !== undefined && Number(n) > visible) {
        count('hidden');
        result = null;
      }
    }
    return { status: 200, body: res.error ? { jsonrpc: '2.0', id: call.id, error: res.error } : { jsonrpc: '2.0', id: call.id, result } };
  };

  /** What the provider's edge does before the node sees the call: outages, rate limits. */
  const edge = (): Reply | null => {
    const n = requests++;
    if (profile.outages && n % profile.outages.period < profile.outages.length) {
      count('outage');
      return { status: 503, body: 'Service Unavailable', headers: { 'content-type': 'text/plain' } };
    }
    if (profile.rateLimit) {
      const second = Math.floor(Date.now() / 1000);
      if (window.second !== second) window = { second, used: 0 };
      const shared = profile.rateLimit.sharedEvery !== undefined && n % profile.rateLimit.sharedEvery === profile.rateLimit.sharedEvery - 1;
      if (++window.used > profile.rateLimit.perSecond || shared) {
        count('rateLimit');
        return profile.rateLimit.reply();
      }
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (profile.latencyMs) await new Promise((r) => setTimeout(r, profile.latencyMs));
      const send = (reply: Reply) => {
        const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
        res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers }).end(text);
      };
      try {
        const refused = edge();
        if (refused) return send(refused);
        const call = JSON.parse(Buffer.concat(chunks).toString()) as Call;
        const reply = await answer(call);
        if (profile.maxResponseBytes && JSON.stringify(reply.body).length > profile.maxResponseBytes.limit) {
          count('maxResponseBytes');
          return send(profile.maxResponseBytes.reply(profile.maxResponseBytes.limit));
        }
        count('forwarded');
        send(reply);
      } catch {
        if (!res.headersSent) send({ status: 502, body: 'upstream unreachable', headers: { 'content-type': 'text/plain' } });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    counts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
