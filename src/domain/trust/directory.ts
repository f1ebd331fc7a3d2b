// The token directory: what Strata trusts as a real token. Built from the configured token lists (read at start, on a
// schedule by workers/token-lists.ts and on the operator's request) and the operator's curation; read by the Metadata
// service's directory methods, by contract-info reads (listings.ts) and by the Indexer's VERIFIED filter (store.ts).
import type { Config, ChainConfig } from '../../config';
import type { Logger } from '../../config/logger';
import type { Db } from '../../db';
import type { FetchPolicy } from '../../web';
import type { Credentials } from '../auth/credentials';
import { requireAdmin, requireReader } from '../auth/admin';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import type { ContractsService } from '../contracts/service';
import { contractKeyOf, type ContractInfo, type ContractKey } from '../contracts/types';
import { invalidArgument, isDomainError, notFound } from '../errors';
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { optionalBoolean, requireAddress, requireText, type Maybe } from '../validate';
import { listedContractInfo } from '../contracts/listing';
import { createListReader, listKeyOf } from './sources';
import { createDirectoryStore, type DirectoryListing, type DirectoryQuery } from './store';
import { TokenListError, compareVersions, parseTokenList, parseVersionText, versionText } from './token-list';

export const DIRECTORY_PAGE = { default: 50, max: 100, cursorTag: 'td1' };
/** Contracts one batch curation call takes at most. */
export const BATCH_MAX = 100;

const featureIndexOf = (n: unknown, field: string): number => {
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 1_000_000) throw invalidArgument(field, 'must be an integer from 0 to 1000000');
  return n;
};

/** One configured list as its last check left it. */
export type TokenListStatus = {
  source: string;
  /** The list's own name ('' before a first accepted import). */
  name: string;
  /** Version of the import in use; null before one. */
  version: string | null;
  /** Tokens of the import in use, on configured chains. */
  tokens: number;
  importedAt: Date | null;
  checkedAt: Date | null;
  /** Why the last check imported nothing (the previous import, if any, stays in use); null when it did or nothing changed. */
  error: string | null;
  /** What the check that produced this status did, when it is a refresh's answer. */
  outcome?: 'IMPORTED' | 'UNCHANGED' | 'REFUSED';
};

type ContractRequest = { chainId?: Maybe<string | number>; contractAddress: string };
type DirectoryFilter = { chainId?: Maybe<string | number>; includeTestnets?: Maybe<boolean>; onlyFeatured?: Maybe<boolean>; page?: PageRequest | null };

export type TokenDirectoryService = {
  /** Chains with tokens in the directory (GetTokenDirectoryNetworks). */
  networks(creds: Credentials, req: { includeTestnets?: Maybe<boolean>; onlyFeatured?: Maybe<boolean> }): Promise<ChainConfig[]>;
  /** The directory's contracts, of one chain or all, featured first (GetTokenDirectory). */
  list(creds: Credentials, req: DirectoryFilter): Promise<Page<ContractInfo>>;
  /** Contracts whose name or symbol contains `query` (or whose address it is) (SearchTokenDirectory). */
  search(creds: Credentials, req: DirectoryFilter & { query: string }): Promise<Page<ContractInfo>>;

  // Admin (`Authorization: Bearer <ADMIN_TOKEN>`).
  isListed(creds: Credentials, req: ContractRequest): Promise<{ listed: boolean; featureIndex: number }>;
  /** In the directory whatever the lists say (undoes a removal). */
  add(creds: Credentials, req: ContractRequest): Promise<ContractInfo>;
  /** Out of the directory whatever the lists say; NotFound when it is not in it. */
  remove(creds: Credentials, req: ContractRequest): Promise<ContractInfo>;
  /** Featured above 0 (higher first), not featured at 0; NotFound when it is not in the directory. */
  setFeatureIndex(creds: Credentials, req: ContractRequest & { featureIndex: number }): Promise<ContractInfo>;
  /** Several at once (the deprecated AddContractsToTokenDirectory): each added, with its feature index when given. */
  addMany(creds: Credentials, req: { contracts: Array<ContractRequest & { featureIndex?: Maybe<number> }> }): Promise<ContractInfo[]>;
  /** Several of one chain out at once (the deprecated RemoveContractsFromTokenDirectory); one not in it is kept out too. */
  removeMany(creds: Credentials, req: { chainId?: Maybe<string | number>; contractAddresses: string[] }): Promise<number>;
  lists(creds: Credentials): Promise<TokenListStatus[]>;
  /** Reads every configured list again now and answers what each read did. */
  refresh(creds: Credentials): Promise<TokenListStatus[]>;

  // Internal: no caller check.
  refreshAll(): Promise<TokenListStatus[]>;
  listingsFor(keys: ContractKey[]): Promise<Map<string, DirectoryListing>>;
  /** Which of `addresses` of `chainId` are in the directory. */
  membersOf(chainId: number, addresses: string[]): Promise<Set<string>>;
  close(): Promise<void>;
};

