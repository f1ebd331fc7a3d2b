// The token_media and media_files tables: queueing a token's media, claiming due sources with a lease (safe with
// several processes), recording outcomes, reading what is cached, and deleting a token's media.
import { In, IsNull, LessThan, LessThanOrEqual, Not } from 'typeorm';
import { MediaFileEntity, TokenMediaEntity, type Db, type MediaFileRow, type TokenMediaRow } from '../../db';
import type { TokenKey } from '../token-metadata/types';
import type { MediaSource } from './sources';

/** A source claimed for a worker, with every row (token) that names it. */
export type ClaimedSource = { sourceHash: string; source: string; rows: TokenMediaRow[] };

/** A claimed source whose worker has not finished within this long is taken over (the process died). */
export const MEDIA_LEASE_MS = 5 * 60_000;

const tokenWhere = (k: TokenKey) => ({ chainId: k.chainId, contract: k.contract, tokenId: k.tokenId });

export const createMediaStore = (db: Db) => {
  const rows = () => db.getRepository(TokenMediaEntity);
  const files = () => db.getRepository(MediaFileEntity);

  /** A READY row of another token with the same source: its file is reused without a fetch. */
  const readyFileOf = async (sourceHash: string): Promise<string | null> => {
    const r = await rows().findOne({ select: { sha256: true }, where: { sourceHash, status: 'READY', sha256: Not(IsNull()) } });
    return r?.sha256 ?? null;
  };

  return {
    readyFileOf,

    /**
     * Makes the token's rows say what `sources` name: a new or changed source is queued (or READY at once when another
     * token's row already holds its file); rows of fields the document no longer names go. True when anything changed.
     */
    async sync(k: TokenKey, sources: MediaSource[]): Promise<boolean> {
      const existing = await rows().findBy(tokenWhere(k));
      const now = new Date();
      let changed = false;
      for (const s of sources) {
        const row = existing.find((r) => r.field === s.field);
        if (row && row.sourceHash === s.sourceHash) continue;
        changed = true;
        const sha = await readyFileOf(s.sourceHash);
        const state = sha
          ? { status: 'READY' as const, sha256: sha, runAt: null }
          : { status: 'QUEUED' as const, sha256: null, runAt: now };
        const fields = { source: s.source, sourceHash: s.sourceHash, error: null, attempts: 0, leaseUntil: null, updatedAt: now, ...state };
        if (row) await rows().update({ id: row.id }, fields);
        else {
          try {
            await rows().insert({ ...tokenWhere(k), field: s.field, createdAt: now, ...fields });
          } catch (err) {
            // Another process queued the same field meanwhile (unique index): its row stands.
            if (!(await rows().findOneBy({ ...tokenWhere(k), field: s.field }))) throw err;
          }
        }
      }
      const gone = existing.filter((r) => !sources.some((s) => s.field === r.field));
      if (gone.length) {
        changed = true;
        await rows().delete({ id: In(gone.map((r) => r.id)) });
      }
      return changed;
    },

    /** Rows of many tokens, by `chainId:contract:tokenId`. */
    async ofTokens(keys: TokenKey[]): Promise<Map<string, TokenMediaRow[]>> {
      const out = new Map<string, TokenMediaRow[]>();
      const byContract = new Map<string, TokenKey[]>();
      for (const k of keys) byContract.set(`${k.chainId}:${k.contract}`, [...(byContract.get(`${k.chainId}:${k.contract}`) ?? []), k]);
      for (const ks of byContract.values()) {
        const found = await rows().find({ where: { chainId: ks[0].chainId, contract: ks[0].contract, tokenId: In([...new Set(ks.map((k) => k.tokenId))]) }, order: { id: 'ASC' } });
        for (const r of found) {
          const id = `${r.chainId}:${r.contract}:${r.tokenId}`;
          out.set(id, [...(out.get(id) ?? []), r]);
        }
      }
      return out;
    },

    async filesOf(shas: string[]): Promise<Map<string, MediaFileRow>> {
      const unique = [...new Set(shas)];
      if (!unique.length) return new Map();
      return new Map((await files().findBy({ sha256: In(unique) })).map((f) => [f.sha256, f]));
    },

    fileOf: (sha256: string) => files().findOneBy({ sha256 }),

    /**
     * Takes up to `max` due sources: every due row naming one moves to RUNNING by a conditional UPDATE, so two processes
     * never fetch the same source; rows whose lease ran out go back to the queue first.
     */
    async claimDue(max: number, maxAttempts: number): Promise<ClaimedSource[]> {
      const now = new Date();
      await rows().update({ status: 'RUNNING', leaseUntil: LessThan(now) }, { status: 'QUEUED', leaseUntil: null, runAt: now, updatedAt: now });
      if (max <= 0) return [];
      const due = [
        ...(await rows().find({ select: { sourceHash: true, source: true }, where: { status: 'QUEUED', runAt: LessThanOrEqual(now) }, order: { runAt: 'ASC' }, take: max * 4 })),
        ...(await rows().find({
          select: { sourceHash: true, source: true },
          where: { status: 'FAILED', runAt: LessThanOrEqual(now), attempts: LessThan(maxAttempts) },
          order: { runAt: 'ASC' },
          take: max * 4,
        })),
      ];
      const hashes = [...new Map(due.map((r) => [r.sourceHash, r])).values()].slice(0, max);
      const claimed: ClaimedSource[] = [];
      const leaseUntil = new Date(now.getTime() + MEDIA_LEASE_MS);
      for (const h of hashes) {
        const r = await rows().update(
          { sourceHash: h.sourceHash, status: In(['QUEUED', 'FAILED']), runAt: LessThanOrEqual(now) },
          { status: 'RUNNING', leaseUntil, updatedAt: now },
        );
        if (!r.affected) continue;
        const held = await rows().findBy({ sourceHash: h.sourceHash, status: 'RUNNING', leaseUntil });
        if (held.length) claimed.push({ sourceHash: h.sourceHash, source: held[0].source, rows: held });
      }
      return claimed;
    },

    /** Records a stored file (once per content) and points the claimed rows at it. */
    async ready(claim: ClaimedSource, file: MediaFileRow | null, sha256: string): Promise<void> {
      if (file && !(await files().findOneBy({ sha256 }))) {
        try {
          await files().insert(file);
        } catch (err) {
          // The same content stored by another worker meanwhile: one row is enough.
          if (!(await files().findOneBy({ sha256 }))) throw err;
        }
      }
      await rows().update(
        { id: In(claim.rows.map((r) => r.id)), status: 'RUNNING' },
        { status: 'READY', sha256, error: null, attempts: 0, runAt: null, leaseUntil: null, updatedAt: new Date() },
      );
    },

    /** Records a failure; `runAt` null when it is not tried again. */
    async failed(claim: ClaimedSource, error: string, attemptsOf: (r: TokenMediaRow) => number, runAtOf: (attempts: number) => Date | null): Promise<void> {
      const now = new Date();
      for (const r of claim.rows) {
        const attempts = attemptsOf(r);
        await rows().update({ id: r.id, status: 'RUNNING' }, { status: 'FAILED', error: error.slice(0, 500), attempts, runAt: runAtOf(attempts), leaseUntil: null, sha256: null, updatedAt: now });
      }
    },

    /** Deletes a token's rows; returns the files no row names any more (the caller removes their bytes, then rows). */
    async purge(k: TokenKey): Promise<MediaFileRow[]> {
      const mine = await rows().findBy(tokenWhere(k));
      if (!mine.length) return [];
      await rows().delete({ id: In(mine.map((r) => r.id)) });
      const shas = [...new Set(mine.map((r) => r.sha256).filter((s): s is string => !!s))];
      const orphans: MediaFileRow[] = [];
      for (const sha256 of shas) {
        if (await rows().findOne({ select: { id: true }, where: { sha256 } })) continue;
        const f = await files().findOneBy({ sha256 });
        if (f) orphans.push(f);
      }
      return orphans;
    },

    deleteFile: (sha256: string) => files().delete({ sha256 }),

    /** A contract's rows by status, and its latest failures. */
    async contractSummary(chainId: number, contract: string, failuresMax: number) {
      const counts = await rows()
        .createQueryBuilder('m')
        .select('m.status', 'status')
        .addSelect('COUNT(*)', 'n')
        .where('m.chainId = :chainId AND m.contract = :contract', { chainId, contract })
        .groupBy('m.status')
        .getRawMany<{ status: string; n: string | number }>();
      const failures = await rows().find({ where: { chainId, contract, status: 'FAILED' }, order: { updatedAt: 'DESC', id: 'DESC' }, take: failuresMax });
      return { counts: new Map(counts.map((c) => [c.status, Number(c.n)])), failures };
    },
  };
};

export type MediaStore = ReturnType<typeof createMediaStore>;
