// Column helpers shared by every entity, so both dialects store the same shapes.
import type { EntitySchemaColumnOptions } from 'typeorm';

/** uint256 values (token ids, balances) as decimal strings: DECIMAL stops at 65 digits. */
export const Uint256 = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'varchar',
  length: 78,
  ...opts,
});

/** EVM addresses, stored lower-case with the 0x prefix. */
export const Address = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'varchar',
  length: 42,
  ...opts,
});

/** Millisecond timestamps, UTC. */
export const Timestamp = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'datetime',
  precision: 3,
  ...opts,
});

/** Free-form JSON kept as text: portable across MySQL and SQLite, parsed by the domain. */
export const JsonText = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'text',
  nullable: true,
  ...opts,
});

export const AutoId = (): EntitySchemaColumnOptions => ({ type: 'integer', primary: true, generated: 'increment' });
