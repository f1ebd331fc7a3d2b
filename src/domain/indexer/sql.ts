// SQL fragments shared by the Indexer reads; the same text runs on MySQL/MariaDB and SQLite (backticks work on both).
import type { Db } from '../../db';
import { bytesSql, dialectOf, toBytes } from '../../db';
import type { ContractSelection } from './requests';
import { directoryAddressesSql } from '../trust/store';
import { spamAddressesSql } from '../trust/verdict-store';

export type Params = unknown[];

/** Collects the WHERE conditions and their `?` parameters in order. */
export class Where {
  readonly parts: string[] = [];
  readonly params: Params = [];

  add(sql: string, ...params: unknown[]): this {
    this.parts.push(sql);
    this.params.push(...params);
    return this;
  }

  in(column: string, values: readonly unknown[], not = false): this {
    return this.add(`${column} ${not ? 'NOT IN' : 'IN'} (${values.map(() => '?').join(', ')})`, ...values);
  }

  /** `in` over a binary address or hash column of the chain tables, given 0x hex values (db/binary.ts). */
  inBytes(column: string, values: readonly string[], not = false): this {
    return this.in(column, values.map(toBytes), not);
  }

  /**
   * Keyset continuation: rows strictly after (or before, with '<') `values` in the order of `columns`. As a row value
   * `(a, b) > (?, ?)` where the engine seeks an index with one (SQLite; MySQL/MariaDB do not), else expanded into
   * `a > ? OR (a = ? AND b > ?)` (which SQLite can only filter with, scanning from the index's start).
   */
  after(columns: string[], values: readonly unknown[], op: '>' | '<' = '>', rowValues = false): this {
    if (rowValues && columns.length > 1) {
      return this.add(`(${columns.join(', ')}) ${op} (${columns.map(() => '?').join(', ')})`, ...values);
    }
    const build = (i: number): { sql: string; params: unknown[] } => {
      if (i === columns.length - 1) return { sql: `${columns[i]} ${op} ?`, params: [values[i]] };
      const rest = build(i + 1);
      return { sql: `(${columns[i]} ${op} ? OR (${columns[i]} = ? AND ${rest.sql}))`, params: [values[i], values[i], ...rest.params] };
    };
    const { sql, params } = build(0);
    return this.add(sql, ...params);
  }

  toString(): string {
    return this.parts.length ? this.parts.join(' AND ') : '1 = 1';
  }
}

/** Balances above zero (a negative stored balance means history before the start block is missing). */
export const positive = (column: string) => `${column} <> '0' AND ${column} NOT LIKE '-%'`;

/** A token id filter: ERC-20 balances are stored with token id '' and answered as "0". */
export const tokenIdCondition = (w: Where, column: string, tokenId: string) =>
  tokenId === '0' ? w.in(column, ['', '0']) : w.add(`${column} = ?`, tokenId);

/**
 * Contract status as a condition on `column` (a binary contract address of chain `chainId`), or nothing for ALL.
 * VERIFIED: in the token directory (domain/trust) or flagged verified, and not blacklisted; UNVERIFIED: none of the
 * three, nor spam by its stored verdict (domain/trust/verdict-store.ts; a verified or listed contract's verdict is OK). Contracts without a `contracts` row count as unflagged.
 */
export const selectionCondition = (db: Db, w: Where, column: string, chainId: number, sel: ContractSelection) => {
  if (sel.status === 'ALL') return w;
  // `contracts` keeps its addresses as text: the subquery hands them over as bytes.
  const address = bytesSql(db, 'address');
  const listed = directoryAddressesSql(db, true);
  const flagged =
    sel.status === 'VERIFIED'
      ? `(${column} IN (SELECT ${address} FROM contracts WHERE chain_id = ? AND verified = 1 AND blacklist = 0) OR (${column} IN (${listed})` +
        ` AND ${column} NOT IN (SELECT ${address} FROM contracts WHERE chain_id = ? AND blacklist = 1)))`
      : `(${column} NOT IN (SELECT ${address} FROM contracts WHERE chain_id = ? AND (verified = 1 OR blacklist = 1)) AND ${column} NOT IN (${listed})` +
        ` AND ${column} NOT IN (${spamAddressesSql(db)}))`;
  const params = sel.status === 'VERIFIED' ? [chainId, chainId, chainId, chainId, chainId] : [chainId, chainId, chainId, chainId, chainId];
  if (!sel.always.length) return w.add(flagged, ...params);
  return w.add(`(${flagged} OR ${column} IN (${sel.always.map(() => '?').join(', ')}))`, ...params, ...sel.always.map(toBytes));
};

/** Dialect-specific expressions. */
export const sqlOf = (db: Db) => {
  const mysql = dialectOf(db) === 'mysql';
  const padLeft = (expr: string, width: number) => (mysql ? `LPAD(${expr}, ${width}, '0')` : `substr('${'0'.repeat(width)}' || ${expr}, -${width}, ${width})`);
  return {
    padLeft,
    concat: (a: string, b: string) => (mysql ? `CONCAT(${a}, ${b})` : `(${a} || ${b})`),
    /** Exact integer as text: SUM of small integers stays exact in both engines once cast before it reaches JS. */
    sumAsText: (expr: string) => (mysql ? `CAST(SUM(CAST(${expr} AS UNSIGNED)) AS CHAR)` : `CAST(SUM(CAST(${expr} AS INTEGER)) AS TEXT)`),
  };
};

/**
 * An exact SUM of positive decimal strings of up to 81 digits: each is left-padded and cut into
 * nine 9-digit chunks summed separately (no engine sums 78-digit integers; DECIMAL stops at 65).
 * `exactSumColumns` selects the chunks as s0…s8; `exactSumOf` joins a row's chunks back into the decimal sum.
 */
const CHUNKS = 9;
export const exactSumColumns = (db: Db, column: string): string => {
  const s = sqlOf(db);
  const padded = s.padLeft(column, CHUNKS * 9);
  return Array.from({ length: CHUNKS }, (_, i) => `${s.sumAsText(`SUBSTR(${padded}, ${1 + 9 * i}, 9)`)} AS s${i}`).join(', ');
};
export const exactSumOf = (row: Record<string, unknown>): string =>
  Array.from({ length: CHUNKS }, (_, i) => row[`s${i}`]).reduce<bigint>((acc, c) => acc * 1_000_000_000n + BigInt(String(c ?? '0')), 0n).toString();

export const num = (v: unknown): number => Number(v);
export const bool = (v: unknown): boolean => v === true || Number(v) === 1;
