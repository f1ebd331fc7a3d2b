// Token metadata: cached documents fetched from token URIs (or answered by a linked hosted collection), with backoff and bounded reads.
import type { Logger } from '../../config/logger';
import type { Db } from '../../db';
import { WebError, type NormalizedTokenMetadata } from '../../web';
import { TokenMetadataEntity, type TokenMetadataRow } from '../../db';
import type { ChainRegistry } from '../../chain/registry';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { ServiceBusyError, isDomainError, type DomainError } from '../errors';
import { waitAtMost, type BackgroundJobs } from '../metadata-fetch/background';
import { RETRY_BASE_MS, retryAt } from '../metadata-fetch/backoff';
import { isPlaceholderDocument, PLACEHOLDER_NOTE } from '../metadata-fetch/placeholder';
import { shortError } from '../metadata-fetch/failures';
import type { MetadataWeb } from '../metadata-fetch/web';
import type { ContractsService } from '../contracts/service';
import { contractKeyOf, type ContractInfo } from '../contracts/types';
import { fetchTokenDocument, readTokenUri, TokenFetchError } from './fetch-token';
import type { CollectionLinksService } from './links';
import { metadataFromCollectionToken, metadataFromRow, pendingMetadata } from './rows';
import { tokenKeyOf, type TokenKey, type TokenMetadata } from './types';
import { batchKeysOf, tokenKeysOf } from './validate-request';
import type { Maybe } from '../validate';

type GetRequest = { chainId?: Maybe<string>; contractAddress: string; tokenIds: string[] };
import type { BatchEntry } from './validate-request';
type BatchRequest = { chainId: string; contractTokenMap: BatchEntry[] };

export type TokenMetadataService = {
  /** Access key check plus the validated keys of GetTokenMetadata (loaded next, through the DataLoader). */
  checkGet(creds: Credentials, req: GetRequest): Promise<TokenKey[]>;
  /** Same for GetTokenMetadataBatch: one group per requested contract, ≤ 50 contracts × 50 tokens. */
  checkGetBatch(creds: Credentials, req: BatchRequest): Promise<Array<{ contractAddress: string; keys: TokenKey[] }>>;
  /** Fetches the tokens again now, whatever the backoff says; answers within the read bound. */
  refresh(creds: Credentials, req: GetRequest): Promise<TokenMetadata[]>;

  // Internal: no caller check. Loaders, the Indexer (includeMetadata) and the CLI use these.
  /**
   * One TokenMetadata per key, in order. Tokens never fetched (or failed and due for a retry)
   * are fetched; the call waits for those fetches at most the read bound, then answers with
   * what is stored (status FETCHING for the rest, which finish in the background).
   */
  getMany(keys: TokenKey[]): Promise<TokenMetadata[]>;
  /** Refresh for operators (CLI): waits for the fetches however long they take. */
  refreshNow(keys: TokenKey[]): Promise<TokenMetadata[]>;
  /** Stops starting fetches and waits briefly for running ones (contracts' too); closes the fetcher. */
  close(): Promise<void>;
};

const URI_KEPT_MAX = 2_048;

