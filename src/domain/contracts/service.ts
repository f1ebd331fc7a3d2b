// Contract information: built from the chain on first ask, stored, refreshed on demand, flagged by the operator, searched.
import type { Config } from '../../config';
import type { Logger } from '../../config/logger';
import { chainAddressWhere, type Db } from '../../db';
import { ContractEntity } from '../../db';
import type { ChainRegistry } from '../../chain/registry';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { DomainError, isDomainError } from '../errors';
import type { Page } from '../paging';
import { type Maybe, optionalBoolean, optionalText, optionalUrl } from '../validate';
import { requireAddressList } from './address';
import { requireAddress } from '../validate';
import { requireAdmin, requireReader } from '../auth/admin';
import { waitAtMost, type BackgroundJobs } from '../metadata-fetch/background';
import { createContractBuilder, UNDEPLOYED_RECHECK_MS } from './builder';
import type { MetadataWeb } from '../metadata-fetch/web';
import { applyOverride, type ContractOverridesService } from './overrides';
import { contractInfoFromRow, emptyStoredExtensions, parseStoredExtensions } from './rows';
import { searchContracts, searchQueryOf, type SearchRequest } from './search';
import { contractKeyOf, type ContractFlagsInput, type ContractInfo, type ContractKey } from './types';
import { applyListing, type DirectoryListing } from './listing';

/** The token directory's word on contracts (domain/trust), applied under the overrides. */
export type DirectoryListings = { listingsFor(keys: ContractKey[]): Promise<Map<string, DirectoryListing>> };
const NO_DIRECTORY: DirectoryListings = { listingsFor: async () => new Map() };

/** SearchContractInfoBatch takes at most this many addresses. */
export const FIND_BATCH_MAX = 50;

type ContractRequest = { chainId?: Maybe<string>; contractAddress: string };

export type ContractsService = {
  /** Access key check plus the validated key of GetContractInfo (the caller then loads it, usually through a DataLoader). */
  checkGet(creds: Credentials, req: ContractRequest): Promise<ContractKey>;
  /** Same for GetContractInfoBatch: one chain, at most 50 addresses (de-duplicated, in request order). */
  checkGetBatch(creds: Credentials, req: { chainId?: Maybe<string>; contractAddresses: string[] }): Promise<ContractKey[]>;
  /** GetContractInfo in one call (no DataLoader). */
  get(creds: Credentials, req: ContractRequest): Promise<ContractInfo>;
  /** SearchContractInfo: the address on every configured chain where it has code (or is stored). */
  find(creds: Credentials, req: { contractAddress: string }): Promise<ContractInfo[]>;
  /** SearchContractInfoBatch: one entry per requested address, in request order. */
  findBatch(creds: Credentials, req: { contractAddresses: string[] }): Promise<Array<{ address: string; contractInfo: ContractInfo[] }>>;
  search(creds: Credentials, req: SearchRequest): Promise<Page<ContractInfo>>;
  /** Re-reads the contract from its chain and its contractURI document (the read bound applies). */
  refresh(creds: Credentials, req: ContractRequest): Promise<ContractInfo>;
  /** Admin: operator flags (`Authorization: Bearer <ADMIN_TOKEN>`). */
  setFlags(creds: Credentials, req: ContractRequest & ContractFlagsInput): Promise<ContractInfo>;

  // Internal: no caller check. Loaders, the Indexer (includeMetadata, VERIFIED filtering) and the CLI use these.
  /**
   * One result per key, in order: the info (built from the chain when Strata has not seen the
   * contract) or a DomainError (Unavailable when the node does not answer). Waits for web fetches
   * at most the read bound.
   */
  getMany(keys: ContractKey[], opts?: { waitMs?: number }): Promise<Array<ContractInfo | DomainError>>;
  /** What is stored, without touching the chain or the web; keyed by `chainId:address`. */
  getStored(keys: ContractKey[]): Promise<Map<string, ContractInfo>>;
  /** Refresh for operators (CLI): waits for the contractURI document however long the fetch takes. */
  refreshNow(key: ContractKey): Promise<ContractInfo>;
  /** Operator flags without the admin check (CLI). */
  setFlagsAsOperator(req: ContractRequest & ContractFlagsInput): Promise<ContractInfo>;
};

