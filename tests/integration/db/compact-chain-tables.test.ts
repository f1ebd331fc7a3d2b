// The compact-chain-tables migration (1795810000000) on a database written by the previous release: that release's
// `strata migrate` and `strata index` fill transfers, balances, balance_changes and chain_transactions from an anvil
// chain with ERC-20, ERC-721 and ERC-1155 transfers; this release's `strata migrate`, in chunks of 5 rows, stops
// mid-copy on a row it cannot convert, and once that row is mended a second run resumes after the last committed chunk
// and finishes. Every old row is then in its new table exactly once with the same values (binary columns equal to the
// old hex), the views under the old names answer exactly the old rows, the new tables carry the query indexes the old
// ones had (none where the old table had none, as after an unfinished deferred backfill), the migration is recorded
// once and its progress table is gone.
import path from 'node:path';
import { Wallet, type Contract } from 'ethers';
import { createConnection } from 'mysql2/promise';
import { startAnvil, devWallet, type Anvil } from '../../helpers/anvil';
import { createTestDatabase, dialect, type TestDatabase } from '../../helpers/database';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { checkoutRelease, runStrata, type Release } from '../../helpers/previous-release';
import { SqliteDatabase } from '../../../src/db/sqlite-driver';

/** The last commit before the compact chain tables: the schema this migration starts from. */
const PREVIOUS_RELEASE = 'e97d033';
const BIN = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
const MIGRATION = 'CompactChainTables1795810000000';
const CHUNK = 5;

/** `rowid`: the new table stays a rowid table on SQLite (the others are WITHOUT ROWID). */
type Table = { old: string; compact: string; key: string; binary: string[]; rowid?: boolean };
const TABLES: Table[] = [
  {
    old: 'transfers',
    compact: 'token_transfers',
    key: 'chain_id, block_number, log_index, batch_index',
    binary: ['block_hash', 'tx_hash', 'contract', 'from_address', 'to_address'],
  },
  { old: 'balances', compact: 'token_balances', key: 'chain_id, contract, account, token_id', binary: ['contract', 'account', 'block_hash'] },
  {
    old: 'balance_changes',
    compact: 'token_balance_changes',
    key: 'chain_id, contract, block_number, account, token_id',
    binary: ['contract', 'account', 'block_hash'],
  },
  {
    old: 'chain_transactions',
    compact: 'token_transactions',
    key: 'chain_id, tx_hash, block_hash',
    binary: ['tx_hash', 'block_hash', 'from_address', 'to_address'],
    // Rows with receipt logs are large: the migration says why.
    rowid: true,
  },
];
const BYTES: Record<string, number> = { contract: 20, account: 20, from_address: 20, to_address: 20, block_hash: 32, tx_hash: 32 };
const QUERY_INDEXES: Record<string, string[]> = {
  transfers: ['idx_transfers_contract', 'idx_transfers_from', 'idx_transfers_to', 'idx_transfers_tx'],
  balances: ['idx_balances_account', 'idx_balances_holders'],
  balance_changes: ['idx_balance_changes_account', 'idx_balance_changes_block'],
  chain_transactions: ['idx_txs_block'],
};

type Row = Record<string, unknown>;
type Raw = { query(sql: string, params?: unknown[]): Promise<Row[]>; close(): Promise<void> };

let previous: Release;
let anvil: Anvil;
let tokens: Tokens;
let database: TestDatabase;
let env: Record<string, string>;
let raw: Raw;
let holders: string[];
const procs: StrataProcess[] = [];

/** A plain connection (no entities: they describe this release's tables). */
const openRaw = async (): Promise<Raw> => {
  if (dialect() === 'mysql') {
    const c = await createConnection({ uri: env.DATABASE_URL, supportBigNumbers: true, bigNumberStrings: true });
    return { query: async (sql, params = []) => (await c.query(sql, params))[0] as Row[], close: () => c.end() };
  }
  const d = new SqliteDatabase(path.join(database.dataDir, 'strata.sqlite'));
  return {
    query: async (sql, params = []) => {
      const st = d.prepare(sql);
      if (st.reader) return st.all(...params) as Row[];
      st.run(...params);
      return [];
    },
    close: async () => void d.close(),
  };
};

const dump = (table: string, key: string) => raw.query(`SELECT * FROM ${table} ORDER BY ${key}`);

