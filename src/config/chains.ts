// CHAINS: the EVM chains Strata serves and indexes, as JSON or as a compact `id[:name]=url[|url…]` list.
import { z } from 'zod';

/** One RPC endpoint of a chain and its limits (src/chain/endpoint-pool.ts). */
export type EndpointConfig = Readonly<{
  url: string;
  /** Requests in flight to this endpoint at once (default: the chain's maxConcurrency). */
  maxConcurrency: number;
  /** Requests started per second; null: no limit. */
  maxRequestsPerSecond: number | null;
  /** Widest eth_getLogs range, in blocks, this endpoint accepts; null: no limit of its own. */
  maxBlockRange: number | null;
}>;

export type ChainConfig = Readonly<{
  chainId: number;
  /** Optional name; `chainId` in requests may be the id or this name. */
  name: string | null;
  /** The chain's RPC endpoints, preferred first; requests fail over between them. */
  endpoints: readonly EndpointConfig[];
  /** An endpoint whose head is more than this many blocks below the best one's is benched. */
  maxLagBlocks: number;
  /** How often the endpoints' heads are compared, in ms. */
  headProbeMs: number;
  /**
   * How long a caught-up ingester waits before it looks for a new head again, in ms; absent: a quarter of the chain's
   * recent block interval, 100 ms to 1 s (ingestion/poll-interval.ts). A ws `newHeads` notification ends the wait early.
   */
  pollIntervalMs?: number | null;
  /** First block to ingest. */
  startBlock: number;
  /** A block this deep under the head is final (receipts `final`, reorgs no longer expected). */
  confirmations: number;
  /** Requests in flight to this node at once. */
  maxConcurrency: number;
  /** Largest eth_getLogs range to try; the ingester adapts below it. */
  maxLogRange: number;
  /**
   * Only these contracts are indexed (lower-case addresses; startBlock null: from their deployment block), with more
   * added or removed at run time by `strata chain`; null: every token contract of the chain.
   */
  contracts: ReadonlyArray<WatchedContractConfig> | null;
  /** A test network: the IndexerGateway's `networkType` TESTNETS selects it, MAINNETS does not (default false). */
  testnet?: boolean;
  /**
   * Native coin transfers (a successful transaction's non-zero `value`) are indexed as transfers of contract type
   * NATIVE: every block body of the chain is read, with the receipts of its value transactions. Default: on for a chain
   * that indexes every contract, off for one with named `contracts` (which may not turn it on). Absent: off.
   */
  nativeTransfers?: boolean;
  /**
   * Internal transfers (value moved by contract calls, from the node's traces), beside the native ones: 'auto' (the
   * default) where an endpoint serves debug_traceBlockByNumber or trace_block, 'on' (a node without them stops
   * ingestion with an error), 'off'. Only with nativeTransfers; absent: 'auto'.
   */
  traces?: TracesSetting;
  /**
   * Token approvals (ERC-20/721 Approval, ApprovalForAll) are read in the same eth_getLogs as transfers, kept as the
   * current allowances and operators, and an owner's ERC-20 allowances are re-read with allowance() when its tokens
   * move. Default: on, for every contract of the chain or its named ones alike (their logs only). Absent: off.
   */
  approvals?: boolean;
}>;

export type TracesSetting = 'auto' | 'on' | 'off';

/** What internal transfers a chain asks for: none without native transfers, whatever `traces` says. */
export const tracesWanted = (c: Pick<ChainConfig, 'nativeTransfers' | 'traces'>): TracesSetting => (c.nativeTransfers === true ? (c.traces ?? 'auto') : 'off');

export type WatchedContractConfig = Readonly<{ address: string; startBlock: number | null }>;

const contractSchema = z.preprocess(
  (v) => (typeof v === 'string' ? { address: v } : v),
  z
    .object({
      address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'address must be a 20-byte 0x-prefixed hex address').transform((a) => a.toLowerCase()),
      startBlock: z.coerce.number().int().min(0).optional(),
    })
    .strict()
    .transform((c): WatchedContractConfig => ({ address: c.address, startBlock: c.startBlock ?? null })),
);

const nodeUrl = z.string().regex(/^(https?|wss?):\/\/\S+$/, 'url must be http(s):// or ws(s)://');

/** An endpoint: a URL, or a URL with its own limits (a bare URL is read as `{ url }`, so errors name the field). */
const endpointSchema = z.preprocess(
  (v) => (typeof v === 'string' ? { url: v } : v),
  z
    .object({
      url: nodeUrl,
      maxConcurrency: z.coerce.number().int().min(1).max(256).optional(),
      maxRequestsPerSecond: z.coerce.number().positive().max(100_000).optional(),
      maxBlockRange: z.coerce.number().int().min(1).max(1_000_000).optional(),
    })
    .strict(),
);