export const createTokenDirectoryService = ({
  config,
  db,
  auth,
  chains,
  contracts,
  logger,
  fetchPolicy,
}: {
  config: Pick<Config, 'adminToken' | 'trust'>;
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  /** Set once the contracts service exists (it reads listings from this service). */
  contracts: () => ContractsService;
  logger: Logger;
  fetchPolicy?: Partial<FetchPolicy>;
}): TokenDirectoryService => {
  const store = createDirectoryStore(db);
  const reader = createListReader(config.trust, fetchPolicy);
  const sources = config.trust.tokenLists;
  const listOrder = sources.map(listKeyOf);
  const configured = () => new Set(chains.all().map((c) => c.chainId));
  // Which chains an import kept is part of what it imported: a chain added to CHAINS makes the same document new.
  const importHash = (contentHash: string) => `${contentHash.slice(0, 48)}${listKeyOf([...configured()].sort((a, b) => a - b).join(',')).slice(0, 16)}`;

  const keyOf = (req: ContractRequest): ContractKey => ({
    chainId: chains.resolve('chainID', req.chainId).chainId,
    address: requireAddress('contractAddress', req.contractAddress),
  });

  const chainIdsOf = (req: DirectoryFilter): number[] => {
    if (req.chainId !== undefined && req.chainId !== null && req.chainId !== '' && req.chainId !== 0) return [chains.resolve('chainID', req.chainId).chainId];
    const testnets = optionalBoolean('includeTestnets', req.includeTestnets) ?? false;
    return chains
      .all()
      .filter((c) => testnets || !c.testnet)
      .map((c) => c.chainId);
  };

  const statusOf = (row: Awaited<ReturnType<typeof store.listRows>>[number] | undefined, source: string): TokenListStatus => ({
    source,
    name: row?.name ?? '',
    version: row?.version ? row.version : null,
    tokens: row?.tokens ?? 0,
    importedAt: row?.importedAt ?? null,
    checkedAt: row?.checkedAt ?? null,
    error: row?.lastError ?? null,
  });

  const refreshOne = async (source: string): Promise<TokenListStatus['outcome']> => {
    const listKey = listKeyOf(source);
    const previous = (await store.listRows()).find((r) => r.listKey === listKey);
    try {
      const parsed = parseTokenList(await reader.read(source), configured());
      const hash = importHash(parsed.contentHash);
      if (previous?.importedAt && previous.contentHash === hash) {
        await store.recordCheck(listKey, source, null);
        return 'UNCHANGED';
      }
      const before = previous?.version ? parseVersionText(previous.version) : null;
      if (before && compareVersions(parsed.version, before) < 0) {
        throw new TokenListError(`version ${versionText(parsed.version)} is older than the imported ${previous!.version}; kept ${previous!.version}`);
      }
      await store.importList(listKey, source, { ...parsed, contentHash: hash }, versionText(parsed.version));
      logger.info(
        { list: parsed.name, source, version: versionText(parsed.version), tokens: parsed.tokens.length, otherChains: parsed.otherChains, logosDropped: parsed.logosDropped },
        'token list imported',
      );
      return 'IMPORTED';
    } catch (err) {
      if (!(err instanceof TokenListError)) throw err;
      const message = `${source.length > 200 ? `${source.slice(0, 200)}…` : source}: ${err.message}`.slice(0, 1000);
      await store.recordCheck(listKey, source, message);
      logger.warn({ source, reason: err.message }, 'token list refused; the previous import (if any) stays in use');
      return 'REFUSED';
    }
  };

  let queue: Promise<unknown> = Promise.resolve();
  const refreshAll = (): Promise<TokenListStatus[]> => {
    // One refresh at a time in a process; one asked for while another runs reads the lists again after it.
    const run = queue.then(async () => {
      const outcomes = new Map<string, TokenListStatus['outcome']>();
      for (const source of sources) outcomes.set(source, await refreshOne(source));
      const dropped = await store.dropListsOtherThan(listOrder);
      if (dropped) logger.info({ dropped }, 'token lists no longer configured dropped, with their tokens');
      const rows = await store.listRows();
      return sources.map((s) => ({ ...statusOf(rows.find((r) => r.listKey === listKeyOf(s)), s), outcome: outcomes.get(s) }));
    });
    queue = run.catch(() => undefined);
    return run;
  };

  /** Infos of a page of members: what Strata stores (with the listing and overrides), else what the list says. */
  const infosOf = async (keys: ContractKey[]): Promise<ContractInfo[]> => {
    const stored = await contracts().getStored(keys);
    const missing = keys.filter((k) => !stored.has(contractKeyOf(k)));
    const listings = await store.listingsFor(missing, listOrder);
    // A contract only the operator added has nothing a list says: read it from its chain (once; stored after).
    const unread = missing.filter((k) => !listings.get(contractKeyOf(k))?.token);
    const read = unread.length ? await contracts().getMany(unread) : [];
    const readBy = new Map(unread.map((k, i) => [contractKeyOf(k), read[i]]));
    return keys.map((k) => {
      const id = contractKeyOf(k);
      const s = stored.get(id);
      if (s) return s;
      const l = listings.get(id);
      if (l?.token) return listedContractInfo(k.chainId, k.address, { ...l, token: l.token });
      const r = readBy.get(id);
      return r && !isDomainError(r) ? r : listedContractInfo(k.chainId, k.address, { lists: [], added: true, featureIndex: l?.featureIndex ?? 0, token: { name: '', symbol: '', decimals: 0, logoURI: null } });
    });
  };

  const pageOf = async (q: DirectoryQuery, req: DirectoryFilter): Promise<Page<ContractInfo>> => {
    const page = resolvePageRequest(req.page, DIRECTORY_PAGE);
    const total = () => store.count(q);
    const w = await offsetWindow(DIRECTORY_PAGE.cursorTag, page, total);
    const rows = await store.page(q, w.offset, w.limit);
    const infos = await infosOf(rows.slice(0, page.pageSize));
    const byKey = new Map(infos.map((i) => [contractKeyOf(i), i]));
    return { ...offsetPage(DIRECTORY_PAGE.cursorTag, rows, page, w, (r) => byKey.get(contractKeyOf(r))!), totalCount: total };
  };

  const membership = async (k: ContractKey) => (await store.listingsFor([k], listOrder)).get(contractKeyOf(k));
  const infoOf = async (k: ContractKey) => (await infosOf([k]))[0];

  return {
    async networks(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      const ids = chainIdsOf({ includeTestnets: req.includeTestnets });
      const withMembers = await store.chainsWithMembers(ids, optionalBoolean('onlyFeatured', req.onlyFeatured) ?? false);
      return chains.all().filter((c) => withMembers.includes(c.chainId));
    },

    async list(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      return pageOf({ chainIds: chainIdsOf(req), onlyFeatured: optionalBoolean('onlyFeatured', req.onlyFeatured) ?? false }, req);
    },

    async search(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      const text = requireText('query', req.query, 200).trim().toLowerCase();
      if (!text) throw invalidArgument('query', 'must not be empty');
      return pageOf({ chainIds: chainIdsOf(req), onlyFeatured: optionalBoolean('onlyFeatured', req.onlyFeatured) ?? false, text }, req);
    },

    async isListed(creds, req) {
      requireAdmin(creds, config.adminToken);
      const l = await membership(keyOf(req));
      return { listed: Boolean(l), featureIndex: l?.featureIndex ?? 0 };
    },

    async add(creds, req) {
      requireAdmin(creds, config.adminToken);
      const k = keyOf(req);
      await store.curate(k, { listed: true });
      return infoOf(k);
    },

    async remove(creds, req) {
      requireAdmin(creds, config.adminToken);
      const k = keyOf(req);
      if (!(await membership(k))) throw notFound(`${k.address} on chain ${k.chainId} in the token directory`);
      await store.curate(k, { listed: false });
      return infoOf(k);
    },

    async setFeatureIndex(creds, req) {
      requireAdmin(creds, config.adminToken);
      const k = keyOf(req);
      const n = featureIndexOf(req.featureIndex, 'featureIndex');
      if (!(await membership(k))) throw notFound(`${k.address} on chain ${k.chainId} in the token directory`);
      await store.curate(k, { featureIndex: n });
      return infoOf(k);
    },

    async addMany(creds, req) {
      requireAdmin(creds, config.adminToken);
      if (!Array.isArray(req.contracts) || req.contracts.length > BATCH_MAX) throw invalidArgument('contracts', `must be a list of at most ${BATCH_MAX} contracts`);
      // Every entry checked before any is written.
      const items = req.contracts.map((c, i) => ({ k: keyOf(c), featureIndex: c.featureIndex == null ? undefined : featureIndexOf(c.featureIndex, `contracts[${i}].featureIndex`) }));
      for (const { k, featureIndex } of items) await store.curate(k, { listed: true, ...(featureIndex !== undefined ? { featureIndex } : {}) });
      return infosOf(items.map((i) => i.k));
    },

    async removeMany(creds, req) {
      requireAdmin(creds, config.adminToken);
      const chainId = chains.resolve('chainID', req.chainId).chainId;
      if (!Array.isArray(req.contractAddresses) || req.contractAddresses.length > BATCH_MAX) throw invalidArgument('contracts', `must be a list of at most ${BATCH_MAX} addresses`);
      const keys = req.contractAddresses.map((a, i) => ({ chainId, address: requireAddress(`contracts[${i}]`, a) }));
      for (const k of keys) await store.curate(k, { listed: false });
      return keys.length;
    },

    async lists(creds) {
      requireAdmin(creds, config.adminToken);
      const rows = await store.listRows();
      return sources.map((s) => statusOf(rows.find((r) => r.listKey === listKeyOf(s)), s));
    },

    async refresh(creds) {
      requireAdmin(creds, config.adminToken);
      return refreshAll();
    },

    refreshAll,
    listingsFor: (keys) => store.listingsFor(keys, listOrder),
    membersOf: async (chainId, addresses) => {
      const found = await store.listingsFor(
        addresses.map((address) => ({ chainId, address })),
        listOrder,
      );
      return new Set([...found.keys()].map((id) => id.slice(id.indexOf(':') + 1)));
    },
    close: () => reader.close(),
  };
};
