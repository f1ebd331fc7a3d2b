// ENS names: forward (name → address) and reverse (address → primary name, verified forward) read from the chain's
// registry and resolvers, cached for ENS_CACHE_SECONDS and dropped sooner when an ENS event touches a cached node: at
// most once a second, before a cached answer is served, one eth_getLogs over the registry and the cached names'
// resolvers since the last look says which nodes changed. Names are normalised (ENSIP-15) first.
import type { ChainRegistry } from '../../chain/registry';
import { ChainIdMismatchError, ChainRequestError, RetryableChainError } from '../../chain/errors';
import { ensNode, normalizeEnsName, readEnsAddr, readEnsChangedNodes, readEnsNameRecord, readEnsResolver, reverseNode } from '../../chain';
import type { IdentityConfig } from '../../config';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument } from '../errors';
import { requireAddress } from '../wallets/proofs';

export type EnsLookup = { chainId: number; name: string; address: string | null };

export type NamesService = {
  /** A name's address (null when it has none), on `chainId` or ENS_CHAIN; InvalidArgument for a name ENSIP-15 refuses. */
  resolve(creds: Credentials, req: { name: unknown; chainId?: unknown }): Promise<EnsLookup>;
  /** An address's primary name: its reverse record's name, only when that name resolves back to the address. */
  primaryName(creds: Credentials, req: { address: unknown; chainId?: unknown }): Promise<string | null>;
  /** The same for a field beside an address a query already returns (the query checked the caller); null without names. */
  primaryNameBeside(address: string): Promise<string | null>;
  /**
   * An account given as input: a 0x address as it is (lower-case), or an ENS name resolved on ENS_CHAIN — NotFound
   * naming `field` when it has no address, InvalidArgument when it is neither.
   */
  accountAddress(creds: Credentials, field: string, value: unknown): Promise<string>;
  /** Whether input should be read as a name (it is not a 0x address). */
  looksLikeName(value: unknown): boolean;
};

/** How often cached answers are checked against the chain's ENS events, at most. */
export const EVENT_CHECK_MS = 1_000;
/** A gap wider than this since the last check drops the chain's whole cache instead of reading its events. */
const MAX_EVENT_RANGE = 5_000;
const CACHE_MAX = 10_000;

type Entry = { value: string | null; nodes: string[]; contracts: string[]; until: number };
type ChainCache = { entries: Map<string, Entry>; checkedBlock: number | null; checkedAt: number; checking: Promise<void> | null };

