// Keeps the trait search index (token_search, token_traits, token_trait_values) in step with stored token metadata
// documents. Token metadata calls `write` after each document it stores; `catchUp` indexes, once per contract and
// process, the documents stored before the index existed (or by a write whose indexing failed), 200 tokens a transaction.
import type { EntityManager } from 'typeorm';
import type { Logger } from '../../config/logger';
import { dialectOf, TokenMetadataEntity, TokenSearchEntity, TokenTraitEntity, TokenTraitValueEntity, type Db, type TokenTraitRow } from '../../db';
import type { NormalizedTokenMetadata } from '../../web';
import type { TokenKey } from '../token-metadata/types';
import { tokenKeyOf, traitsOf, type Trait } from './traits';

export type TokenSearchIndex = {
  /** Replaces what the index holds for one token by what its document says. */
  write(k: TokenKey, doc: NormalizedTokenMetadata, fetchedAt: Date): Promise<void>;
  /** Indexes the contract's stored documents that the index lacks or holds older versions of (once per process). */
  catchUp(chainId: number, contract: string): Promise<void>;
};

type Entry = { tokenId: string; doc: NormalizedTokenMetadata; fetchedAt: Date };
/** A change of one (name, value)'s token count; `gained`: some token got it (its kind and number are the new ones). */
type Delta = { t: Trait; delta: number; gained: boolean };

const CHUNK = 100;
const CATCH_UP_BATCH = 200;
const NAME_KEPT = 255;
/** MySQL: concurrent writers may deadlock on a shared token_trait_values row; the loser is run again. */
const DEADLOCK_ERRNOS = new Set([1213, 1205]);
const WRITE_TRIES = 4;

const traitId = (t: Pick<Trait, 'name' | 'value'>) => `${t.name}\u0000${t.value}`;
const sameTrait = (a: Trait, r: Pick<TokenTraitRow, 'kind' | 'valueNum'>) =>
  a.kind === r.kind && a.valueNum === (r.valueNum === null ? null : Number(r.valueNum));

const isDeadlock = (err: unknown) => {
  const e = err as { errno?: number; driverError?: { errno?: number } };
  return DEADLOCK_ERRNOS.has(e?.errno ?? e?.driverError?.errno ?? 0);
};