export const chainSchema = z
  .object({
    chainId: z.coerce.number().int().positive(),
    name: z
      .string()
      .regex(/^[a-z][a-z0-9-]{0,31}$/, 'name must be lower-case letters, digits and dashes')
      .nullish()
      .transform((v) => v ?? null),
    url: nodeUrl.optional(),
    urls: z.array(endpointSchema).min(1, 'urls needs at least one endpoint').max(16).optional(),
    startBlock: z.coerce.number().int().min(0).default(0),
    confirmations: z.coerce.number().int().min(1).max(10_000).default(12),
    maxConcurrency: z.coerce.number().int().min(1).max(256).default(8),
    maxLogRange: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
    maxLagBlocks: z.coerce.number().int().min(1).max(10_000).default(10),
    headProbeMs: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
    pollIntervalMs: z.coerce.number().int().min(10).max(60_000).optional(),
    testnet: z.boolean().default(false),
    nativeTransfers: z.boolean().optional(),
    traces: z.enum(['auto', 'on', 'off']).default('auto'),
    approvals: z.boolean().default(true),
    contracts: z
      .array(contractSchema)
      .max(100_000)
      .refine((list) => new Set(list.map((c) => c.address)).size === list.length, 'a contract appears twice')
      .optional(),
  })
  .refine((c) => (c.url === undefined) !== (c.urls === undefined), { message: 'give either url or urls' })
  .refine((c) => !(c.nativeTransfers && c.contracts), {
    message: 'a chain with named contracts indexes only their tokens; remove contracts to index native transfers',
    path: ['nativeTransfers'],
  })
  .refine((c) => !(c.traces === 'on' && (c.nativeTransfers === false || c.contracts)), {
    message: 'internal transfers come with native transfers: traces "on" needs nativeTransfers on (and no named contracts)',
    path: ['traces'],
  })
  .transform(({ url, urls, nativeTransfers, ...c }): ChainConfig => {
    const endpoints = (urls ?? [{ url: url! } as { url: string; maxConcurrency?: number; maxRequestsPerSecond?: number; maxBlockRange?: number }]).map(
      (e): EndpointConfig => ({
        url: e.url,
        maxConcurrency: e.maxConcurrency ?? c.maxConcurrency,
        maxRequestsPerSecond: e.maxRequestsPerSecond ?? null,
        maxBlockRange: e.maxBlockRange ?? null,
      }),
    );
    return {
      ...c,
      endpoints: Object.freeze(endpoints),
      contracts: c.contracts ? Object.freeze(c.contracts) : null,
      nativeTransfers: nativeTransfers ?? !c.contracts,
    };
  });

/** Shown after any CHAINS problem: the two accepted forms. */
export const CHAINS_FORMS =
  'CHAINS takes a JSON array, e.g. [{"chainId":1,"url":"https://eth.example/rpc","name":"mainnet","confirmations":12}], ' +
  'or the short form <chainId>[:<name>]=<url>[|<url>…] separated by commas, e.g. 1:mainnet=https://eth.example/rpc|https://backup.example/rpc,137=wss://polygon.example/ws';

/** Parses CHAINS; returns problems instead of throwing so config can list them all. */
export const parseChains = (raw: string | undefined): { chains: ChainConfig[]; problems: string[] } => {
  const parsed = parseChainList(raw);
  return parsed.problems.length ? { chains: [], problems: [...parsed.problems, CHAINS_FORMS] } : parsed;
};

const SHORT_FORM = /^\s*(\d+)(?::([^=\s]+))?=(\S+)\s*$/;

const parseChainList = (raw: string | undefined): { chains: ChainConfig[]; problems: string[] } => {
  if (!raw || !raw.trim()) return { chains: [], problems: [] };
  let items: unknown[];
  const text = raw.trim();
  if (text.startsWith('[')) {
    try {
      items = JSON.parse(text);
    } catch (err) {
      return { chains: [], problems: [`CHAINS: not valid JSON (${(err as Error).message})`] };
    }
    if (!Array.isArray(items)) return { chains: [], problems: ['CHAINS: must be a JSON array'] };
  } else {
    const parts = text.split(',');
    const malformed = parts.flatMap((part, i) =>
      SHORT_FORM.test(part) ? [] : [`CHAINS[${i}]: "${part.trim()}" is not <chainId>[:<name>]=<url>[|<url>…]`],
    );
    if (malformed.length) return { chains: [], problems: malformed };
    items = parts.map((part) => {
      const m = SHORT_FORM.exec(part)!;
      // Several endpoints: `a|b` (a `|` never appears unescaped in a URL).
      const urls = m[3].split('|');
      return urls.length > 1 ? { chainId: m[1], name: m[2], urls } : { chainId: m[1], name: m[2], url: m[3] };
    });
  }
  const problems: string[] = [];
  const chains: ChainConfig[] = [];
  items.forEach((item, i) => {
    const r = chainSchema.safeParse(item);
    if (!r.success) problems.push(...r.error.issues.map((iss) => `CHAINS[${i}]${iss.path.length ? `.${iss.path.join('.')}` : ''}: ${iss.message}`));
    else chains.push(Object.freeze(r.data));
  });
  const ids = chains.map((c) => c.chainId);
  const names = chains.map((c) => c.name).filter(Boolean);
  if (new Set(ids).size !== ids.length) problems.push('CHAINS: a chain id appears twice');
  if (new Set(names).size !== names.length) problems.push('CHAINS: a chain name appears twice');
  return { chains, problems };
};
