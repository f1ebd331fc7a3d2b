// How far the verdict worker has read one chain's transfers, the highest block any verdict read up to (with its hash,
// so a rollback under it is noticed), and the newest token directory change it has taken into account.
import { EntitySchema } from 'typeorm';
import { BlockNumber, Hash, Timestamp } from '../columns';

export type VerdictScanRow = {
  chainId: number;
  /** The chain's transfers are read for new ones up to this block (−1: none yet). */
  scannedBlock: number;
  /** The watermark: no verdict read past this block (−1: none yet); its hash, null at or below the finalized block. */
  throughBlock: number;
  throughHash: string | null;
  directorySeenAt: Date | null;
};

export const VerdictScanEntity = new EntitySchema<VerdictScanRow>({
  name: 'VerdictScan',
  tableName: 'verdict_scans',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    scannedBlock: BlockNumber({ name: 'scanned_block', default: -1 }),
    throughBlock: BlockNumber({ name: 'through_block', default: -1 }),
    throughHash: Hash({ name: 'through_hash', nullable: true }),
    directorySeenAt: Timestamp({ name: 'directory_seen_at', nullable: true }),
  },
});