export const createTokenSearchIndex = ({ db, logger }: { db: Db; logger: Logger }): TokenSearchIndex => {
  const caughtUp = new Map<string, Promise<void>>();
  const mysql = dialectOf(db) === 'mysql';

  /** Adds `delta` to the token count of each (name, value); values a token gained take its kind and number. */
  const countValues = async (m: EntityManager, chainId: number, contract: string, deltas: Map<string, Delta>) => {
    // A fixed order, so two writers lock shared rows in the same order. Counts below 0 (a lost race) read as 0.
    const rows = [...deltas.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, d]) => d);
    for (const gained of [true, false]) {
      const part = rows.filter((d) => d.gained === gained && (gained || d.delta !== 0));
      const set = mysql
        ? `tokens = GREATEST(tokens + VALUES(tokens), 0)${gained ? ', kind = VALUES(kind), value_num = VALUES(value_num)' : ''}`
        : `tokens = MAX(tokens + excluded.tokens, 0)${gained ? ', kind = excluded.kind, value_num = excluded.value_num' : ''}`;
      const conflict = mysql ? `ON DUPLICATE KEY UPDATE ${set}` : `ON CONFLICT (chain_id, contract, name, value) DO UPDATE SET ${set}`;
      for (let i = 0; i < part.length; i += CHUNK) {
        const chunk = part.slice(i, i + CHUNK);
        await m.query(
          `INSERT INTO token_trait_values (chain_id, contract, name, value, kind, value_num, tokens) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')} ${conflict}`,
          chunk.flatMap(({ t, delta }) => [chainId, contract, t.name, t.value, t.kind, t.valueNum, delta]),
        );
      }
    }
  };

  const writeOnce = async (chainId: number, contract: string, entries: Entry[]) => {
    const keys = entries.map((e) => tokenKeyOf(e.tokenId));
    const stored = new Map<string, TokenTraitRow[]>(keys.map((k) => [k, []]));
    for (let i = 0; i < keys.length; i += CHUNK) {
      const rows = await db
        .getRepository(TokenTraitEntity)
        .createQueryBuilder('t')
        .where('t.chainId = :chainId AND t.contract = :contract AND t.tokenKey IN (:...keys)', { chainId, contract, keys: keys.slice(i, i + CHUNK) })
        .getMany();
      for (const r of rows) stored.get(r.tokenKey)?.push(r);
    }
    const gone: TokenTraitRow[] = [];
    const added: TokenTraitRow[] = [];
    const deltas = new Map<string, Delta>();
    const count = (t: Trait, delta: number) => {
      const d = deltas.get(traitId(t)) ?? { t, delta: 0, gained: false };
      d.delta += delta;
      if (delta > 0) Object.assign(d, { t, gained: true });
      deltas.set(traitId(t), d);
    };
    entries.forEach((e, i) => {
      const key = keys[i];
      const wanted = new Map(traitsOf(e.doc).map((t) => [traitId(t), t]));
      const had = stored.get(key)!;
      const hadIds = new Map(had.map((r) => [traitId(r), r]));
      // Only what changed is written, row by primary key: no range deletes, so concurrent writers of other tokens of
      // the contract take no gap locks on MySQL.
      for (const r of had) {
        const w = wanted.get(traitId(r));
        if (!w || !sameTrait(w, r)) {
          gone.push(r);
          count({ name: r.name, value: r.value, kind: r.kind, valueNum: r.valueNum === null ? null : Number(r.valueNum) }, -1);
        }
      }
      for (const t of wanted.values()) {
        const r = hadIds.get(traitId(t));
        if (!r || !sameTrait(t, r)) {
          added.push({ ...t, chainId, contract, tokenKey: key });
          count(t, +1);
        }
      }
    });
    await db.transaction(async (m) => {
      for (let i = 0; i < gone.length; i += CHUNK) {
        const params: unknown[] = [chainId, contract];
        const branches = gone.slice(i, i + CHUNK).map((r) => {
          params.push(r.name, r.value, r.tokenKey);
          return '(name = ? AND value = ? AND token_key = ?)';
        });
        await m.query(`DELETE FROM token_traits WHERE chain_id = ? AND contract = ? AND (${branches.join(' OR ')})`, params);
      }
      for (let i = 0; i < added.length; i += CHUNK) {
        await m.createQueryBuilder().insert().into(TokenTraitEntity).values(added.slice(i, i + CHUNK)).orIgnore().execute();
      }
      await countValues(m, chainId, contract, deltas);
      const searchRows = entries.map((e, i) => ({
        chainId,
        contract,
        tokenId: e.tokenId,
        tokenKey: keys[i],
        name: (typeof e.doc.name === 'string' ? e.doc.name : '').toLowerCase().slice(0, NAME_KEPT),
        fetchedAt: e.fetchedAt,
      }));
      for (let i = 0; i < searchRows.length; i += CHUNK) {
        await m.getRepository(TokenSearchEntity).upsert(searchRows.slice(i, i + CHUNK), ['chainId', 'contract', 'tokenId']);
      }
    });
  };

  const writeMany = async (chainId: number, contract: string, entries: Entry[]) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeOnce(chainId, contract, entries);
      } catch (err) {
        if (!isDeadlock(err) || attempt >= WRITE_TRIES) throw err;
      }
    }
  };

  const catchUpNow = async (chainId: number, contract: string) => {
    const stale = await db
      .getRepository(TokenMetadataEntity)
      .createQueryBuilder('m')
      .leftJoin(TokenSearchEntity.options.name, 's', 's.chainId = m.chainId AND s.contract = m.contract AND s.tokenId = m.tokenId')
      .select(['m.chainId', 'm.contract', 'm.tokenId', 'm.document', 'm.fetchedAt'])
      .where('m.chainId = :chainId AND m.contract = :contract AND m.document IS NOT NULL', { chainId, contract })
      .andWhere('(s.tokenId IS NULL OR s.fetchedAt IS NULL OR s.fetchedAt < m.fetchedAt)')
      .getMany();
    const entries: Entry[] = [];
    for (const r of stale) {
      try {
        entries.push({ tokenId: r.tokenId, doc: JSON.parse(r.document!), fetchedAt: r.fetchedAt ?? new Date(0) });
      } catch {
        // A document that is not JSON has no traits to index.
      }
    }
    for (let i = 0; i < entries.length; i += CATCH_UP_BATCH) await writeMany(chainId, contract, entries.slice(i, i + CATCH_UP_BATCH));
    if (entries.length) logger.info({ chainId, contract, tokens: entries.length }, 'indexed stored token metadata for trait search');
  };

  return {
    async write(k, doc, fetchedAt) {
      try {
        await writeMany(k.chainId, k.contract, [{ tokenId: k.tokenId, doc, fetchedAt }]);
      } catch (err) {
        // The document is stored; the next search of the contract indexes it again.
        caughtUp.delete(`${k.chainId}:${k.contract}`);
        logger.error({ err, chainId: k.chainId, contract: k.contract, tokenId: k.tokenId }, 'indexing token metadata for trait search failed');
      }
    },

    catchUp(chainId, contract) {
      const id = `${chainId}:${contract}`;
      let p = caughtUp.get(id);
      if (!p) {
        p = catchUpNow(chainId, contract).catch((err) => {
          caughtUp.delete(id);
          throw err;
        });
        caughtUp.set(id, p);
      }
      return p;
    },
  };
};
