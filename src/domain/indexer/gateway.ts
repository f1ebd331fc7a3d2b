// The multi-chain gateway: picks the configured chains a request names, asks each of them concurrently (a bounded
// number at once, each within a time bound) and answers per chain. A chain that fails, times out or whose node does not
// answer is data — its `errorReason` — while the other chains answer normally; a request that is wrong (bad address,
// unknown chain, bad key) is an error of the whole request, since it would be wrong on every chain.
import pLimit from 'p-limit';
import type { ChainConfig } from '../../config';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument, isDomainError, type DomainErrorKind } from '../errors';
import { resolvePageRequest, type Page, type PageLimits, type PageRequest } from '../paging';
import type { ChainHealth } from './chain-health';
import type { LatencyBook } from './latency';

type Maybe<T> = T | null | undefined;

export type NetworkType = 'MAINNETS' | 'TESTNETS' | 'ALL';

/** Which chains: ids or names (none: every configured chain), narrowed by network type. */
export type ChainSelection = { chainIds?: Maybe<Array<string>>; networkType?: Maybe<NetworkType> };

/** One chain's answer: its value, or why it has none. */
export type ChainAnswer<T> = { chainId: number; errorReason: string | null; value: T | null };

/** A page over several chains: each chain's own page, and one cursor for all of them. */
export type MultiChainPage<P> = {
  pageSize: number;
  /** Whether a chain that answered has more rows. */
  hasNextPage: boolean;
  /** Where every chain stands; null when every chain is done. */
  endCursor: string | null;
  chains: Array<ChainAnswer<P>>;
};

/** Errors that say the request is wrong, not the chain: the same on every chain, so the whole request fails. */
const REQUEST_ERRORS: ReadonlySet<DomainErrorKind> = new Set<DomainErrorKind>([
  'InvalidArgument',
  'Unauthorized',
  'PermissionDenied',
  'SessionExpired',
  'AccessKeyNotFound',
  'ProjectNotFound',
  'InvalidOrigin',
  'RateLimit',
  'RateLimited',
  'QuotaExceeded',
  'ChainNotFound',
]);

export type GatewayService = {
  /** The configured chains a selection names, in configuration order (GetChains). */
  select(creds: Credentials, sel: ChainSelection): Promise<ChainConfig[]>;
  /** `op` on every selected chain, concurrently within the bounds; failures become `errorReason`. */
  each<T>(creds: Credentials, sel: ChainSelection, op: (chainId: number) => Promise<T>): Promise<Array<ChainAnswer<T>>>;
  /**
   * One page of `op` on every selected chain. Paging across chains: `first` is the page size of each chain; the
   * returned cursor holds every chain's own keyset cursor, so a next page continues each chain where it stopped (stable
   * under new rows, like the single-chain pages). A chain with no more rows is not asked again; a chain that failed
   * keeps its place, so the next page asks it again from there; `hasNextPage` counts only chains that answered.
   */
  paged<T, P extends Page<T>>(
    creds: Credentials,
    sel: ChainSelection,
    page: Maybe<{ first?: Maybe<number>; after?: Maybe<string> }>,
    limits: PageLimits,
    op: (chainId: number, page: PageRequest) => Promise<P>,
  ): Promise<MultiChainPage<P>>;
};

/**
 * The gateway with its fan-out for a service that checks its caller in its own way (the portfolio: a key and the
 * parent's proof, or an owner's bearer token). Composition keeps `eachChecked` off Services, where a resolver could
 * reach it.
 */
export type GatewayCore = GatewayService & {
  eachChecked<T>(sel: ChainSelection, op: (chainId: number) => Promise<T>): Promise<Array<ChainAnswer<T>>>;
};

const CURSOR_TAG = 'g1';

/** Per chain: its own cursor ('' = from the start), or null when it has no more rows. */
export type Positions = Map<number, string | null>;

/** A cursor over several chains: every chain's own place, tagged so that one list's cursor is refused by another. */
export const encodePositions = (p: Positions, tag = CURSOR_TAG): string => Buffer.from(JSON.stringify([tag, [...p]]), 'utf8').toString('base64url');

export const decodePositions = (raw: string, tag = CURSOR_TAG, field = 'after'): Positions => {
  const bad = () => invalidArgument(field, 'is not a cursor of a multi-chain page (send back the cursor of a previous page)');
  if (raw.length > 20_000 || !/^[A-Za-z0-9_-]+$/.test(raw)) throw bad();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed[0] !== tag || !Array.isArray(parsed[1])) throw bad();
  const out: Positions = new Map();
  for (const e of parsed[1] as unknown[]) {
    if (!Array.isArray(e) || e.length !== 2 || !Number.isSafeInteger(e[0]) || !(e[1] === null || (typeof e[1] === 'string' && e[1].length <= 2000))) throw bad();
    out.set(e[0] as number, e[1] as string | null);
  }
  return out;
};