/** A row of a new table as the old table held it: each binary value as '0x' + lower-case hex, an empty one as '' (a null one, a contract creation's `to`, null). */
const asOld = (row: Row, binary: string[]): Row => {
  const out = { ...row };
  for (const c of binary) {
    const v = row[c];
    if (v === null && c === 'to_address') continue;
    if (!Buffer.isBuffer(v)) throw new Error(`${c} is not binary: ${JSON.stringify(v)}`);
    if (v.length !== 0 && v.length !== BYTES[c]) throw new Error(`${c} holds ${v.length} bytes`);
    out[c] = v.length ? `0x${v.toString('hex')}` : '';
  }
  // Log and transaction indexes are BIGINT UNSIGNED since a later migration (1795820000000), which mysql2 reads as
  // strings; the old tables' INT was read as a number.
  for (const c of ['log_index', 'tx_index']) if (typeof out[c] === 'string') out[c] = Number(out[c]);
  return out;
};

const kindOf = async (name: string): Promise<string | null> => {
  const rows =
    dialect() === 'mysql'
      ? await raw.query(`SELECT IF(table_type = 'VIEW', 'view', 'table') AS kind FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?`, [name])
      : await raw.query(`SELECT type AS kind FROM sqlite_master WHERE name = ? AND type IN ('table', 'view')`, [name]);
  return rows.length ? String(rows[0].kind) : null;
};

const indexesOf = async (table: string): Promise<string[]> => {
  const rows =
    dialect() === 'mysql'
      ? await raw.query(`SELECT DISTINCT index_name AS name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = ? AND index_name <> 'PRIMARY'`, [table])
      : await raw.query(`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`, [table]);
  return rows.map((r) => String(r.name)).sort();
};

const migrationsNamed = async (name: string) => Number((await raw.query('SELECT COUNT(*) AS n FROM migrations WHERE name = ?', [name]))[0].n);

