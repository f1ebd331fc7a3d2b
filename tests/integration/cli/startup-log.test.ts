// The first lines a fresh start logs stay short: the migrations applied to a new database are one info line with their
// count, first and last (not every name), and the names are at debug.
import { Writable } from 'node:stream';
import pino from 'pino';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { loadConfig } from '../../../src/config';
import { openDatabase } from '../../../src/main/app';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

it('logs the migrations of a fresh database as a count with the first and last, the names at debug', async () => {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).trim().split('\n'));
      done();
    },
  });
  const db = await openDatabase(loadConfig({ ...database.env, LOG_LEVEL: 'debug' }), pino({ level: 'debug' }, sink));
  const names: string[] = (await db.query('SELECT name FROM migrations ORDER BY id')).map((r: { name: string }) => r.name);
  await db.destroy();
  const entries = lines.map((l) => JSON.parse(l));
  const info = entries.filter((e) => e.level === 30 && e.msg === 'migrations applied');
  expect(info).toEqual([expect.objectContaining({ count: names.length, first: names[0], last: names[names.length - 1] })]);
  expect(info[0]).not.toHaveProperty('applied');
  expect(lines.find((l) => l.includes('"msg":"migrations applied"'))!.length).toBeLessThan(300);
  expect(entries.filter((e) => e.level === 20 && e.msg === 'migrations applied, by name').map((e) => e.applied)).toEqual([names]);
});