export const createTokenMetadataService = ({
  db,
  registry,
  auth,
  chains,
  contracts,
  links,
  web,
  jobs,
  contractJobs,
  logger,
  timeoutMs,
  searchIndex,
  media,
  retryBaseMs = RETRY_BASE_MS,
}: {
  db: Db;
  registry: ChainRegistry;
  auth: AuthService;
  chains: ChainsService;
  contracts: ContractsService;
  links: CollectionLinksService;
  web: MetadataWeb;
  jobs: BackgroundJobs;
  contractJobs: BackgroundJobs;
  logger: Logger;
  timeoutMs: number;
  /** Trait search's index (token-search/index-store.ts, composed in metadata-services.ts), told of every document stored. */
  searchIndex?: { write(k: TokenKey, doc: NormalizedTokenMetadata, fetchedAt: Date): Promise<void> };
  /** The media cache, told of each document stored (it queues the document's media). */
  media?: { noteDocument(k: TokenKey, doc: NormalizedTokenMetadata): Promise<void> };
  /** First retry delay of a failed or placeholder fetch (doubles per failure, capped). */
  retryBaseMs?: number;
}): TokenMetadataService => {
  const repo = db.getRepository(TokenMetadataEntity);
  let closed = false;
  let closing: Promise<void> | undefined;

  /** Stored rows of `keys` in one statement (one branch per contract, primary-key lookups), keyed by tokenKeyOf. */
  const storedRows = async (keys: TokenKey[]) => {
    const groups = new Map<string, TokenKey[]>();
    for (const k of keys) {
      const g = `${k.chainId}:${k.contract}`;
      groups.set(g, [...(groups.get(g) ?? []), k]);
    }
    const params: Record<string, unknown> = {};
    const branches = [...groups.values()].map((g, i) => {
      params[`c${i}`] = g[0].chainId;
      params[`k${i}`] = g[0].contract;
      params[`i${i}`] = g.map((k) => k.tokenId);
      return `(t.chainId = :c${i} AND t.contract = :k${i} AND t.tokenId IN (:...i${i}))`;
    });
    const rows = await repo.createQueryBuilder('t').where(branches.join(' OR '), params).getMany();
    return new Map(rows.map((r) => [tokenKeyOf(r), r]));
  };

  /** Writes only the given columns: a failure keeps the document of an earlier success. */
  const record = async (k: TokenKey, patch: Partial<TokenMetadataRow>) => {
    await repo.upsert({ chainId: k.chainId, contract: k.contract, tokenId: k.tokenId, ...patch }, ['chainId', 'contract', 'tokenId']);
    // Trait search follows every document stored (domain/token-search); a failure there is logged, not the fetch's.
    if (searchIndex && patch.document && patch.fetchedAt) await searchIndex.write(k, JSON.parse(patch.document), patch.fetchedAt);
    // Media follows too; a failure to queue it is logged, never the fetch's (a read queues it again).
    if (media && patch.document) await media.noteDocument(k, JSON.parse(patch.document)).catch((err) => logger.warn({ err, token: tokenKeyOf(k) }, 'queueing token media failed'));
  };

  /** Why no token of this contract can have metadata now, or null when its tokens are worth fetching. */
  const notFetchable = (info: ContractInfo | DomainError): string | null => {
    if (isDomainError(info)) return info.message;
    if (!info.deployed) return 'no contract is deployed at this address';
    if (info.type === 'ERC20') return 'an ERC-20 contract has no token metadata';
    return null;
  };

  /** Records the same failure for many tokens in a few statements (a 50 × 50 batch of a non-NFT contract). */
  const recordFailures = async (keys: TokenKey[], rows: Map<string, TokenMetadataRow>, error: string) => {
    const now = Date.now();
    const failed = keys.map((k) => {
      const row = rows.get(tokenKeyOf(k));
      const attempts = (row?.status === 'FAILED' ? row.attempts : 0) + 1;
      return { ...k, status: 'FAILED' as const, sourceUri: null, error, attempts, attemptedAt: new Date(now), retryAt: retryAt(attempts, now, retryBaseMs), updatedAt: new Date(now) };
    });
    for (let i = 0; i < failed.length; i += 200) {
      await repo.upsert(failed.slice(i, i + 200), ['chainId', 'contract', 'tokenId']);
    }
  };

  /** Reads the URI, fetches and normalises the document, and records the outcome, success or failure. */
  const fetchAndStore = async (k: TokenKey, info: ContractInfo, previousAttempts: number) => {
    const now = new Date();
    let uri: string | null = null;
    try {
      try {
        uri = await readTokenUri(registry, k, info.type);
      } catch (err) {
        logger.warn({ err, token: tokenKeyOf(k) }, 'reading a token URI failed');
        throw new TokenFetchError(`chain ${k.chainId}: the node did not answer; try again later`);
      }
      if (!uri) throw new TokenFetchError('the contract returned no token URI for this token');
      const doc = await fetchTokenDocument(web, uri, k.tokenId);
      // A placeholder is served, and counted as a failure for the retry schedule (metadata-fetch/placeholder.ts).
      const placeholder = isPlaceholderDocument(doc);
      const attempts = placeholder ? previousAttempts + 1 : 0;
      await record(k, {
        status: 'AVAILABLE',
        sourceUri: uri.slice(0, URI_KEPT_MAX),
        document: JSON.stringify(doc),
        error: placeholder ? PLACEHOLDER_NOTE : null,
        attempts,
        fetchedAt: new Date(),
        attemptedAt: now,
        retryAt: placeholder ? retryAt(attempts, Date.now(), retryBaseMs) : null,
        updatedAt: new Date(),
      });
    } catch (err) {
      // Whatever went wrong (refused address, timeout, bad JSON, node down, a bug): record it and back off.
      if (!(err instanceof TokenFetchError) && !(err instanceof WebError)) logger.error({ err, token: tokenKeyOf(k) }, 'token metadata fetch failed unexpectedly');
      const attempts = previousAttempts + 1;
      logger.debug({ err: shortError(err), token: tokenKeyOf(k), attempts }, 'token metadata fetch failed');
      await record(k, {
        status: 'FAILED',
        sourceUri: uri?.slice(0, URI_KEPT_MAX) ?? null,
        error: shortError(err),
        attempts,
        attemptedAt: now,
        retryAt: retryAt(attempts, Date.now(), retryBaseMs),
        updatedAt: new Date(),
      });
    }
  };

  const startFetch = (k: TokenKey, info: ContractInfo, row: TokenMetadataRow | undefined) =>
    jobs.run(`token:${tokenKeyOf(k)}`, () => fetchAndStore(k, info, row?.attempts ?? 0));

  /** Fetches tokens of one contract: not in a job pool itself (it waits on both pools), so it cannot deadlock them. */
  const fetchContractTokens = async (keys: TokenKey[], rows: Map<string, TokenMetadataRow>) => {
    const [info] = await contracts.getMany([{ chainId: keys[0].chainId, address: keys[0].contract }], { waitMs: 0 });
    if (closed || info instanceof ServiceBusyError) return;
    const why = notFetchable(info);
    if (why !== null) return recordFailures(keys, rows, why);
    await Promise.all(keys.map((k) => startFetch(k, info as ContractInfo, rows.get(tokenKeyOf(k)))));
  };

  const getMany = async (keys: TokenKey[], opts: { force?: boolean; waitMs?: number } = {}): Promise<TokenMetadata[]> => {
    const started = Date.now();
    const unique = [...new Map(keys.map((k) => [tokenKeyOf(k), k])).values()];
    const results = new Map<string, TokenMetadata>();

    // Tokens of contracts linked to a hosted collection are answered by the collection, never fetched.
    const contractKeys = [...new Map(unique.map((k) => [`${k.chainId}:${k.contract}`, { chainId: k.chainId, address: k.contract }])).values()];
    const linked = await links.collectionsOf(contractKeys);
    const onChain: TokenKey[] = [];
    const byCollection = new Map<number, TokenKey[]>();
    for (const k of unique) {
      const link = linked.get(contractKeyOf({ chainId: k.chainId, address: k.contract }));
      if (!link) onChain.push(k);
      else if (link.private) results.set(tokenKeyOf(k), pendingMetadata(k, false));
      else byCollection.set(link.collectionId, [...(byCollection.get(link.collectionId) ?? []), k]);
    }
    await Promise.all(
      [...byCollection].map(async ([collectionId, ks]) => {
        const tokens = await links.publicTokens(collectionId, ks.map((k) => k.tokenId));
        for (const k of ks) {
          const t = tokens.get(k.tokenId);
          results.set(tokenKeyOf(k), t ? metadataFromCollectionToken(k, t) : pendingMetadata(k, false));
        }
      }),
    );

    let rows = onChain.length ? await storedRows(onChain) : new Map<string, TokenMetadataRow>();
    const due = onChain.filter((k) => {
      const row = rows.get(tokenKeyOf(k));
      return !row || opts.force || (row.status === 'FAILED' && (!row.retryAt || row.retryAt.getTime() <= started));
    });
    // Per contract: its type (tokenURI or uri) is looked up once, then its tokens are fetched. The
    // read waits for all of it (chain reads included) at most the bound; the rest goes on in the background.
    const byContract = new Map<string, TokenKey[]>();
    for (const k of due) byContract.set(`${k.chainId}:${k.contract}`, [...(byContract.get(`${k.chainId}:${k.contract}`) ?? []), k]);
    const unsettled = new Set<string>();
    const fetches = [...byContract.values()].map((ks) => {
      ks.forEach((k) => unsettled.add(tokenKeyOf(k)));
      return fetchContractTokens(ks, rows)
        .catch((err) => logger.error({ err }, 'token metadata fetches failed'))
        .finally(() => ks.forEach((k) => unsettled.delete(tokenKeyOf(k))));
    });
    if (fetches.length) {
      await waitAtMost(fetches, (opts.waitMs ?? web.readWaitMs) - (Date.now() - started));
      rows = await storedRows(onChain);
    }
    for (const k of onChain) {
      const id = tokenKeyOf(k);
      results.set(id, metadataFromRow(k, rows.get(id), unsettled.has(id) || jobs.running(`token:${id}`)));
    }
    return keys.map((k) => results.get(tokenKeyOf(k))!);
  };

  return {
    async checkGet(creds, req) {
      await auth.requireAccessKey(creds);
      return tokenKeysOf(chains, req);
    },

    async checkGetBatch(creds, req) {
      await auth.requireAccessKey(creds);
      return batchKeysOf(chains, req);
    },

    async refresh(creds, req) {
      await auth.requireAccessKey(creds);
      return getMany(tokenKeysOf(chains, req), { force: true });
    },

    getMany: (keys) => getMany(keys),

    refreshNow: (keys) => getMany(keys, { force: true, waitMs: 2 * timeoutMs + 60_000 }),

    close() {
      // Idempotent: the composition root and tests may both close it.
      closing ??= (async () => {
        closed = true;
        await Promise.all([jobs.close(), contractJobs.close()]);
        await web.fetcher.close();
      })();
      return closing;
    },
  };
};
