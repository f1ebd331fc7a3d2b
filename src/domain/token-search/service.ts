// Trait search over stored token metadata: tokens of a contract by property values and name text, tokens of any
// contract by name, and the property filters a contract's documents offer (X-Access-Key).
import { TokenMetadataEntity, type Db, type TokenMetadataRow } from '../../db';
import { requireReader } from '../auth/admin';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { metadataFromRow } from '../token-metadata/rows';
import { tokenKeyOf as tokenRowKeyOf, type TokenMetadata } from '../token-metadata/types';
import { requireAddress, requireText, type Maybe } from '../validate';
import { searchFilterOf } from './filter';
import type { TokenSearchIndex } from './index-store';
import { propertyFiltersOf, type PropertyFilter } from './property-filters';
import { filteredTokens, planSearch, tokensByName } from './query';

export const TOKEN_SEARCH_PAGE = { default: 50, max: 100, cursorTag: 'ts1' };
export const TOKEN_QUERY_PAGE = { default: 50, max: 100, cursorTag: 'tq1' };

type ContractRequest = { chainId?: Maybe<string>; contractAddress: string };
export type TokenSearchRequest = ContractRequest & { filter?: unknown; page?: PageRequest | null };
export type TokenQueryRequest = { q: string; chainId?: Maybe<string>; contractAddress?: Maybe<string>; page?: PageRequest | null };
export type PropertyFiltersRequest = ContractRequest & { excludeProperties?: Maybe<string[]>; excludePropertyValues?: Maybe<boolean> };

type Found = { chainId: number; contract: string; tokenId: string };

export type TokenSearchService = {
  /** SearchTokenMetadata (and SearchTokenMetadataTokenIDs): the documents of the contract's tokens that pass the filter, in token id order. */
  search(creds: Credentials, req: TokenSearchRequest): Promise<Page<TokenMetadata>>;
  /** SearchTokenMetadataByQuery: tokens whose name contains the text, on one chain or all, one contract or any. */
  searchByName(creds: Credentials, req: TokenQueryRequest): Promise<Page<TokenMetadata>>;
  /** GetTokenMetadataPropertyFilters. */
  propertyFilters(creds: Credentials, req: PropertyFiltersRequest): Promise<PropertyFilter[]>;
};

export const createTokenSearchService = ({
  db,
  auth,
  chains,
  index,
  adminToken = null,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  index: TokenSearchIndex;
  /** The operator's token: with it (or a project's bearer token) the signed-in console reads without an access key. */
  adminToken?: string | null;
}): TokenSearchService => {
  const contractOf = (req: ContractRequest) => ({
    chainId: chains.resolve('chainId', req.chainId).chainId,
    contract: requireAddress('contractAddress', req.contractAddress),
  });

  /** Stored rows of the found tokens (primary-key lookups), as TokenMetadata in the order found. */
  const documentsOf = async (found: Found[]): Promise<TokenMetadata[]> => {
    if (!found.length) return [];
    const params: Record<string, unknown> = {};
    const groups = new Map<string, Found[]>();
    for (const f of found) groups.set(`${f.chainId}:${f.contract}`, [...(groups.get(`${f.chainId}:${f.contract}`) ?? []), f]);
    const branches = [...groups.values()].map((g, i) => {
      Object.assign(params, { [`c${i}`]: g[0].chainId, [`a${i}`]: g[0].contract, [`i${i}`]: g.map((f) => f.tokenId) });
      return `(m.chainId = :c${i} AND m.contract = :a${i} AND m.tokenId IN (:...i${i}))`;
    });
    const rows = await db.getRepository(TokenMetadataEntity).createQueryBuilder('m').where(branches.join(' OR '), params).getMany();
    const byKey = new Map<string, TokenMetadataRow>(rows.map((r) => [tokenRowKeyOf(r), r]));
    return found.map((f) => {
      const k = { chainId: f.chainId, contract: f.contract, tokenId: f.tokenId };
      return metadataFromRow(k, byKey.get(tokenRowKeyOf(k)), false);
    });
  };

  const searchContract = async (creds: Credentials, req: TokenSearchRequest): Promise<Page<Found>> => {
    await requireReader(auth, creds, adminToken);
    const { chainId, contract } = contractOf(req);
    const filter = searchFilterOf(req.filter);
    const page = resolvePageRequest(req.page, TOKEN_SEARCH_PAGE);
    await index.catchUp(chainId, contract);
    const plan = await planSearch(db, chainId, contract, filter);
    const matching = () => filteredTokens(db, chainId, contract, filter, plan);
    const totalCount = () => matching().getCount();
    const w = await offsetWindow(TOKEN_SEARCH_PAGE.cursorTag, page, totalCount);
    const rows = await matching().select(['s.tokenId', 's.tokenKey']).orderBy('s.tokenKey', 'ASC').offset(w.offset).limit(w.limit).getMany();
    return { ...offsetPage(TOKEN_SEARCH_PAGE.cursorTag, rows, page, w, (r) => ({ chainId, contract, tokenId: r.tokenId })), totalCount };
  };

  const withDocuments = async (p: Page<Found>): Promise<Page<TokenMetadata>> => {
    const docs = await documentsOf(p.items.map((i) => i.node));
    return { ...p, items: p.items.map((i, n) => ({ cursor: i.cursor, node: docs[n] })) };
  };

  return {
    search: async (creds, req) => withDocuments(await searchContract(creds, req)),

    async searchByName(creds, req) {
      await requireReader(auth, creds, adminToken);
      const text = requireText('q', req.q, 200).trim().toLowerCase();
      const chainIds = req.chainId !== undefined && req.chainId !== null && req.chainId !== '' ? [chains.resolve('chainId', req.chainId).chainId] : [];
      const contract = req.contractAddress ? requireAddress('contractAddress', req.contractAddress) : null;
      if (contract) await Promise.all((chainIds.length ? chainIds : chains.all().map((c) => c.chainId)).map((c) => index.catchUp(c, contract)));
      const page = resolvePageRequest(req.page, TOKEN_QUERY_PAGE);
      const matching = () => tokensByName(db, { text, chainIds, contract });
      const totalCount = () => matching().getCount();
      const w = await offsetWindow(TOKEN_QUERY_PAGE.cursorTag, page, totalCount);
      const rows = await matching()
        .select(['s.chainId', 's.contract', 's.tokenId', 's.tokenKey'])
        .orderBy('s.chainId', 'ASC')
        .addOrderBy('s.contract', 'ASC')
        .addOrderBy('s.tokenKey', 'ASC')
        .offset(w.offset)
        .limit(w.limit)
        .getMany();
      const found = offsetPage(TOKEN_QUERY_PAGE.cursorTag, rows, page, w, (r) => ({ chainId: r.chainId, contract: r.contract, tokenId: r.tokenId }));
      return { ...(await withDocuments(found)), totalCount };
    },

    async propertyFilters(creds, req) {
      await requireReader(auth, creds, adminToken);
      const { chainId, contract } = contractOf(req);
      const ex = req.excludeProperties ?? [];
      if (!Array.isArray(ex) || ex.some((e) => typeof e !== 'string')) throw invalidArgument('excludeProperties', 'must be an array of property names');
      await index.catchUp(chainId, contract);
      return propertyFiltersOf(db, { chainId, contract, exclude: new Set(ex), withValues: !req.excludePropertyValues });
    },
  };
};