export const createNamesService = ({
  auth,
  chains,
  registry,
  ens,
}: {
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
  ens: IdentityConfig['ens'];
}): NamesService => {
  const caches = new Map<number, ChainCache>();
  const loading = new Map<string, Promise<string | null>>();
  const cacheOf = (chainId: number): ChainCache => {
    let c = caches.get(chainId);
    if (!c) caches.set(chainId, (c = { entries: new Map(), checkedBlock: null, checkedAt: 0, checking: null }));
    return c;
  };

  const namesChain = (chainId: unknown): { chainId: number; registry: string } => {
    if (chainId !== undefined && chainId !== null && chainId !== '') {
      const id = chains.resolve('chainId', chainId).chainId;
      const reg = ens.registries.get(id);
      if (!reg) throw invalidArgument('chainId', `chain ${id} has no ENS registry (ENS_REGISTRIES)`);
      return { chainId: id, registry: reg };
    }
    if (ens.chainId === null) throw new DomainError('Unavailable', 'ENS names are not configured on this server: set ENS_REGISTRIES (and ENS_CHAIN)');
    return { chainId: ens.chainId, registry: ens.registries.get(ens.chainId)! };
  };

  /** Node trouble as the domain's Timeout / Unavailable. */
  const onChain = async <T>(chainId: number, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof RetryableChainError && err.reason === 'timeout') throw new DomainError('Timeout', `ENS: the node of chain ${chainId} timed out; try again`);
      if (err instanceof RetryableChainError || err instanceof ChainRequestError || err instanceof ChainIdMismatchError) {
        throw new DomainError('Unavailable', `ENS: the node of chain ${chainId} could not answer; try again later`);
      }
      throw err;
    }
  };

  /** Drops cached answers whose nodes ENS events changed since the last look (at most once per EVENT_CHECK_MS). */
  const checkEvents = async (chainId: number, reg: string): Promise<void> => {
    const cache = cacheOf(chainId);
    if (cache.checkedBlock === null || Date.now() - cache.checkedAt < EVENT_CHECK_MS) return;
    cache.checking ??= (async () => {
      try {
        const client = await registry.client(chainId);
        const head = await client.eth_blockNumber();
        const from = cache.checkedBlock! + 1;
        if (head >= from) {
          if (head - from >= MAX_EVENT_RANGE) cache.entries.clear();
          else {
            const contracts = new Set([reg]);
            for (const e of cache.entries.values()) e.contracts.forEach((a) => contracts.add(a));
            const changed = await readEnsChangedNodes(client, [...contracts], from, head);
            for (const [key, e] of cache.entries) if (e.nodes.some((n) => changed.has(n))) cache.entries.delete(key);
          }
          cache.checkedBlock = head;
        }
        cache.checkedAt = Date.now();
      } catch {
        // Unsure what changed: nothing cached is served; the reads that follow go to the chain.
        cache.entries.clear();
        cache.checkedBlock = null;
      } finally {
        cache.checking = null;
      }
    })();
    await cache.checking;
  };

  /** A cached answer, or `load`'s (remembered for ENS_CACHE_SECONDS with the nodes and contracts it read). */
  const cached = async (
    chainId: number,
    reg: string,
    key: string,
    load: () => Promise<{ value: string | null; nodes: string[]; contracts: string[] }>,
  ): Promise<string | null> => {
    const cache = cacheOf(chainId);
    await checkEvents(chainId, reg);
    const hit = cache.entries.get(key);
    if (hit && hit.until > Date.now()) return hit.value;
    const flightKey = `${chainId}:${key}`;
    const inFlight = loading.get(flightKey);
    if (inFlight) return inFlight;
    const p = onChain(chainId, async () => {
      const client = await registry.client(chainId);
      // The block events are read from next time: taken before the records, so a change while reading is seen.
      if (cache.checkedBlock === null && ens.cacheSeconds > 0) {
        cache.checkedBlock = await client.eth_blockNumber();
        cache.checkedAt = Date.now();
      }
      const seenFrom = cache.checkedBlock;
      const found = await load();
      // Events read by a check that ran meanwhile may be newer than these reads and were not matched against them:
      // such an answer is given, not kept.
      if (ens.cacheSeconds > 0 && cache.checkedBlock === seenFrom) {
        if (cache.entries.size >= CACHE_MAX) cache.entries.clear();
        cache.entries.set(key, { ...found, until: Date.now() + ens.cacheSeconds * 1000 });
      }
      return found.value;
    }).finally(() => loading.delete(flightKey));
    loading.set(flightKey, p);
    return p;
  };

  const forward = async (chainId: number, reg: string, normal: string) => {
    const client = await registry.client(chainId);
    const node = ensNode(normal);
    const resolver = await readEnsResolver(client, reg, node);
    const address = resolver ? await readEnsAddr(client, resolver, node) : null;
    return { value: address, nodes: [node.toLowerCase()], contracts: resolver ? [resolver] : [] };
  };

  const resolveNormal = (chainId: number, reg: string, normal: string) => cached(chainId, reg, `f:${normal}`, () => forward(chainId, reg, normal));

  const reverse = (chainId: number, reg: string, address: string) =>
    cached(chainId, reg, `r:${address}`, async () => {
      const client = await registry.client(chainId);
      const node = reverseNode(address);
      const resolver = await readEnsResolver(client, reg, node);
      const claimed = resolver ? await readEnsNameRecord(client, resolver, node) : null;
      const nodes = [node.toLowerCase()];
      const contracts = resolver ? [resolver] : [];
      if (!claimed) return { value: null, nodes, contracts };
      let normal: string;
      try {
        normal = normalizeEnsName(claimed);
      } catch {
        return { value: null, nodes, contracts };
      }
      // A reverse record is a claim anyone can write: the name is primary only if it resolves back to the address.
      const back = await forward(chainId, reg, normal);
      return { value: back.value === address ? normal : null, nodes: [...nodes, ...back.nodes], contracts: [...contracts, ...back.contracts] };
    });

  const normalOf = (field: string, name: unknown): string => {
    if (typeof name !== 'string' || name.trim() === '') throw invalidArgument(field, 'is required: an ENS name such as vitalik.eth');
    try {
      return normalizeEnsName(name);
    } catch (err) {
      throw invalidArgument(field, `is not a valid ENS name (ENSIP-15): ${(err as Error).message}`);
    }
  };

  const isHexAddress = (v: unknown) => typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v.trim());

  return {
    async resolve(creds, req) {
      await auth.requireAccessKey(creds);
      const name = normalOf('name', req.name);
      const { chainId, registry: reg } = namesChain(req.chainId);
      return { chainId, name, address: await resolveNormal(chainId, reg, name) };
    },

    async primaryName(creds, req) {
      await auth.requireAccessKey(creds);
      const address = requireAddress('address', req.address);
      const { chainId, registry: reg } = namesChain(req.chainId);
      return reverse(chainId, reg, address);
    },

    async primaryNameBeside(address) {
      if (ens.chainId === null || !isHexAddress(address)) return null;
      return reverse(ens.chainId, ens.registries.get(ens.chainId)!, address.toLowerCase());
    },

    // A name has a dot (`vitalik.eth`); anything else keeps the address checks' answer (InvalidArgument).
    looksLikeName: (value) => typeof value === 'string' && value.includes('.') && !/^0x[0-9a-fA-F]*$/.test(value.trim()),

    async accountAddress(creds, field, value) {
      if (!this.looksLikeName(value)) return requireAddress(field, value);
      // A chain read: an app's access key, or a project owner's bearer token (the console), pays for it.
      await (creds.accessKey?.trim() ? auth.requireAccessKey(creds) : auth.requireBearer(creds));
      if (ens.chainId === null) throw invalidArgument(field, 'must be a 0x-prefixed 20-byte hex address (this server reads no ENS names: ENS_REGISTRIES)');
      const name = normalOf(field, value);
      const { chainId, registry: reg } = namesChain(undefined);
      const address = await resolveNormal(chainId, reg, name);
      if (!address) throw new DomainError('NotFound', `${field}: the ENS name ${name} has no address on chain ${chainId}`, field);
      return address;
    },
  };
};
