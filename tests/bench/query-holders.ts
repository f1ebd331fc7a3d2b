// Benchmark: the holders and supply reads of GraphQL's tokenHolders / tokenSupplies / token on a generated table of a
// million balances (no chain needed): is every read an index walk whose cost follows the page, not the table?
// Run: npm run bench:holders [-- --mysql mysql://root@127.0.0.1:3306/strata_hbench] [--rows 1000000] [--runs 30]
// The MySQL database named in the URL is dropped and re-created. stdout: one JSON line per read, then a summary.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { toBytes, type Db } from '../../src/db';
import { readHolders, readSupplies } from '../../src/domain/indexer/holders';
import type { ResolvedPage } from '../../src/domain/paging';
import { openDatabase } from '../../src/main/app';
import { numberOption, option } from './lib/args';
import { ensureMysqlDatabase } from './lib/erc20-100k';
import { nowMs, prng, round, summarize } from './lib/stats';

const CHAIN = 31337;
const contractAt = (i: number) => `0x${(0x100000 + i).toString(16).padStart(40, '0')}`;
const accountAt = (i: number) => `0x${(0x900000000 + i).toString(16).padStart(40, '0')}`;
const HASH = `0x${'cd'.repeat(32)}`;

/**
 * The table: an ERC-20 with a fifth of the rows as holders, an ERC-1155 with 100 token ids sharing another fifth, and
 * the rest spread over 1,998 contracts (ERC-721 style: one token id per row). Balances of 1 to 30 digits.
 */
const generate = async (db: Db, rows: number) => {
  const random = prng(7);
  const big = Math.floor(rows / 5);
  const values: unknown[][] = [];
  const balance = () => {
    const digits = 1 + Math.floor(random() * 30);
    let s = String(1 + Math.floor(random() * 9));
    while (s.length < digits) s += String(Math.floor(random() * 10));
    return s;
  };
  for (let i = 0; i < big; i++) values.push([contractAt(0), accountAt(i), '', balance()]);
  for (let i = 0; i < big; i++) values.push([contractAt(1), accountAt(i % (big / 100)), String(1 + Math.floor(i / (big / 100))), balance()]);
  for (let i = 0; values.length < rows; i++) values.push([contractAt(2 + (i % 1998)), accountAt(i), String(i), '1']);
  const started = nowMs();
  for (let i = 0; i < values.length; i += 500) {
    const chunk = values.slice(i, i + 500);
    await db.query(
      `INSERT INTO token_balances (chain_id, contract, account, token_id, balance, block_number, block_hash) VALUES ${chunk.map(() => '(?, ?, ?, ?, ?, 1, ?)').join(', ')}`,
      chunk.flatMap(([c, a, t, b]) => [CHAIN, toBytes(String(c)), toBytes(String(a)), t, b, toBytes(HASH)]),
    );
  }
  return round((nowMs() - started) / 1000, 1);
};

const page = (pageSize: number, backward = false, cursor: string | null = null): ResolvedPage => ({ pageSize, backward, cursor });

const main = async () => {
  const rows = numberOption('rows', 1_000_000);
  const runs = numberOption('runs', 30);
  const mysqlUrl = option('mysql');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-holders-'));
  if (mysqlUrl) await ensureMysqlDatabase(mysqlUrl, { drop: true });
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dir,
    CHAINS: `${CHAIN}:bench=http://127.0.0.1:9`,
    JWT_SECRET: 'x'.repeat(40),
    LOG_LEVEL: 'warn',
    ...(mysqlUrl ? { DATABASE_URL: mysqlUrl } : {}),
  });
  const db = await openDatabase(config, createLogger(config));
  try {
    const insertSeconds = await generate(db, rows);
    if (db.options.type !== 'mysql') await db.query('ANALYZE');
    const time = async (name: string, read: () => Promise<unknown>) => {
      await read();
      const samples: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = nowMs();
        await read();
        samples.push(nowMs() - t);
      }
      const s = summarize(samples);
      const line = { read: name, ms: { p50: round(s.p50, 2), p99: round(s.p99, 2) } };
      console.log(JSON.stringify(line));
      return line;
    };
    const erc20 = { chainId: CHAIN, contract: contractAt(0) };
    const multi = { chainId: CHAIN, contract: contractAt(1) };
    // A cursor 10,000 holders deep, to show that a later page costs what the first does.
    let deep: string | null = null;
    for (let i = 0; i < 10; i++) deep = (await readHolders(db, { ...erc20, tokenId: '', page: page(1000, false, deep) })).endCursor;
    const lines = [
      await time('ERC-20 holders, first page of 50', () => readHolders(db, { ...erc20, tokenId: null, page: page(50) })),
      await time('ERC-20 holders, page of 50 after 10,000', () => readHolders(db, { ...erc20, tokenId: '', page: page(50, false, deep) })),
      await time('ERC-20 holders, last page of 50 (backward)', () => readHolders(db, { ...erc20, tokenId: '', page: page(50, true) })),
      await time(`ERC-20 holders, totalCount (${big(rows)} holders)`, async () => (await readHolders(db, { ...erc20, tokenId: '', page: page(1) })).totalCount!()),
      await time('ERC-1155 holders of one token id, first page of 50', () => readHolders(db, { ...multi, tokenId: '7', page: page(50) })),
      await time(`ERC-1155 contract totals, first page of 50 (grouped over ${big(rows)} rows)`, () => readHolders(db, { ...multi, tokenId: null, page: page(50) })),
      await time('ERC-1155 supplies, first page of 50', () => readSupplies(db, { ...multi, page: page(50) })),
    ];
    console.log(JSON.stringify({ database: db.options.type, rows, insertSeconds, runs, reads: lines.length }));
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

const big = (rows: number) => Math.floor(rows / 5).toLocaleString('en-US');

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
