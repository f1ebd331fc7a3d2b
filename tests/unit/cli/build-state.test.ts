// bin/build-state.js decides whether bin/strata.js may run the compiled dist/: only when the build
// recorded the sources exactly as they are now.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findRoot, PROJECT_ROOT } from '../../../src/config/paths';

type State = { current: true } | { current: false; reason: string };
type Files = Record<string, string>;
const { buildState, snapshot, writeStamp } = require('../../../bin/build-state') as {
  buildState(root: string): State;
  snapshot(root: string): Files;
  writeStamp(root: string, files: Files): void;
};

let root: string;
const write = (rel: string, text = 'export {};\n') => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};
/** What `npm run build` does: snapshot, compile, stamp. */
const build = (files = snapshot(root)) => {
  write('dist/src/main/cli.js', '');
  writeStamp(root, files);
};
const ago = (ms: number) => new Date(Date.now() - ms);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-build-state-'));
  write('package.json', '{}');
  write('tsconfig.json', '{}');
  write('tsconfig.build.json', '{}');
  write('src/main/cli.ts');
  write('src/config/index.ts');
  write('migrations/index.ts');
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

it('is not current without dist/', () => {
  expect(buildState(root)).toEqual({ current: false, reason: 'there is no build in dist/' });
});

it('is not current when dist/ has no stamp (a build that failed or never finished)', () => {
  write('dist/src/main/cli.js', '');
  expect(buildState(root).current).toBe(false);
});

it('is current right after a build', () => {
  build();
  expect(buildState(root)).toEqual({ current: true });
});

it('is not current once a source is newer than the build', () => {
  build();
  fs.utimesSync(path.join(root, 'src/config/index.ts'), new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
  expect(buildState(root)).toEqual({ current: false, reason: 'the sources changed since the last build' });
});

it('is not current when a source was edited while the build ran', () => {
  const before = snapshot(root); // taken before compiling
  write('src/config/index.ts', 'export const edited = 1;\n');
  build(before);
  expect(buildState(root).current).toBe(false);
});

it('is not current when a source is replaced by an older copy (mtime kept, as cp -p or tar do)', () => {
  build();
  write('src/config/index.ts', 'export const older = 1;\n');
  fs.utimesSync(path.join(root, 'src/config/index.ts'), ago(86_400_000), ago(86_400_000));
  expect(buildState(root).current).toBe(false);
});

it('is not current when a source is added or removed, or a tsconfig or migration changes', () => {
  build();
  write('src/config/paths.ts');
  expect(buildState(root).current).toBe(false);
  build();
  fs.rmSync(path.join(root, 'src/config/paths.ts'));
  expect(buildState(root).current).toBe(false);
  build();
  write('migrations/index.ts', 'export const migrations = [];\n');
  expect(buildState(root).current).toBe(false);
  build();
  write('tsconfig.build.json', '{ "compilerOptions": {} }');
  expect(buildState(root).current).toBe(false);
});

it('ignores files outside the inputs (tests, scripts, dist itself)', () => {
  build();
  write('tests/a.test.ts');
  write('scripts/x.js');
  write('dist/src/extra.js');
  expect(buildState(root)).toEqual({ current: true });
});

it('finds the project root (package.json) from src/ as from dist/src/', () => {
  write('dist/src/config/paths.js', '');
  expect(findRoot(path.join(root, 'src', 'config'))).toBe(root);
  expect(findRoot(path.join(root, 'dist', 'src', 'config'))).toBe(root);
  expect(fs.existsSync(path.join(PROJECT_ROOT, 'package.json'))).toBe(true);
  expect(fs.existsSync(path.join(PROJECT_ROOT, 'schema', 'rpc'))).toBe(true);
});
