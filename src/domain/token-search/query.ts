// Token searches as SQL over the index: the contract's tokens (token_search) narrowed by one semi-join per property
// condition on token_traits (a primary-key range for values, idx_token_traits_num for numeric bounds).
import type { SelectQueryBuilder } from 'typeorm';
import { TokenSearchEntity, TokenTraitEntity, type Db, type TokenSearchRow } from '../../db';
import type { SearchFilter } from './filter';

// '!' rather than '\': one escape character both MySQL and SQLite read the same way.
export const likePattern = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/** The tokens of one contract that pass the filter, in token id order. */
export const filteredTokens = (db: Db, chainId: number, contract: string, f: SearchFilter): SelectQueryBuilder<TokenSearchRow> => {
  const qb = db
    .getRepository(TokenSearchEntity)
    .createQueryBuilder('s')
    .where('s.chainId = :chainId AND s.contract = :contract', { chainId, contract });
  if (f.text) qb.andWhere("s.name LIKE :text ESCAPE '!'", { text: likePattern(f.text) });
  f.properties.forEach((p, i) => {
    const t = `t${i}`;
    const sub = qb
      .subQuery()
      .select(`${t}.tokenKey`)
      .from(TokenTraitEntity, t)
      .where(`${t}.chainId = :chainId AND ${t}.contract = :contract AND ${t}.name = :${t}n`);
    qb.setParameter(`${t}n`, p.name);
    if (p.values.length) {
      sub.andWhere(`${t}.value IN (:...${t}v)`);
      qb.setParameter(`${t}v`, p.values);
    }
    if (p.min !== null) {
      sub.andWhere(`${t}.valueNum >= :${t}min`);
      qb.setParameter(`${t}min`, p.min);
    }
    if (p.max !== null) {
      sub.andWhere(`${t}.valueNum <= :${t}max`);
      qb.setParameter(`${t}max`, p.max);
    }
    qb.andWhere(`s.tokenKey IN ${sub.getQuery()}`);
  });
  return qb;
};

/** Tokens whose name contains the text, on the chains (all when empty) and contract (any when null) given. */
export const tokensByName = (db: Db, q: { text: string; chainIds: number[]; contract: string | null }): SelectQueryBuilder<TokenSearchRow> => {
  const qb = db.getRepository(TokenSearchEntity).createQueryBuilder('s').where("s.name LIKE :text ESCAPE '!'", { text: likePattern(q.text) });
  if (q.chainIds.length) qb.andWhere('s.chainId IN (:...chainIds)', { chainIds: q.chainIds });
  if (q.contract) qb.andWhere('s.contract = :contract', { contract: q.contract });
  return qb;
};
