// A contract's stored spam verdict (domain/trust/verdict-store.ts): what balance and history filters and the wire's
// `extensions.blacklist` read. `stale` while one of its inputs changed since `computed_at`; `generation` counts those
// changes, so a computation that raced one does not clear it.
import { EntitySchema } from 'typeorm';
import { Address, BlockNumber, JsonText, Timestamp } from '../columns';

export type ContractVerdictRow = {
  chainId: number;
  address: string;
  /** SPAM, SUSPECT, OK or UNKNOWN; null until first computed. */
  verdict: string | null;
  /** JSON array of { code, field, evidence }. */
  reasons: string | null;
  overridden: boolean;
  stale: boolean;
  generation: number;
  /** How far the chain's transfers had been read when it was last marked or computed (−1: not yet). */
  scannedThrough: number;
  computedAt: Date | null;
};

export const ContractVerdictEntity = new EntitySchema<ContractVerdictRow>({
  name: 'ContractVerdict',
  tableName: 'contract_verdicts',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    verdict: { type: 'varchar', length: 8, nullable: true },
    reasons: JsonText({ nullable: true }),
    overridden: { type: 'boolean', default: false },
    stale: { type: 'boolean', default: true },
    generation: { type: 'integer', default: 0 },
    scannedThrough: BlockNumber({ name: 'scanned_through', default: -1 }),
    computedAt: Timestamp({ name: 'computed_at', nullable: true }),
  },
});