export const createGatewayService = ({
  auth,
  chains,
  health,
  latency,
  bounds,
}: {
  auth: AuthService;
  chains: ChainsService;
  health: ChainHealth;
  latency: LatencyBook;
  bounds: { concurrency: number; chainTimeoutMs: number };
}): GatewayCore => {
  const selectChains = (sel: ChainSelection): ChainConfig[] => {
    // Every named chain must exist; the answer lists them in configuration order, each once.
    const ids = sel.chainIds?.length ? new Set(sel.chainIds.map((c, i) => chains.resolve(`chainIds[${i}]`, c).chainId)) : null;
    const named = ids ? chains.all().filter((c) => ids.has(c.chainId)) : chains.all();
    const type = sel.networkType ?? 'ALL';
    return named.filter((c) => type === 'ALL' || (type === 'TESTNETS') === (c.testnet ?? false));
  };

  /** `op` within the time bound, with the node's health checked alongside; the value, or why there is none. */
  const bounded = async <T>(chainId: number, op: () => Promise<T>): Promise<{ value: T } | { errorReason: string }> => {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), bounds.chainTimeoutMs);
    });
    // A read that outlives its bound is left to finish on its own (database reads cannot be cancelled); its answer is
    // dropped. A node found not answering ends the wait at once: reads that need it would only wait for their bound.
    const node = health.check(chainId);
    const down = node.then((h) => (h.ok ? new Promise<never>(() => undefined) : { errorReason: h.reason }));
    const work = Promise.all([node, op()]);
    work.catch(() => undefined);
    try {
      const r = await Promise.race([work, down, timeout]);
      if (r === 'timeout') return { errorReason: `chain ${chainId} did not answer within ${bounds.chainTimeoutMs} ms; try again later` };
      if (!Array.isArray(r)) return r;
      const [answered, value] = r;
      if (!answered.ok) return { errorReason: answered.reason };
      latency.record(chainId, performance.now() - started);
      return { value };
    } catch (err) {
      if (isDomainError(err) && REQUEST_ERRORS.has(err.kind)) throw err;
      if (isDomainError(err)) return { errorReason: err.message };
      return { errorReason: `chain ${chainId}: the read failed; try again later` };
    } finally {
      clearTimeout(timer);
    }
  };

  const fanOut = async <T>(list: readonly number[], op: (chainId: number) => Promise<T>): Promise<Array<ChainAnswer<T>>> => {
    const limit = pLimit(bounds.concurrency);
    return Promise.all(
      list.map((chainId) =>
        limit(async (): Promise<ChainAnswer<T>> => {
          const r = await bounded(chainId, () => op(chainId));
          return 'value' in r ? { chainId, errorReason: null, value: r.value } : { chainId, errorReason: r.errorReason, value: null };
        }),
      ),
    );
  };

  return {
    async select(creds, sel) {
      await auth.requireAccessKey(creds);
      return selectChains(sel);
    },

    async each(creds, sel, op) {
      await auth.requireAccessKey(creds);
      return fanOut(selectChains(sel).map((c) => c.chainId), op);
    },

    eachChecked: async (sel, op) => fanOut(selectChains(sel).map((c) => c.chainId), op),

    async paged(creds, sel, page, limits, op) {
      await auth.requireAccessKey(creds);
      const list = selectChains(sel).map((c) => c.chainId);
      const positions: Positions = page?.after ? decodePositions(page.after) : new Map();
      const asked = list.filter((id) => positions.get(id) !== null);
      const answers = await fanOut(asked, (chainId) => op(chainId, { first: page?.first ?? null, after: positions.get(chainId) || null }));
      const byChain = new Map(answers.map((a) => [a.chainId, a]));
      const next: Positions = new Map(positions);
      let hasNextPage = false;
      const { pageSize } = resolvePageRequest({ first: page?.first }, limits);
      for (const a of answers) {
        if (!a.value) {
          next.set(a.chainId, positions.get(a.chainId) ?? '');
          continue;
        }
        hasNextPage ||= a.value.hasNextPage;
        next.set(a.chainId, a.value.hasNextPage ? a.value.endCursor : null);
      }
      const open = [...next.values()].some((v) => v !== null);
      return {
        pageSize,
        hasNextPage,
        endCursor: open ? encodePositions(next) : null,
        // Chains done on an earlier page answer nothing more, without an error.
        chains: list.map((chainId) => byChain.get(chainId) ?? { chainId, errorReason: null, value: null }),
      };
    },
  };
};
