// The layering of src/, migrations/ and console/ as README's Architecture table states it: every import between
// folders must be one the importing folder's row lists (a migration imports nothing from src/, so it never changes once
// landed), a few packages stay in their rooms, only src/ingestion writes the chain tables, and the published clients'
// quirks stay in src/rpc/wire. The table is read from
// the README, so the documented rule and the enforced one cannot drift apart.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.join(__dirname, '..', '..');
const SRC = path.join(ROOT, 'src');
/** Where code lives: src/ by folder, and the two top-level folders with rows of their own. */
const TREES = [SRC, path.join(ROOT, 'migrations'), path.join(ROOT, 'console')];

/** folder → the folders it may import, from the rows of README's Architecture table. */
const allowedImports = (): Map<string, Set<string> | 'all'> => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Architecture'));
  const rows = new Map<string, Set<string> | 'all'>();
  for (const line of section.split('\n')) {
    const m = /^\| `(src\/[a-z]+|migrations|console)\/?` \|.*\| ([^|]+) \|$/.exec(line);
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
  { test: (p) => p === 'typeorm', label: 'typeorm', folders: ['db', 'domain', 'ingestion', 'migrations'] },
  // Redis clients are made in one place (pubsub/redis.ts).
  { test: (p) => p === 'ioredis', label: 'ioredis', folders: ['pubsub'] },
  {
    test: (p) => ['graphql', 'graphql-yoga', 'graphql-ws', 'graphql-jit'].includes(p) || p.startsWith('@pothos/') || p.startsWith('@graphql-yoga/'),
    label: 'GraphQL packages',
    folders: ['graphql', 'rpc', 'http', 'main'],
  },
];

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.name === 'node_modules') return [];
    return e.isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(e.name) ? [p] : [];
  });

/** The folder under src/ (or `migrations`, `console`) a path lies in, or null outside them. */
const folderOf = (file: string): string | null => {
  const rel = path.relative(ROOT, file).split(path.sep);
  if (rel[0] === 'src') return rel[1];
  return rel[0] === 'migrations' || rel[0] === 'console' ? rel[0] : null;
};

/** Every import, export-from, require() and import() of a file, as written. */
const importsOf = (file: string): string[] =>
  ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]);

const files = TREES.flatMap(sourceFiles);

it('reads a rule for every folder of src/ from README', () => {
  const rules = allowedImports();
  const folders = fs.readdirSync(SRC, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
  expect(folders.filter((f) => !rules.has(f))).toEqual([]);
});

/** The imports of `file` that its folder's row does not allow; `at` is where it lies (a fixture pretends a place). */
const wrongImports = (rules: ReturnType<typeof allowedImports>, file: string, at = file): string[] => {
  const from = folderOf(at)!;
  const rule = rules.get(from);
  const wrong: string[] = [];
  for (const spec of importsOf(file)) {
    if (!spec.startsWith('.')) continue;
    const to = folderOf(path.resolve(path.dirname(at), spec));
    if (to === null || to === from || rule === 'all' || rule?.has(to)) continue;
    wrong.push(`${path.relative(ROOT, at)} imports ${spec} (${from} → ${to})`);
  }
  return wrong;
};

it('imports between folders only as README allows', () => {
  const rules = allowedImports();
  expect(files.flatMap((file) => wrongImports(rules, file))).toEqual([]);
});

it('catches a migration importing src/ (the checker itself works)', () => {
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'layers-'));
  const file = path.join(dir, 'migration.ts');
  fs.writeFileSync(file, `import { hashAccessKey } from '../src/db/access-key-hash';\nimport { MigrationInterface } from 'typeorm';\n`);
  try {
    expect(wrongImports(allowedImports(), file, path.join(ROOT, 'migrations', '1799999999999-bad.ts'))).toEqual([
      'migrations/1799999999999-bad.ts imports ../src/db/access-key-hash (migrations → db)',
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
  // A migration or the console importing src/ breaks its row.
  expect(rules.get('migrations')).toEqual(new Set());
  expect(rules.get('console')).toEqual(new Set());
  expect(ts.preProcessFile(`import a from '../x'; const b = require('../y'); export * from '../z'; void import('../w');`, true, true).importedFiles.map((f) => f.fileName)).toEqual(['../x', '../y', '../z', '../w']);
});

// Chain tables: those ingestion writes through its undo-logging writer (appendByBlock/putByKey), the writer's own log
// and the chain's cursor. Only src/ingestion writes or deletes them; everywhere else they are read. Migrations change
// their shape (and may rewrite their rows while doing so), so they are not held to this.

type ChainTable = { ident: string; name: string; table: string };

/** Every entity of src/db/entities: its exported identifier, TypeORM name and table. */
const entitySchemas = (): ChainTable[] =>
  sourceFiles(path.join(SRC, 'db', 'entities')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/export const (\w+) = new EntitySchema<[^>]*>\(\{\s*name: '(\w+)',\s*tableName: '(\w+)'/g)].map((m) => ({ ident: m[1], name: m[2], table: m[3] })),
  );

const chainTables = (): ChainTable[] => {
  const written = new Set(['ChainCheckpointEntity', 'ChainUndoEntity']);
  for (const file of sourceFiles(path.join(SRC, 'ingestion'))) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\.(?:appendByBlock|putByKey)\(\s*(\w+Entity)\b/g)) written.add(m[1]);
  }
  return entitySchemas().filter((e) => written.has(e.ident));
};

