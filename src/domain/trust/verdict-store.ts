// Stored spam verdicts (#42): what the balance and history filters and the wire's `extensions.blacklist` read, kept by
// the verdict worker (src/workers/verdicts.ts) within a poll of an input changing. A verdict is marked stale when:
// - the contract has new indexed transfers: each chain's transfers are read by block range behind its checkpoint;
// - a rollback replaced a block a verdict read up to: every verdict computed past the chain's finalized block is;
// - its contracts row or the operator's override is newer than the verdict;
// - the token directory changed (a list imported, the operator's curation): every verdict of the chain is.
// A stale verdict keeps answering until computed again (verdicts.ts, over the info as the Metadata service composes it).
// Each computation reads transfers up to the checkpoint's block and keeps that block's hash as the chain's watermark,
// so a rollback below anything a verdict read is seen at the next pass, whichever process computed it.
import { NATIVE_CONTRACT } from '../../chain';
import {
  ChainCheckpointEntity,
  BlockEntity,
  TokenDirectoryCurationEntity,
  TokenListEntity,
  type ChainCheckpointRow,
  ContractVerdictEntity,
  VerdictScanEntity,
  bytesSql,
  dialectOf,
  readQuery,
  toBytes,
  type Db,
  type VerdictScanRow,
} from '../../db';
import type { PubSub, VerdictNotice } from '../../pubsub';
import { isDomainError, type DomainError } from '../errors';
import { contractKeyOf, type ContractInfo, type ContractKey } from '../contracts/types';
import type { SpamVerdictsService } from './verdicts';
import type { ContractVerdict } from './verdict-rules';

/** Blocks of transfers read by one statement of the scan. */
export const SCAN_BLOCKS = 5_000;
/** Blocks below the finalized block a rollback is taken to reach (finality may have risen again before the pass). */
export const ROLLBACK_MARGIN = 128;
/** Verdicts computed by one pass at most. */
export const COMPUTE_BATCH = 100;
/**
 * A pass stops computing after this long and reports work left: a verdict's transfer-pattern reads can take seconds on
 * a token with many transfers (BENCHMARKS.md), and a tick must end well within the poller's stuck bound.
 */
export const PASS_BUDGET_MS = 1_000;
const NATIVE = toBytes(NATIVE_CONTRACT);

type Checkpoint = Pick<ChainCheckpointRow, 'chainId' | 'indexedBlock' | 'indexedHash' | 'finalizedBlock'>;

/** SQL: the contracts of chain `?` whose stored verdict is SPAM, as bytes (to compare with a chain table's column). */
export const spamAddressesSql = (db: Db) => `SELECT ${bytesSql(db, 'v.address')} FROM contract_verdicts v WHERE v.chain_id = ? AND v.verdict = 'SPAM'`;

export type VerdictStore = {
  /** Of `keys`, those whose stored verdict is SPAM, by `chainId:address`. */
  spamAmong(keys: ContractKey[]): Promise<Set<string>>;
  /** The stored verdict of one contract, null when none is computed yet. */
  stored(key: ContractKey): Promise<(ContractVerdict & { stale: boolean; computedAt: Date }) | null>;
  /** One pass over every indexed chain: marks what changed, computes up to `budget` stale verdicts. True: work remains. */
  refresh(budget?: number): Promise<boolean>;
};

