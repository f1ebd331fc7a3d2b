// Column helpers shared by every entity, so both dialects store the same shapes.
import type { EntitySchemaColumnOptions } from 'typeorm';
import { bytesTransformer } from './binary';

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

/** Block numbers and other counters that outgrow 32 bits; read back as numbers (safe below 2^53). */
export const BlockNumber = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'bigint',
  transformer: { to: (v: unknown) => v, from: (v: unknown) => (v === null || v === undefined ? v : Number(v)) },
  ...opts,
});

/**
 * A chain position that is an unsigned quantity on the wire (log index, transaction index): BIGINT UNSIGNED on
 * MySQL/MariaDB (migrations/1795820000000-unsigned-positions.ts), SQLite's 64-bit INTEGER; read back as numbers.
 */
export const Position = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => BlockNumber({ unsigned: true, ...opts });

/** A small unsigned counter inside one event (the position of an item in an ERC-1155 batch). */
export const SmallPosition = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({ type: 'integer', unsigned: true, ...opts });

/** 32-byte hashes (block, transaction, bytecode), lower-case hex with 0x. */
export const Hash = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'varchar',
  length: 66,
  ...opts,
});

/** Signed integers of up to 78 digits (balances, deltas) as decimal strings. */
export const Int256 = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'varchar',
  length: 79,
  ...opts,
});

/**
 * An address (20 bytes) or hash (32 bytes) of the chain tables, stored as raw bytes (db/binary.ts) and read as 0x hex.
 * `blob` is the type both drivers accept; the migrations give MySQL/MariaDB `VARBINARY(20|32)` (indexable, and not
 * padded as BINARY would pad an empty block hash).
 */
export const Bytes = (opts: Partial<EntitySchemaColumnOptions> = {}): EntitySchemaColumnOptions => ({
  type: 'blob',
  transformer: bytesTransformer,
  ...opts,
});