export const createContractsService = ({
  config,
  db,
  registry,
  auth,
  chains,
  web,
  jobs,
  logger,
  overrides,
  directory = NO_DIRECTORY,
}: {
  config: Pick<Config, 'adminToken' | 'metadata'>;
  db: Db;
  registry: ChainRegistry;
  auth: AuthService;
  chains: ChainsService;
  web: MetadataWeb;
  jobs: BackgroundJobs;
  logger: Logger;
  /** The operator's overrides, applied to every info this service answers. */
  overrides: ContractOverridesService;
  /** The token directory: a listed token's name, symbol, decimals and logo feed its info (overrides still win). */
  directory?: DirectoryListings;
}): ContractsService => {
  const repo = db.getRepository(ContractEntity);
  const builder = createContractBuilder({ db, registry, web, jobs, logger, timeoutMs: config.metadata.timeoutMs });

  const keyOf = (req: ContractRequest): ContractKey => ({
    chainId: chains.resolve('chainId', req.chainId).chainId,
    address: requireAddress('contractAddress', req.contractAddress),
  });

  /** Stored rows of `keys` in one statement (one branch per chain), keyed by contractKeyOf. */
  const storedRows = async (keys: ContractKey[]) => {
    const { where, params } = chainAddressWhere('c', 'chainId', 'address', keys);
    const rows = await repo.createQueryBuilder('c').where(where, params).getMany();
    return new Map(rows.map((r) => [contractKeyOf(r), r]));
  };

  const getMany = async (keys: ContractKey[], opts: { force?: boolean; waitMs?: number } = {}) => {
    const started = Date.now();
    const unique = [...new Map(keys.map((k) => [contractKeyOf(k), k])).values()];
    const rows = unique.length ? await storedRows(unique) : new Map();
    const results = new Map<string, ContractInfo | DomainError>();
    const documents: Promise<unknown>[] = [];
    const touched: ContractKey[] = [];
    await Promise.all(
      unique.map(async (k) => {
        const id = contractKeyOf(k);
        const row = rows.get(id);
        const ext = row ? parseStoredExtensions(row.extensions) : null;
        const recheck = row && !row.deployed && row.refreshedAt.getTime() + UNDEPLOYED_RECHECK_MS <= started;
        if (row && ext && !opts.force && !recheck) {
          results.set(id, contractInfoFromRow(row));
          if (builder.documentDue(ext, k, started)) {
            documents.push(builder.fetchDocument(k));
            touched.push(k);
          }
          return;
        }
        const built = await builder.build(k, { force: opts.force });
        if ('error' in built) {
          // A row ingestion inserted still answers when the node is down.
          results.set(id, row ? contractInfoFromRow(row) : built.error);
          return;
        }
        results.set(id, built.info);
        if (built.document) {
          documents.push(built.document);
          touched.push(k);
        }
      }),
    );
    if (documents.length) {
      await waitAtMost(documents, (opts.waitMs ?? web.readWaitMs) - (Date.now() - started));
      for (const [id, row] of await storedRows(touched)) results.set(id, contractInfoFromRow(row));
    }
    const [applied, listed] = await Promise.all([overrides.forKeys(unique), directory.listingsFor(unique)]);
    return keys.map((k) => {
      const id = contractKeyOf(k);
      const r = results.get(id)!;
      return isDomainError(r) ? r : applyOverride(applyListing(r, listed.get(id)), applied.get(id));
    });
  };

  /** A page of infos read from rows, with the overrides applied. */
  const overridden = async (page: Page<ContractInfo>): Promise<Page<ContractInfo>> => {
    const keys = page.items.map((i) => i.node);
    const [applied, listed] = await Promise.all([overrides.forKeys(keys), directory.listingsFor(keys)]);
    const node = (n: ContractInfo) => applyOverride(applyListing(n, listed.get(contractKeyOf(n))), applied.get(contractKeyOf(n)));
    return { ...page, items: page.items.map((i) => ({ cursor: i.cursor, node: node(i.node) })) };
  };

  const one = async (k: ContractKey, opts: { force?: boolean; waitMs?: number } = {}) => {
    const [r] = await getMany([k], opts);
    if (isDomainError(r)) throw r;
    return r;
  };

  const onEveryChain = async (addresses: string[]) => {
    const keys = addresses.flatMap((address) => chains.all().map((c) => ({ chainId: c.chainId, address })));
    const found = await getMany(keys);
    const byAddress = new Map<string, ContractInfo[]>(addresses.map((a) => [a, []]));
    found.forEach((r) => {
      // Chains whose node is down are left out rather than failing the whole lookup.
      if (!isDomainError(r) && (r.deployed || r.updatedAt !== null)) byAddress.get(r.address)!.push(r);
    });
    return byAddress;
  };

  const setFlagsAsOperator = async (req: ContractRequest & ContractFlagsInput) => {
    const k = keyOf(req);
    const patch: Record<string, unknown> = {};
    const verified = optionalBoolean('verified', req.verified);
    const blacklist = optionalBoolean('blacklist', req.blacklist);
    const featured = optionalBoolean('featured', req.featured);
    const verifiedBy = optionalText('verifiedBy', req.verifiedBy, 200);
    const logoUri = optionalUrl('logoUri', req.logoUri);
    if (verified !== undefined) patch.verified = verified;
    if (blacklist !== undefined) patch.blacklist = blacklist;
    if (featured !== undefined) patch.featured = featured;
    if (verifiedBy !== undefined) patch.verifiedBy = verifiedBy || null;
    if (logoUri !== undefined) patch.logoURI = logoUri || null;
    const info = await one(k);
    if (info.updatedAt === null) {
      // Flags may be set before the contract is deployed: keep a row for them (unless a build just stored one).
      const now = new Date();
      await repo
        .createQueryBuilder()
        .insert()
        .orIgnore()
        .values({
          ...k,
          type: 'UNKNOWN',
          name: '',
          symbol: '',
          decimals: null,
          deployed: false,
          bytecodeHash: '0x',
          extensions: JSON.stringify(emptyStoredExtensions({ uri: null, status: 'none', attempts: 0 })),
          refreshedAt: now,
          updatedAt: now,
        })
        .execute();
    }
    if (Object.keys(patch).length) await repo.update({ chainId: k.chainId, address: k.address }, { ...patch, updatedAt: new Date() });
    const stored = contractInfoFromRow(await repo.findOneByOrFail({ chainId: k.chainId, address: k.address }));
    const listing = (await directory.listingsFor([k])).get(contractKeyOf(k));
    return applyOverride(applyListing(stored, listing), (await overrides.forKeys([k])).get(contractKeyOf(k)));
  };

  return {
    async checkGet(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      return keyOf(req);
    },

    async checkGetBatch(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      const chainId = chains.resolve('chainId', req.chainId).chainId;
      return requireAddressList('contractAddresses', req.contractAddresses, FIND_BATCH_MAX).map((address) => ({ chainId, address }));
    },

    async get(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      return one(keyOf(req));
    },

    async find(creds, req) {
      await auth.requireAccessKey(creds);
      const address = requireAddress('contractAddress', req.contractAddress);
      return (await onEveryChain([address])).get(address)!;
    },

    async findBatch(creds, req) {
      await auth.requireAccessKey(creds);
      const addresses = requireAddressList('contractAddresses', req.contractAddresses, FIND_BATCH_MAX);
      const found = await onEveryChain(addresses);
      return addresses.map((address) => ({ address, contractInfo: found.get(address)! }));
    },

    async search(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      return overridden(await searchContracts(db, searchQueryOf(chains, req)));
    },

    async refresh(creds, req) {
      await auth.requireAccessKey(creds);
      return one(keyOf(req), { force: true });
    },

    async setFlags(creds, req) {
      requireAdmin(creds, config.adminToken);
      return setFlagsAsOperator(req);
    },

    getMany: (keys, opts) => getMany(keys, opts),

    async getStored(keys) {
      const rows = keys.length ? await storedRows(keys) : new Map();
      const [applied, listed] = await Promise.all([overrides.forKeys(keys), directory.listingsFor(keys)]);
      return new Map([...rows].map(([id, row]) => [id, applyOverride(applyListing(contractInfoFromRow(row), listed.get(id)), applied.get(id))]));
    },

    refreshNow: (k) => one(k, { force: true, waitMs: 2 * config.metadata.timeoutMs + 30_000 }),

    setFlagsAsOperator,
  };
};