export const createVerdictStore = ({
  db,
  infoOf,
  verdicts,
  pubsub,
}: {
  db: Db;
  /** Where a changed verdict is announced (topic `verdicts`), after its write. */
  pubsub?: Pick<PubSub, 'publish'>;
  /** The composed info of each key, in order (the contracts service's getMany). */
  infoOf: (keys: ContractKey[]) => Promise<Array<ContractInfo | DomainError>>;
  verdicts: Pick<SpamVerdictsService, 'verdictOf'>;
}): VerdictStore => {
  const rows = db.getRepository(ContractVerdictEntity);
  const scans = db.getRepository(VerdictScanEntity);
  const blocks = db.getRepository(BlockEntity);
  const mysql = dialectOf(db) === 'mysql';

  /** New rows stale, existing ones stale again (one more generation). */
  const mark = async (chainId: number, addresses: string[]) => {
    for (let i = 0; i < addresses.length; i += 500) {
      const part = addresses.slice(i, i + 500);
      const values = part.map(() => '(?, ?)').join(', ');
      const bump = 'stale = 1, generation = contract_verdicts.generation + 1';
      await db.query(
        `INSERT INTO contract_verdicts (chain_id, address) VALUES ${values} ` +
          (mysql ? `ON DUPLICATE KEY UPDATE ${bump}` : `ON CONFLICT (chain_id, address) DO UPDATE SET ${bump}`),
        part.flatMap((a) => [chainId, a]),
      );
    }
  };
  const markWhere = (where: string, params: unknown[]) =>
    db.query(`UPDATE contract_verdicts SET stale = 1, generation = generation + 1 WHERE stale = 0 AND ${where}`, params);

  const scanOf = async (chainId: number): Promise<VerdictScanRow> =>
    (await scans.findOneBy({ chainId })) ?? { chainId, scannedBlock: -1, throughBlock: -1, throughHash: null, directorySeenAt: null };
  const hashAt = async (chainId: number, number: number) => (await blocks.findOneBy({ chainId, number }))?.hash ?? null;

  /**
   * Whether a rollback went below the watermark (`throughBlock`, the highest block any verdict of the chain read up
   * to): a rollback replaces every block above its ancestor, so one below the watermark replaced the watermark's block.
   * A watermark kept without a hash is at or below the finalized block it was set at.
   */
  const rolledBack = async (scan: VerdictScanRow, cp: Checkpoint) => {
    if (scan.throughBlock < 0) return false;
    if (cp.indexedBlock < scan.throughBlock) return true;
    if (scan.throughHash === null) return false;
    return (await hashAt(scan.chainId, scan.throughBlock)) !== scan.throughHash;
  };

  /** Marks what changed on one chain; true when its transfers are not all read yet. */
  const scanChain = async (cp: Checkpoint) => {
    const { chainId } = cp;
    const scan = await scanOf(chainId);
    if (await rolledBack(scan, cp)) {
      // The ancestor is at or below the finalized block as the rollback left it (it lowers it), which may have risen
      // again since: a margin below it, what read above is read again.
      const back = Math.max(-1, Math.min(cp.indexedBlock, cp.finalizedBlock, scan.throughBlock) - ROLLBACK_MARGIN);
      await markWhere('chain_id = ? AND scanned_through > ?', [chainId, back]);
      Object.assign(scan, { scannedBlock: Math.min(scan.scannedBlock, back), throughBlock: back, throughHash: null });
    }
    const from = scan.scannedBlock;
    const to = Math.min(cp.indexedBlock, from + SCAN_BLOCKS);
    if (to > from) {
      const found = await readQuery<{ contract: string }>(
        db,
        'SELECT DISTINCT contract FROM token_transfers WHERE chain_id = ? AND block_number > ? AND block_number <= ? AND contract <> ?',
        [chainId, from, to, NATIVE],
      );
      await mark(chainId, found.map((r) => r.contract));
      scan.scannedBlock = to;
      // The watermark covers what the scan read too; above the finalized block only with a hash to check it by.
      const hash = to === cp.indexedBlock ? cp.indexedHash : await hashAt(chainId, to);
      if (to > scan.throughBlock && (hash !== null || to <= cp.finalizedBlock)) Object.assign(scan, { throughBlock: to, throughHash: hash });
    }
    await scans.save(scan);
    return to < cp.indexedBlock;
  };

  /** The newest change of the token directory that applies to the chain: a list imported, the operator's curation. */
  const directoryChangedAt = async (chainId: number): Promise<number> => {
    const [list] = await db.getRepository(TokenListEntity).find({ order: { importedAt: 'DESC' }, take: 1 });
    const [curation] = await db.getRepository(TokenDirectoryCurationEntity).find({ where: { chainId }, order: { updatedAt: 'DESC' }, take: 1 });
    return Math.max(list?.importedAt?.getTime() ?? 0, curation?.updatedAt.getTime() ?? 0);
  };

  /** Verdicts whose contract info, override or directory changed since they were computed. */
  const markChangedInputs = async (chainId: number) => {
    await markWhere(
      'chain_id = ? AND (EXISTS (SELECT 1 FROM contracts c WHERE c.chain_id = contract_verdicts.chain_id AND c.address = contract_verdicts.address AND c.updated_at > contract_verdicts.computed_at) ' +
        'OR EXISTS (SELECT 1 FROM contract_info_overrides o WHERE o.chain_id = contract_verdicts.chain_id AND o.address = contract_verdicts.address AND o.updated_at > contract_verdicts.computed_at))',
      [chainId],
    );
    const changed = await directoryChangedAt(chainId);
    const scan = await scanOf(chainId);
    if (changed > (scan.directorySeenAt?.getTime() ?? 0)) {
      await markWhere('chain_id = ?', [chainId]);
      await scans.save({ ...scan, directorySeenAt: new Date(changed) });
    }
  };

  /**
   * The block a chain's verdicts are read up to: the checkpoint's, whose hash is known, made the watermark before
   * anything is computed (should a pass stop after a write, the next one still checks what it read).
   */
  const readPoint = async (chainId: number, cp: ChainCheckpointRow): Promise<number> => {
    const scan = await scanOf(chainId);
    const hash = cp.indexedHash ?? (await hashAt(chainId, cp.indexedBlock));
    const upTo = hash !== null || cp.indexedBlock <= cp.finalizedBlock ? cp.indexedBlock : Math.max(cp.finalizedBlock, scan.throughBlock);
    if (upTo > scan.throughBlock) await scans.save({ ...scan, throughBlock: upTo, throughHash: upTo === cp.indexedBlock ? hash : null });
    return upTo;
  };

  /** Computes up to `budget` stale verdicts, within PASS_BUDGET_MS; true when some are left. */
  const compute = async (budget: number): Promise<boolean> => {
    const passStarted = Date.now();
    const due = await rows.find({ where: { stale: true }, order: { computedAt: 'ASC' }, take: budget });
    const byChain = new Map<number, typeof due>();
    for (const r of due) byChain.set(r.chainId, [...(byChain.get(r.chainId) ?? []), r]);
    const changed: VerdictNotice[] = [];
    let left = due.length === budget;
    pass: for (const [chainId, list] of byChain) {
      const cp = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId });
      if (!cp) continue;
      const upTo = await readPoint(chainId, cp);
      const infos = await infoOf(list.map((r) => ({ chainId, address: r.address })));
      for (const [i, r] of list.entries()) {
        if (Date.now() - passStarted > PASS_BUDGET_MS) {
          left = true;
          break pass;
        }
        const info = infos[i];
        const started = Date.now();
        if (isDomainError(info)) {
          // The node did not answer: tried again after the others.
          await rows.update({ chainId, address: r.address }, { computedAt: new Date(started) });
          continue;
        }
        const v = await verdicts.verdictOf(info, { upTo });
        // A millisecond early: an input written in the same millisecond as this read is seen as newer.
        const fields = { verdict: v.verdict, reasons: JSON.stringify(v.reasons), overridden: v.overridden, computedAt: new Date(started - 1), scannedThrough: upTo };
        const cleared = await rows.update({ chainId, address: r.address, generation: r.generation }, { ...fields, stale: false });
        // Marked again meanwhile: this answer stands until the next computation.
        if (!cleared.affected) await rows.update({ chainId, address: r.address }, fields);
        if (r.verdict !== v.verdict) {
          changed.push({ chainId, contractAddress: r.address, verdict: v.verdict, previous: (r.verdict as VerdictNotice['previous']) ?? null, reasons: v.reasons, overridden: v.overridden });
        }
      }
    }
    if (changed.length) await pubsub?.publish('verdicts', changed);
    return left;
  };

  return {
    async spamAmong(keys) {
      const out = new Set<string>();
      const byChain = new Map<number, string[]>();
      for (const k of keys) byChain.set(k.chainId, [...(byChain.get(k.chainId) ?? []), k.address]);
      for (const [chainId, addresses] of byChain) {
        const found = await rows
          .createQueryBuilder('v')
          .select(['v.chainId', 'v.address'])
          .where('v.chainId = :chainId AND v.verdict = :spam AND v.address IN (:...addresses)', { chainId, spam: 'SPAM', addresses: [...new Set(addresses)] })
          .getMany();
        for (const r of found) out.add(contractKeyOf(r));
      }
      return out;
    },

    async stored(key) {
      const r = await rows.findOneBy({ chainId: key.chainId, address: key.address });
      if (!r?.verdict || !r.computedAt) return null;
      return { verdict: r.verdict as ContractVerdict['verdict'], reasons: JSON.parse(r.reasons ?? '[]'), overridden: r.overridden, stale: r.stale, computedAt: r.computedAt };
    },

    async refresh(budget = COMPUTE_BATCH) {
      let more = false;
      for (const cp of await db.getRepository(ChainCheckpointEntity).find()) {
        await markChangedInputs(cp.chainId);
        if (await scanChain(cp)) more = true;
      }
      return (await compute(budget)) || more;
    },
  };
};
