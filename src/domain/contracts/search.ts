// SearchContracts: stored contracts whose name or symbol contains the text, by chain and type, in numbered pages.
import type { Db } from '../../db';
import { ContractEntity } from '../../db';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { pageOf, resolvePage, type NumberedPage, type PageRequest } from '../paging';
import { type Maybe, optionalText } from '../validate';
import { contractInfoFromRow } from './rows';
import { CONTRACT_TYPES, type ContractInfo, type ContractKind } from './types';

export const SEARCH_PAGE = { default: 30, max: 100 };

export type SearchRequest = { q?: Maybe<string>; chainID?: Maybe<string>; chainIDs?: Maybe<string[]>; types?: Maybe<string[]>; page?: PageRequest | null };

export type SearchQuery = { text: string; chainIds: number[]; types: ContractKind[]; page: ReturnType<typeof resolvePage> };

/** Validates a search; no chain named means every configured chain. */
export const searchQueryOf = (chains: ChainsService, req: SearchRequest): SearchQuery => {
  const text = (optionalText('q', req.q, 200) ?? '').trim().toLowerCase();
  const ids = new Set<number>();
  if (req.chainID !== undefined && req.chainID !== null && req.chainID !== '') ids.add(chains.resolve('chainID', req.chainID).chainId);
  if (req.chainIDs !== undefined && req.chainIDs !== null) {
    if (!Array.isArray(req.chainIDs)) throw invalidArgument('chainIDs', 'must be an array of chain ids or names');
    if (req.chainIDs.length > 100) throw invalidArgument('chainIDs', 'must hold at most 100 chains');
    req.chainIDs.forEach((c, i) => ids.add(chains.resolve(`chainIDs[${i}]`, c).chainId));
  }
  const chainIds = ids.size ? [...ids] : chains.all().map((c) => c.chainId);
  let types: ContractKind[] = [];
  if (req.types !== undefined && req.types !== null) {
    if (!Array.isArray(req.types)) throw invalidArgument('types', `must be an array of ${CONTRACT_TYPES.join(', ')}`);
    types = req.types.map((t, i) => {
      const v = typeof t === 'string' ? t.trim().toUpperCase() : t;
      if (!(CONTRACT_TYPES as readonly unknown[]).includes(v)) throw invalidArgument(`types[${i}]`, `must be one of ${CONTRACT_TYPES.join(', ')}`);
      return v as ContractKind;
    });
  }
  return { text, chainIds, types: [...new Set(types)], page: resolvePage(req.page, SEARCH_PAGE.default, SEARCH_PAGE.max) };
};

// '!' rather than '\': one escape character both MySQL and SQLite read the same way.
const likePattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Deployed, non-blacklisted contracts; featured, then verified, first; the primary key ends the
 * order so pages never repeat or skip a row.
 */
export const searchContracts = async (db: Db, q: SearchQuery): Promise<{ page: NumberedPage; contracts: ContractInfo[] }> => {
  if (!q.chainIds.length) return { page: { page: q.page.page, pageSize: q.page.pageSize, more: false }, contracts: [] };
  const qb = db
    .getRepository(ContractEntity)
    .createQueryBuilder('c')
    .where('c.chainId IN (:...chainIds)', { chainIds: q.chainIds })
    .andWhere('c.deployed = 1')
    .andWhere('c.blacklist = 0');
  if (q.types.length) qb.andWhere('c.type IN (:...types)', { types: q.types });
  if (q.text) qb.andWhere("(LOWER(c.name) LIKE :text ESCAPE '!' OR LOWER(c.symbol) LIKE :text ESCAPE '!')", { text: likePattern(q.text) });
  const rows = await qb
    .orderBy('c.featured', 'DESC')
    .addOrderBy('c.verified', 'DESC')
    .addOrderBy('c.name', 'ASC')
    .addOrderBy('c.chainId', 'ASC')
    .addOrderBy('c.address', 'ASC')
    .offset(q.page.offset)
    .limit(q.page.pageSize + 1)
    .getMany();
  const { items, page } = pageOf(rows, q.page);
  return { page, contracts: items.map(contractInfoFromRow) };
};
