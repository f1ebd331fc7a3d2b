// The layering of src/ as README's Architecture table states it: every import between folders must be one the
// importing folder's row lists, and a few packages stay in their rooms. The table is read from the README, so the
// documented rule and the enforced one cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');

/** folder → the folders it may import, from the rows of README's Architecture table. */
const allowedImports = (): Map<string, Set<string> | 'all'> => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Architecture'));
  const rows = new Map<string, Set<string> | 'all'>();
  for (const line of section.split('\n')) {
    const m = /^\| `(src\/[a-z]+|migrations)\/?` \|.*\| ([^|]+) \|$/.exec(line);
    if (!m) continue;
    const name = m[1].replace(/^src\//, '');
    const allowed = m[2].trim();
    rows.set(name, allowed === 'every folder' ? 'all' : new Set(allowed === '—' ? [] : allowed.replace(/\(.*?\)/g, '').split(',').map((s) => s.trim())));
  }
  return rows;
};

/** Packages confined to some folders. */
const PACKAGE_ROOMS: Array<{ test: (pkg: string) => boolean; label: string; folders: string[] }> = [
  { test: (p) => p === 'ethers', label: 'ethers', folders: ['chain', 'devnet'] },
  { test: (p) => p === 'typeorm', label: 'typeorm', folders: ['db', 'domain', 'ingestion'] },
  {
    test: (p) => ['graphql', 'graphql-yoga', 'graphql-ws', 'graphql-jit'].includes(p) || p.startsWith('@pothos/') || p.startsWith('@graphql-yoga/'),
    label: 'GraphQL packages',
    folders: ['graphql', 'rpc', 'http', 'main'],
  },
];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The folder under src/ (or `migrations`) a path lies in, or null outside both. */
const folderOf = (file: string): string | null => {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src') return rel[1];
  return rel[0] === 'migrations' ? 'migrations' : null;
};

/** Every import, export-from, require() and import() of a file, as written. */
const importsOf = (file: string): string[] =>
  ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const files = sourceFiles(SRC);

it('reads a rule for every folder of src/ from README', () => {
  const rules = allowedImports();
  const folders = fs.readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  expect(folders.filter((f) => !rules.has(f))).toEqual([]);
});

it('imports between folders only as README allows', () => {
  const rules = allowedImports();
  const wrong: string[] = [];
  for (const file of files) {
    const from = folderOf(file)!;
    const rule = rules.get(from);
    for (const spec of importsOf(file)) {
      if (!spec.startsWith('.')) continue;
      const to = folderOf(path.resolve(path.dirname(file), spec));
      if (to === null || to === from || rule === 'all' || rule?.has(to)) continue;
      wrong.push(`${path.relative(ROOT, file)} imports ${spec} (${from} → ${to})`);
    }
  }
  expect(wrong).toEqual([]);
});

it('keeps ethers, typeorm and GraphQL packages in their folders', () => {
  const wrong: string[] = [];
  for (const file of files) {
    const from = folderOf(file)!;
    for (const spec of importsOf(file)) {
      if (spec.startsWith('.') || spec.startsWith('node:')) continue;
      const room = PACKAGE_ROOMS.find((r) => r.test(packageName(spec)));
      if (room && !room.folders.includes(from)) wrong.push(`${path.relative(ROOT, file)} imports ${spec} (${room.label} only in ${room.folders.join(', ')})`);
    }
  }
  expect(wrong).toEqual([]);
});

it('catches an arrow pointing outward (the checker itself works)', () => {
  const rules = allowedImports();
  expect(rules.get('domain')).toEqual(new Set(['config', 'db', 'chain', 'web', 'pubsub', 'storage']));
  expect((rules.get('chain') as Set<string>).has('domain')).toBe(false);
  expect(ts.preProcessFile(`import a from '../x'; const b = require('../y'); export * from '../z'; void import('../w');`, true, true).importedFiles.map((f) => f.fileName)).toEqual(['../x', '../y', '../z', '../w']);
});
