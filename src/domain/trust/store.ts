// The token directory's rows: lists and their tokens (replaced whole by an accepted import), the operator's curation,
// and the one definition of "in the directory" (a list names it and the operator did not remove it, or the operator
// added it), as SQL for the Indexer's filters and as lookups for contract-info reads.
import type { DirectoryListing } from '../contracts/listing';
import { TokenDirectoryCurationEntity, TokenDirectoryEntryEntity, TokenListEntity, bytesSql, readQuery, type Db, type TokenListRow } from '../../db';
import type { ParsedList } from './token-list';

export type DirectoryKey = { chainId: number; address: string };
const keyOf = (k: DirectoryKey) => `${k.chainId}:${k.address}`;

export type { DirectoryListing } from '../contracts/listing';

/** A row of the directory as its reads page through it. */
export type DirectoryMember = { chainId: number; address: string; featureIndex: number };

export type DirectoryQuery = {
  chainIds: number[];
  onlyFeatured: boolean;
  /** Lower-case text matched against list names and symbols (and the stored contract's), or an address. */
  text?: string;
};

const INSERT_CHUNK = 400;

/**
 * SQL: the directory's addresses on one chain (as the chain tables' bytes when `asBytes`), for `column IN (…)`; its
 * three `?` are the chain id.
 */
export const directoryAddressesSql = (db: Db, asBytes: boolean) => {
  const a = (col: string) => (asBytes ? bytesSql(db, col) : col);
  return (
    `SELECT ${a('e.address')} FROM token_directory_entries e WHERE e.chain_id = ? AND e.address NOT IN ` +
    `(SELECT x.address FROM token_directory_curation x WHERE x.chain_id = ? AND x.listed = 0) ` +
    `UNION SELECT ${a('k.address')} FROM token_directory_curation k WHERE k.chain_id = ? AND k.listed = 1`
  );
};

export type DirectoryStore = ReturnType<typeof createDirectoryStore>;

