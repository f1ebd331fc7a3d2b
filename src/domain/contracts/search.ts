// SearchContracts: stored contracts whose name or symbol contains the text, by chain and type, paged by position.
import type { Db } from '../../db';
import { ContractEntity, ContractInfoOverrideEntity } from '../../db';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { emptyPage, offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest, type ResolvedPage } from '../paging';
import { type Maybe, optionalText } from '../validate';
import { contractInfoFromRow } from './rows';
import { CONTRACT_TYPES, type ContractInfo, type ContractKind } from './types';

export const SEARCH_PAGE = { default: 30, max: 100, cursorTag: 'q1' };

export type SearchRequest = { q?: Maybe<string>; chainId?: Maybe<string>; chainIds?: Maybe<string[]>; types?: Maybe<string[]>; page?: PageRequest | null };

export type SearchQuery = { text: string; chainIds: number[]; types: ContractKind[]; page: ResolvedPage };

/** Validates a search; no chain named means every configured chain. */
export const searchQueryOf = (chains: ChainsService, req: SearchRequest): SearchQuery => {
  const text = (optionalText('q', req.q, 200) ?? '').trim().toLowerCase();
  const ids = new Set<number>();
  if (req.chainId !== undefined && req.chainId !== null && req.chainId !== '') ids.add(chains.resolve('chainId', req.chainId).chainId);
  if (req.chainIds !== undefined && req.chainIds !== null) {
    if (!Array.isArray(req.chainIds)) throw invalidArgument('chainIds', 'must be an array of chain ids or names');
    if (req.chainIds.length > 100) throw invalidArgument('chainIds', 'must hold at most 100 chains');
    req.chainIds.forEach((c, i) => ids.add(chains.resolve(`chainIds[${i}]`, c).chainId));
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
  return { text, chainIds, types: [...new Set(types)], page: resolvePageRequest(req.page, SEARCH_PAGE) };
};

// '!' rather than '\': one escape character both MySQL and SQLite read the same way.
const likePattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * Deployed, non-blacklisted contracts; featured, then verified, first; the primary key ends the
 * order so pages never repeat or skip a row. An operator's override (contract_info_overrides) wins
 * over the stored name, symbol, type and flags here too.
 */
export const searchContracts = async (db: Db, q: SearchQuery): Promise<Page<ContractInfo>> => {
  if (!q.chainIds.length) return emptyPage(q.page);
  const matching = () => {
    const qb = db
      .getRepository(ContractEntity)
      .createQueryBuilder('c')
      .leftJoin(ContractInfoOverrideEntity.options.name, 'o', 'o.chainId = c.chainId AND o.address = c.address')
      .where('c.chainId IN (:...chainIds)', { chainIds: q.chainIds })
      .andWhere('c.deployed = 1')
      .andWhere('COALESCE(o.blacklist, c.blacklist) = 0');
    if (q.types.length) qb.andWhere('COALESCE(o.type, c.type) IN (:...types)', { types: q.types });
    if (q.text) {
      qb.andWhere("(LOWER(COALESCE(o.name, c.name)) LIKE :text ESCAPE '!' OR LOWER(COALESCE(o.symbol, c.symbol)) LIKE :text ESCAPE '!')", {
        text: likePattern(q.text),
      });
    }
    return qb;
  };
  const totalCount = () => matching().getCount();
  const w = await offsetWindow(SEARCH_PAGE.cursorTag, q.page, totalCount);
  const rows = await matching()
    .orderBy('COALESCE(o.featured, c.featured)', 'DESC')
    .addOrderBy('COALESCE(o.verified, c.verified)', 'DESC')
    .addOrderBy('COALESCE(o.name, c.name)', 'ASC')
    .addOrderBy('c.chainId', 'ASC')
    .addOrderBy('c.address', 'ASC')
    .offset(w.offset)
    .limit(w.limit)
    .getMany();
  return { ...offsetPage(SEARCH_PAGE.cursorTag, rows, q.page, w, contractInfoFromRow), totalCount };
};