const WRITES = new Set(['insert', 'delete', 'update', 'save', 'upsert', 'remove', 'softDelete', 'softRemove', 'restore', 'increment', 'decrement', 'clear']);
/** EntityManager and Repository calls that only read. */
const READS = new Set(['getRepository', 'find', 'findBy', 'findOne', 'findOneBy', 'findOneOrFail', 'findOneByOrFail', 'findAndCount', 'count', 'countBy', 'exists', 'existsBy', 'createQueryBuilder', 'getMetadata']);

/** Writes of chain tables in one file: TypeORM write calls on their repositories or entities, and raw SQL naming them. */
const chainWritesIn = (file: string, tables: ChainTable[]): string[] => {
  const text = fs.readFileSync(file, 'utf8');
  // Parsing every file takes seconds; one that names no chain entity and no SQL write cannot write a chain table.
  if (!tables.some((t) => text.includes(t.ident)) && !/\b(?:INSERT|REPLACE|DELETE|UPDATE|TRUNCATE)\b/i.test(text)) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const idents = new Set(tables.map((t) => t.ident));
  const names = new Set(tables.map((t) => t.name));
  const sql = new RegExp(`\\b(?:INSERT\\s+(?:IGNORE\\s+)?INTO|REPLACE\\s+INTO|DELETE\\s+FROM|UPDATE|TRUNCATE(?:\\s+TABLE)?)\\s+[\`"]?(?:${tables.map((t) => t.table).join('|')})\\b`, 'i');
  const isChainEntity = (e: ts.Node) => (ts.isIdentifier(e) && idents.has(e.text)) || (ts.isStringLiteral(e) && names.has(e.text));
  /** The calls and the root of a chain such as `m.getRepository(X).createQueryBuilder().delete()`. */
  const chainOf = (e: ts.Expression): { calls: ts.CallExpression[]; root: ts.Expression } => {
    const calls: ts.CallExpression[] = [];
    for (;;) {
      if (ts.isCallExpression(e)) (calls.push(e), (e = e.expression));
      else if (ts.isPropertyAccessExpression(e)) e = e.expression;
      else if (ts.isParenthesizedExpression(e) || ts.isAwaitExpression(e) || ts.isNonNullExpression(e)) e = e.expression;
      else return { calls, root: e };
    }
  };
  const methodOf = (c: ts.CallExpression) => (ts.isPropertyAccessExpression(c.expression) ? c.expression.name.text : null);
  const namesChainEntity = (calls: ts.CallExpression[]) => calls.some((c) => methodOf(c) !== null && READS.has(methodOf(c)!) && c.arguments.length > 0 && isChainEntity(c.arguments[0]));
  // Variables holding a chain table's repository (or a query builder on one).
  const repos = new Set<string>();
  const found: string[] = [];
  const at = (n: ts.Node, what: string) => found.push(`${path.relative(ROOT, file)}:${source.getLineAndCharacterOfPosition(n.getStart()).line + 1} ${what}`);
  const visitVariables = (n: ts.Node): void => {
    if (ts.isVariableDeclaration(n) && ts.isIdentifier(n.name) && n.initializer && namesChainEntity(chainOf(n.initializer).calls)) repos.add(n.name.text);
    ts.forEachChild(n, visitVariables);
  };
  const visit = (n: ts.Node): void => {
    if (ts.isCallExpression(n)) {
      const method = methodOf(n);
      const { calls, root } = chainOf(n);
      const onChainRepo = namesChainEntity(calls) || (ts.isIdentifier(root) && repos.has(root.text));
      if (method && WRITES.has(method) && (onChainRepo || (n.arguments.length > 0 && isChainEntity(n.arguments[0])))) at(n, `${method}() on a chain table`);
      else if ((method === 'into' || method === 'from') && n.arguments.length > 0 && isChainEntity(n.arguments[0]) && calls.some((c) => WRITES.has(methodOf(c) ?? ''))) at(n, `${method}() of a write on a chain table`);
      // A chain entity handed to anything but a read (a helper that deletes with it, say) is a write this test cannot
      // follow. Its TypeORM name as a string only counts where a repository is asked for: it is a common word.
      for (const arg of n.arguments) if (ts.isIdentifier(arg) && idents.has(arg.text) && !(method && READS.has(method))) at(n, `passes ${arg.getText()} to ${n.expression.getText()}()`);
    }
    if ((ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) && sql.test(n.text)) at(n, `SQL writing a chain table: ${n.text.slice(0, 60)}`);
    ts.forEachChild(n, visit);
  };
  visitVariables(source);
  visit(source);
  return found;
};

it('finds the chain tables from what ingestion writes', () => {
  expect(chainTables().map((t) => t.table).sort()).toEqual(
    expect.arrayContaining(['blocks', 'chain_checkpoints', 'chain_undo_log', 'market_event_days', 'market_events', 'token_balance_changes', 'token_balances', 'token_transactions', 'token_transfers']),
  );
});