/** Waits until the previous release's indexer has committed the node's head. */
const waitForHead = async () => {
  for (let i = 0; ; i++) {
    const head = await anvil.rpc<{ number: string; hash: string }>('eth_getBlockByNumber', ['latest', false]);
    const cp = await raw.query('SELECT indexed_block, indexed_hash FROM chain_checkpoints WHERE chain_id = ?', [anvil.chainId]).catch(() => []);
    if (cp.length && Number(cp[0].indexed_block) === Number(head.number) && cp[0].indexed_hash === head.hash) return;
    if (i > 1200) throw new Error(`the previous release did not index up to block ${Number(head.number)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const as = (c: Contract, i: number) => c.connect(devWallet(anvil, i)) as Contract;

beforeAll(async () => {
  previous = await checkoutRelease(PREVIOUS_RELEASE);
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  database = await createTestDatabase();
  env = {
    ...database.env,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
  };
  const [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address);
  const minted = Array.from({ length: 8 }, () => Wallet.createRandom().address);
  holders = [A, B, C, ...minted].map((a) => a.toLowerCase());
  // Before the indexer starts (its first backfill, into an empty database) ...
  await sendAndWait(tokens.erc20.mint(A, 10n ** 24n));
  for (const [i, a] of minted.entries()) await sendAndWait(tokens.erc20.mint(a, BigInt(1000 + i)));
  await sendAndWait(tokens.erc20.transfer(B, 5000n));
  await sendAndWait(as(tokens.erc20, 1).getFunction('transfer')(C, 1200n));
  for (const id of [1n, 2n, 3n]) await sendAndWait(tokens.erc721.mint(A, id));
  await sendAndWait(tokens.erc721.transferFrom(A, B, 1n));
  await sendAndWait(tokens.erc1155.mintBatch(A, [1n, 2n, 3n], [10n, 20n, 30n]));

  await runStrata(previous.bin, ['migrate'], env);
  raw = await openRaw();
  const indexer = await startStrata(['index'], env, /strata is indexing/, 120_000, previous.bin);
  procs.push(indexer);
  // ... and while it follows the head.
  await waitForHead();
  await sendAndWait(tokens.erc1155.safeBatchTransferFrom(A, B, [1n, 2n], [4n, 5n], '0x'));
  await sendAndWait(tokens.erc721.transferFrom(A, C, 2n));
  await sendAndWait(tokens.erc20.transfer(C, 77n));
  await waitForHead();
  // The first backfill's query indexes, deferred, are built at the head: let that finish before stopping.
  if (/query indexes are built once/.test(indexer.output())) await indexer.waitForOutput(/query indexes built/);
  expect(await indexer.stop()).toBe(0);
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await raw?.close();
  await database?.drop();
  await anvil?.stop();
  await previous?.remove();
});

it(`moves a previous release's chain tables into the compact ones, resuming after a stop mid-copy (${dialect()})`, async () => {
  const before: Record<string, Row[]> = {};
  const indexesBefore: Record<string, string[]> = {};
  for (const t of TABLES) {
    before[t.old] = await dump(t.old, t.key);
    indexesBefore[t.old] = await indexesOf(t.old);
  }
  expect(before.transfers.length).toBeGreaterThan(3 * CHUNK);
  expect(new Set(before.transfers.map((r) => r.contract_type))).toEqual(new Set(['ERC20', 'ERC721', 'ERC1155']));
  expect(before.balances.length).toBeGreaterThan(CHUNK);
  expect(before.balance_changes.length).toBeGreaterThan(CHUNK);
  expect(before.chain_transactions.length).toBeGreaterThan(CHUNK);
  for (const t of TABLES) expect(indexesBefore[t.old]).toEqual(QUERY_INDEXES[t.old]);
  // balance_changes as a first backfill stopped before its deferred query indexes were built leaves it.
  for (const name of QUERY_INDEXES.balance_changes) await raw.query(dialect() === 'mysql' ? `ALTER TABLE balance_changes DROP INDEX ${name}` : `DROP INDEX ${name}`);
  indexesBefore.balance_changes = [];

  // A transfer whose hash is not hex (NOT NULL once unhexed): the copy stops at the chunk holding it, the 3rd.
  const bad = (await raw.query('SELECT chain_id, block_number, log_index, batch_index, tx_hash FROM transfers ORDER BY chain_id, block_number, log_index, batch_index LIMIT 1 OFFSET ?', [2 * CHUNK + 2]))[0];
  const where = 'chain_id = ? AND block_number = ? AND log_index = ? AND batch_index = ?';
  const key = [bad.chain_id, bad.block_number, bad.log_index, bad.batch_index];
  await raw.query(`UPDATE transfers SET tx_hash = '0xnot-hex' WHERE ${where}`, key);

  const migrateEnv = { ...env, STRATA_MIGRATION_CHUNK_ROWS: String(CHUNK) };
  const failed = await runStrata(BIN, ['migrate'], migrateEnv).then(
    () => null,
    (err: { code: number; stdout: string; stderr: string }) => err,
  );
  expect(failed).not.toBeNull();
  expect(failed!.code).not.toBe(0);
  // Progress goes to the process's log (JSON lines on stdout).
  expect(failed!.stdout).toMatch(/transfers -> token_transfers: copying \d+ rows, 5 per chunk/);
  // Two chunks committed, with their progress; the third rolled back; nothing else touched.
  expect(await raw.query(`SELECT state, rows_done FROM migration_progress WHERE migration = ? AND table_name = 'transfers'`, [`${MIGRATION}:up`])).toEqual([
    { state: 'copying', rows_done: dialect() === 'mysql' ? String(2 * CHUNK) : 2 * CHUNK },
  ]);
  const partial = await dump('token_transfers', TABLES[0].key);
  expect(partial.map((r) => asOld(r, TABLES[0].binary))).toEqual(before.transfers.slice(0, 2 * CHUNK));
  expect(await kindOf('transfers')).toBe('table');
  expect(await kindOf('token_balances')).toBeNull();
  expect(await migrationsNamed(MIGRATION)).toBe(0);

  // Mended, the next run resumes after the 10th row and finishes.
  await raw.query(`UPDATE transfers SET tx_hash = ? WHERE ${where}`, [bad.tx_hash, ...key]);
  const { stdout } = await runStrata(BIN, ['migrate'], migrateEnv);
  expect(stdout).toMatch(/transfers -> token_transfers: resuming at 10 of \d+ rows/);
  expect(stdout).toMatch(/token_transfers: query indexes built/);

  for (const t of TABLES) {
    // Every old row exactly once (the primary key forbids doubles; the counts and the order show none is missing), its
    // binary columns the old hex.
    const rows = await dump(t.compact, t.key);
    expect(rows.map((r) => asOld(r, t.binary))).toEqual(before[t.old]);
    // The previous release's reads: the view answers the old rows, column for column.
    expect(await kindOf(t.old)).toBe('view');
    const viewed = await dump(t.old, t.key);
    expect(viewed).toEqual(before[t.old]);
    expect(viewed.map((r) => Object.keys(r))[0]).toEqual(Object.keys(before[t.old][0]));
    // Its query indexes, as the old table had them.
    expect(await indexesOf(t.compact)).toEqual(indexesBefore[t.old]);
    if (dialect() === 'sqlite') {
      const sql = String((await raw.query(`SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?`, [t.compact]))[0].sql);
      if (t.rowid) expect(sql).not.toMatch(/WITHOUT ROWID/);
      else expect(sql).toMatch(/WITHOUT ROWID\s*$/);
    } else {
      const types = await raw.query(
        `SELECT column_name AS c, column_type AS t FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name IN (${t.binary.map(() => '?').join(', ')})`,
        [t.compact, ...t.binary],
      );
      for (const { c, t: type } of types) expect([c, type]).toEqual([c, `varbinary(${BYTES[String(c)]})`]);
    }
  }
  // The holders index's column on MariaDB, in the table and in the view.
  if (dialect() === 'mysql') expect((await raw.query('SELECT balance_digits FROM token_balances LIMIT 1'))[0]).toEqual({ balance_digits: expect.any(Number) });
  expect(await migrationsNamed(MIGRATION)).toBe(1);
  expect(await kindOf('migration_progress')).toBeNull();
});

/** What the node says each of `holders` holds: [contract, token id ('' for ERC-20), balance], sorted. */
const onChain = async (account: string) => {
  const out: string[][] = [];
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const erc721 = (await tokens.erc721.getAddress()).toLowerCase();
  const erc1155 = (await tokens.erc1155.getAddress()).toLowerCase();
  const b20: bigint = await tokens.erc20.balanceOf(account);
  if (b20 > 0n) out.push([erc20, '', String(b20)]);
  for (const id of [1n, 2n, 3n]) {
    if (((await tokens.erc721.ownerOf(id)) as string).toLowerCase() === account) out.push([erc721, String(id), '1']);
    const b: bigint = await tokens.erc1155.balanceOf(account, id);
    if (b > 0n) out.push([erc1155, String(id), String(b)]);
  }
  return out.sort((x, y) => x.join().localeCompare(y.join()));
};

it(`this release serves and indexes the migrated database: balances equal the chain's (${dialect()})`, async () => {
  const { stdout } = await runStrata(BIN, ['project', 'create', '--name', 'compact'], env);
  const key = JSON.parse(stdout).key as string;
  const server = await startStrata(['serve'], env, /"port":(\d+)/, 120_000);
  procs.push(server);
  const port = Number(server.match[1]);
  // More transfers, written by this release into the migrated tables.
  const [A, , C] = holders;
  await sendAndWait(tokens.erc20.transfer(C, 33n));
  await sendAndWait(tokens.erc1155.safeTransferFrom(A, C, 3n, 2n, '0x'));
  await sendAndWait(tokens.erc721.transferFrom(A, holders[3], 3n));
  await waitForHead();

  for (const account of holders) {
    const res = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
      body: JSON.stringify({
        query: 'query($a: String!) { tokenBalances(accountAddress: $a, first: 100) { edges { node { contractAddress contractType tokenId balance } } } }',
        variables: { a: account },
      }),
    });
    const body = (await res.json()) as { data: { tokenBalances: { edges: Array<{ node: { contractAddress: string; contractType: string; tokenId: string | null; balance: string } }> } } };
    const served = body.data.tokenBalances.edges
      .map(({ node: n }) => [n.contractAddress, n.contractType === 'ERC20' ? '' : String(n.tokenId), String(n.balance)])
      .sort((x, y) => x.join().localeCompare(y.join()));
    expect([account, served]).toEqual([account, await onChain(account)]);
  }
  expect(server.output()).not.toMatch(/"level":(50|60)/);
  expect(await server.stop()).toBe(0);
});
