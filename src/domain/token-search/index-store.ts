// Keeps the trait search index (token_search, token_traits) in step with stored token metadata documents.
// Token metadata calls `write` after each document it stores; `catchUp` indexes, once per contract and process, the
// documents stored before the index existed (or by a write whose indexing failed).
import type { Logger } from '../../config/logger';
import { TokenMetadataEntity, TokenSearchEntity, TokenTraitEntity, type Db, type TokenTraitRow } from '../../db';
import type { NormalizedTokenMetadata } from '../../web';
import type { TokenKey } from '../token-metadata/types';
import { tokenKeyOf, traitsOf, type Trait } from './traits';

export type TokenSearchIndex = {
  /** Replaces what the index holds for one token by what its document says. */
  write(k: TokenKey, doc: NormalizedTokenMetadata, fetchedAt: Date): Promise<void>;
  /** Indexes the contract's stored documents that the index lacks or holds older versions of (once per process). */
  catchUp(chainId: number, contract: string): Promise<void>;
};

const CHUNK = 100;
const NAME_KEPT = 255;
const traitId = (t: Pick<Trait, 'name' | 'value'>) => `${t.name}\u0000${t.value}`;

export const createTokenSearchIndex = ({ db, logger }: { db: Db; logger: Logger }): TokenSearchIndex => {
  const traits = db.getRepository(TokenTraitEntity);
  const caughtUp = new Map<string, Promise<void>>();

  const write = async (k: TokenKey, doc: NormalizedTokenMetadata, fetchedAt: Date) => {
    const key = tokenKeyOf(k.tokenId);
    const where = { chainId: k.chainId, contract: k.contract, tokenKey: key };
    const wanted = new Map(traitsOf(doc).map((t) => [traitId(t), t]));
    const stored = await traits.find({ where, select: { name: true, value: true, valueNum: true, kind: true } });
    const storedIds = new Map(stored.map((r) => [traitId(r), r]));
    // Only what changed is written, row by primary key: no range deletes, so concurrent writers of other tokens of
    // the contract take no gap locks on MySQL.
    const gone = stored.filter((r) => {
      const w = wanted.get(traitId(r));
      return !w || w.kind !== r.kind || w.valueNum !== (r.valueNum === null ? null : Number(r.valueNum));
    });
    const goneIds = new Set(gone.map(traitId));
    const added = [...wanted.values()].filter((t) => !storedIds.has(traitId(t)) || goneIds.has(traitId(t)));
    await db.transaction(async (m) => {
      for (let i = 0; i < gone.length; i += CHUNK) {
        const params: Record<string, unknown> = { c: k.chainId, a: k.contract, k: key };
        const branches = gone.slice(i, i + CHUNK).map((r, j) => {
          params[`n${j}`] = r.name;
          params[`v${j}`] = r.value;
          return `(name = :n${j} AND value = :v${j})`;
        });
        await m
          .createQueryBuilder()
          .delete()
          .from(TokenTraitEntity)
          .where(`chain_id = :c AND contract = :a AND token_key = :k AND (${branches.join(' OR ')})`, params)
          .execute();
      }
      const rows: TokenTraitRow[] = added.map((t) => ({ ...t, chainId: k.chainId, contract: k.contract, tokenKey: key }));
      for (let i = 0; i < rows.length; i += CHUNK) {
        await m.createQueryBuilder().insert().into(TokenTraitEntity).values(rows.slice(i, i + CHUNK)).orIgnore().execute();
      }
      await m.getRepository(TokenSearchEntity).upsert(
        { chainId: k.chainId, contract: k.contract, tokenId: k.tokenId, tokenKey: key, name: doc.name.toLowerCase().slice(0, NAME_KEPT), fetchedAt },
        ['chainId', 'contract', 'tokenId'],
      );
    });
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
    for (const r of stale) {
      let doc: NormalizedTokenMetadata;
      try {
        doc = JSON.parse(r.document!);
      } catch {
        continue;
      }
      await write({ chainId, contract, tokenId: r.tokenId }, { ...doc, name: typeof doc.name === 'string' ? doc.name : '' }, r.fetchedAt ?? new Date(0));
    }
    if (stale.length) logger.info({ chainId, contract, tokens: stale.length }, 'indexed stored token metadata for trait search');
  };

  return {
    async write(k, doc, fetchedAt) {
      try {
        await write(k, doc, fetchedAt);
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