export const createDirectoryStore = (db: Db) => {
  const lists = db.getRepository(TokenListEntity);
  const curation = db.getRepository(TokenDirectoryCurationEntity);

  /**
   * Listings of the keys in the directory, keyed by `chainId:address`; list order is `listOrder` (list keys). One
   * statement: every contract-info read asks.
   */
  const listingsFor = async (keys: DirectoryKey[], listOrder: readonly string[]): Promise<Map<string, DirectoryListing>> => {
    const out = new Map<string, DirectoryListing>();
    if (!keys.length) return out;
    const byChain = new Map<number, Set<string>>();
    for (const k of keys) byChain.set(k.chainId, (byChain.get(k.chainId) ?? new Set()).add(k.address));
    const where = (alias: string) => {
      const params: unknown[] = [];
      const sql = [...byChain]
        .map(([chainId, addresses]) => {
          params.push(chainId, ...addresses);
          return `(${alias}.chain_id = ? AND ${alias}.address IN (${[...addresses].map(() => '?').join(', ')}))`;
        })
        .join(' OR ');
      return { sql, params };
    };
    const e = where('e');
    const k = where('k');
    const rows = await readQuery<Record<string, unknown>>(
      db,
      `SELECT e.chain_id, e.address, e.list_key, l.name AS list_name, e.name, e.symbol, e.decimals, e.logo_uri, c.listed, c.feature_index
       FROM token_directory_entries e JOIN token_lists l ON l.list_key = e.list_key
       LEFT JOIN token_directory_curation c ON c.chain_id = e.chain_id AND c.address = e.address
       WHERE ${e.sql}
       UNION ALL
       SELECT k.chain_id, k.address, NULL, NULL, NULL, NULL, NULL, NULL, k.listed, k.feature_index
       FROM token_directory_curation k WHERE ${k.sql}`,
      [...e.params, ...k.params],
    );
    const rank = (listKey: unknown) => {
      const i = listOrder.indexOf(String(listKey));
      return listKey === null ? -1 : i < 0 ? listOrder.length : i;
    };
    // Curation rows first (they carry no list), then entries in precedence order.
    rows.sort((x, y) => rank(x.list_key) - rank(y.list_key));
    const curated = new Map<string, { listed: boolean | null; featureIndex: number }>();
    const flag = (v: unknown) => (v === null || v === undefined ? null : v === true || Number(v) === 1);
    for (const r of rows) {
      const id = `${Number(r.chain_id)}:${String(r.address)}`;
      if (r.list_key === null) {
        curated.set(id, { listed: flag(r.listed), featureIndex: Number(r.feature_index ?? 0) });
        continue;
      }
      if (curated.get(id)?.listed === false) continue;
      const listing = out.get(id);
      if (listing) {
        listing.lists.push(String(r.list_name));
        continue;
      }
      out.set(id, {
        lists: [String(r.list_name)],
        token: { name: String(r.name), symbol: String(r.symbol), decimals: Number(r.decimals), logoURI: r.logo_uri === null ? null : String(r.logo_uri) },
        added: curated.get(id)?.listed === true,
        featureIndex: curated.get(id)?.featureIndex ?? 0,
      });
    }
    for (const [id, cur] of curated) {
      if (cur.listed && !out.has(id)) out.set(id, { lists: [], token: null, added: true, featureIndex: cur.featureIndex });
    }
    return out;
  };

  /** The directory's members matching `q`, featured first (higher index first), then by chain and address. */
  const members = (q: DirectoryQuery) => {
    const params: unknown[] = [];
    const chains = q.chainIds.map(() => '?').join(', ');
    let sql =
      `SELECT m.chain_id, m.address, COALESCE(k.feature_index, 0) AS feature_index FROM ` +
      `(SELECT e.chain_id, e.address FROM token_directory_entries e WHERE e.chain_id IN (${chains}) ` +
      ` UNION SELECT c.chain_id, c.address FROM token_directory_curation c WHERE c.listed = 1 AND c.chain_id IN (${chains})) m ` +
      `LEFT JOIN token_directory_curation k ON k.chain_id = m.chain_id AND k.address = m.address ` +
      `WHERE (k.listed IS NULL OR k.listed = 1)`;
    params.push(...q.chainIds, ...q.chainIds);
    if (q.onlyFeatured) sql += ' AND COALESCE(k.feature_index, 0) > 0';
    if (q.text) {
      if (/^0x[0-9a-f]{40}$/.test(q.text)) {
        sql += ' AND m.address = ?';
        params.push(q.text);
      } else {
        const like = `%${q.text.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;
        sql +=
          ` AND (EXISTS (SELECT 1 FROM token_directory_entries s WHERE s.chain_id = m.chain_id AND s.address = m.address` +
          `  AND (LOWER(s.name) LIKE ? ESCAPE '!' OR LOWER(s.symbol) LIKE ? ESCAPE '!'))` +
          ` OR EXISTS (SELECT 1 FROM contracts n WHERE n.chain_id = m.chain_id AND n.address = m.address` +
          `  AND (LOWER(n.name) LIKE ? ESCAPE '!' OR LOWER(n.symbol) LIKE ? ESCAPE '!')))`;
        params.push(like, like, like, like);
      }
    }
    return { sql, params };
  };

  return {
    listingsFor,

    async page(q: DirectoryQuery, offset: number, limit: number): Promise<DirectoryMember[]> {
      if (!q.chainIds.length) return [];
      const { sql, params } = members(q);
      const rows = await readQuery<Record<string, unknown>>(
        db,
        `${sql} ORDER BY feature_index DESC, m.chain_id ASC, m.address ASC LIMIT ${Math.floor(limit)} OFFSET ${Math.floor(offset)}`,
        params,
      );
      return rows.map((r) => ({ chainId: Number(r.chain_id), address: String(r.address), featureIndex: Number(r.feature_index) }));
    },

    async count(q: DirectoryQuery): Promise<number> {
      if (!q.chainIds.length) return 0;
      const { sql, params } = members(q);
      const [row] = await readQuery<{ n: unknown }>(db, `SELECT COUNT(*) AS n FROM (${sql}) d`, params);
      return Number(row.n);
    },

    /** Chains with at least one member (featured, with `onlyFeatured`), of `chainIds`. */
    async chainsWithMembers(chainIds: number[], onlyFeatured: boolean): Promise<number[]> {
      const out: number[] = [];
      for (const chainId of chainIds) {
        const { sql, params } = members({ chainIds: [chainId], onlyFeatured });
        const rows = await readQuery(db, `${sql} LIMIT 1`, params);
        if (rows.length) out.push(chainId);
      }
      return out;
    },

    curationOf: (k: DirectoryKey) => curation.findOneBy({ chainId: k.chainId, address: k.address }),

    async curate(k: DirectoryKey, patch: { listed?: boolean | null; featureIndex?: number }) {
      const current = await curation.findOneBy({ chainId: k.chainId, address: k.address });
      await curation.upsert(
        {
          chainId: k.chainId,
          address: k.address,
          listed: patch.listed !== undefined ? patch.listed : (current?.listed ?? null),
          featureIndex: patch.featureIndex ?? current?.featureIndex ?? 0,
          updatedAt: new Date(),
        },
        ['chainId', 'address'],
      );
    },

    listRows: () => lists.find(),

    /** Replaces a list's tokens with an accepted import's, and its row, in one transaction. */
    async importList(listKey: string, source: string, parsed: ParsedList, version: string): Promise<void> {
      await db.transaction(async (m) => {
        await m.getRepository(TokenDirectoryEntryEntity).delete({ listKey });
        for (let i = 0; i < parsed.tokens.length; i += INSERT_CHUNK) {
          const rows = parsed.tokens.slice(i, i + INSERT_CHUNK).map((t) => ({ ...t, listKey }));
          await m.getRepository(TokenDirectoryEntryEntity).createQueryBuilder().insert().values(rows).execute();
        }
        const now = new Date();
        const row: TokenListRow = {
          listKey,
          source,
          name: parsed.name,
          version,
          listTimestamp: parsed.timestamp,
          tokens: parsed.tokens.length,
          contentHash: parsed.contentHash,
          importedAt: now,
          checkedAt: now,
          lastError: null,
        };
        await m.getRepository(TokenListEntity).upsert(row, ['listKey']);
      });
    },

    /** A check that imported nothing: when, and why not (null: the list had not changed). */
    async recordCheck(listKey: string, source: string, error: string | null): Promise<void> {
      const existing = await lists.findOneBy({ listKey });
      const now = new Date();
      if (existing) await lists.update({ listKey }, { checkedAt: now, lastError: error });
      else await lists.insert({ listKey, source, name: '', version: '', listTimestamp: null, tokens: 0, contentHash: null, importedAt: null, checkedAt: now, lastError: error });
    },

    /** Drops lists no longer configured, with their tokens. */
    async dropListsOtherThan(keep: string[]): Promise<number> {
      const stale = (await lists.find()).filter((l) => !keep.includes(l.listKey));
      for (const l of stale) {
        await db.transaction(async (m) => {
          await m.getRepository(TokenDirectoryEntryEntity).delete({ listKey: l.listKey });
          await m.getRepository(TokenListEntity).delete({ listKey: l.listKey });
        });
      }
      return stale.length;
    },
  };
};