it('writes chain tables only in src/ingestion', () => {
  const tables = chainTables();
  const outside = files.filter((f) => folderOf(f) !== 'ingestion' && folderOf(f) !== 'migrations');
  expect(outside.flatMap((f) => chainWritesIn(f, tables))).toEqual([]);
});

it('catches a chain table written outside src/ingestion (the checker itself works)', () => {
  const tables = chainTables();
  const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'layers-'));
  const file = path.join(dir, 'writer.ts');
  fs.writeFileSync(
    file,
    [
      `const repo = db.getRepository(BalanceEntity);`,
      `await repo.delete({ chainId });`,
      `await m.getRepository(ChainUndoEntity).delete({ chainId });`,
      `await m.getRepository(TransferEntity).createQueryBuilder().delete().where('chain_id = 1').execute();`,
      `await m.insert(BlockEntity, rows);`,
      `await deleteOf(m, MarketEventEntity, chainId);`,
      `await q.query(\`DELETE FROM market_event_days WHERE chain_id = \${chainId}\`);`,
      `await db.getRepository(TransferEntity).find({ where: { chainId } });`,
      `await db.getRepository(ProjectEntity).delete({ id });`,
    ].join('\n'),
  );
  try {
    expect(chainWritesIn(file, tables).map((w) => w.replace(/^.*writer\.ts:/, ''))).toEqual([
      '2 delete() on a chain table',
      '3 delete() on a chain table',
      '4 delete() on a chain table',
      '5 insert() on a chain table',
      '5 passes BlockEntity to m.insert()',
      '6 passes MarketEventEntity to deleteOf()',
      '7 SQL writing a chain table: DELETE FROM market_event_days WHERE chain_id = ',
    ]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

// The published clients' quirks (a Go client's "" for unset, its 0 for no toBlock or no page size) are settled in
// src/rpc/wire; the domain takes values as given and GraphQL keeps only its own documented leniency. A comment that
// explains code by what Go clients send is the sign of a quirk that moved back in.
const GO_CLIENT_QUIRK = /\bGo clients?\b/i;

it('keeps the published clients\' quirks out of src/domain and src/graphql', () => {
  const inside = files.filter((f) => folderOf(f) === 'domain' || folderOf(f) === 'graphql');
  const found = inside.filter((f) => GO_CLIENT_QUIRK.test(fs.readFileSync(f, 'utf8'))).map((f) => path.relative(ROOT, f));
  expect(found).toEqual([]);
  expect(GO_CLIENT_QUIRK.test('// Go clients send every field: a toBlock of 0 means none.')).toBe(true);
});

// Circles (#40 item 5): no file of src/ reaches itself through its imports (type-only ones included: a circle of types
// is a circle of understanding), and no area of src/domain/ imports an area that imports it back, however far round.

/** The import graph of `list`: each file → the files of `list` it imports (a folder import resolves to its index). */
const importGraph = (list: string[]): Map<string, string[]> => {
  const known = new Set(list);
  const resolve = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    return [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => known.has(c)) ?? null;
  };
  return new Map(list.map((f) => [f, importsOf(f).filter((s) => s.startsWith('.')).map((s) => resolve(f, s)).filter((t): t is string => t !== null)]));
};

/** The strongly connected groups of more than one node (Tarjan): each is a circle. */
const circlesOf = <N>(graph: Map<N, N[]>): N[][] => {
  let next = 0;
  const index = new Map<N, number>();
  const low = new Map<N, number>();
  const stack: N[] = [];
  const onStack = new Set<N>();
  const out: N[][] = [];
  const visit = (v: N) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const group: N[] = [];
    let w: N;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      group.push(w);
    } while (w !== v);
    if (group.length > 1) out.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return out;
};

const srcFiles = sourceFiles(SRC);
const DOMAIN = path.join(SRC, 'domain');
/** A file's area of src/domain: its sub-folder, or the file itself for one at the root (services.ts and friends). */
const areaOf = (file: string) => path.relative(DOMAIN, file).split(path.sep)[0];

it('has no circle of files in src/', () => {
  const circles = circlesOf(importGraph(srcFiles)).map((c) => c.map((f) => path.relative(ROOT, f)).sort());
  expect(circles).toEqual([]);
});

it('has no circle of areas in src/domain/', () => {
  const graph = importGraph(srcFiles.filter((f) => f.startsWith(DOMAIN + path.sep)));
  const areas = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = areaOf(file);
    const set = areas.get(from) ?? new Set<string>();
    for (const t of targets) if (areaOf(t) !== from) set.add(areaOf(t));
    areas.set(from, set);
  }
  const circles = circlesOf(new Map([...areas].map(([a, s]) => [a, [...s]]))).map((c) => c.sort());
  expect(circles).toEqual([]);
});

it('finds a circle when there is one (the checker itself works)', () => {
  const g = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  expect(circlesOf(g).map((c) => c.sort())).toEqual([['a', 'b', 'c']]);
});
