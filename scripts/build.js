// `npm run build` (also `prepare`, so `npm ci` builds): compiles src/ and migrations/ into dist/
// (tsconfig.build.json), then writes dist/.built, which tells bin/strata.js the build is current.
// The inputs are recorded before compiling, so a source edited during the build makes it stale.
'use strict';
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { snapshot, writeStamp, removeStamp } = require('../bin/build-state');

const root = path.join(__dirname, '..');

let tsc;
try {
  tsc = require.resolve('typescript/bin/tsc', { paths: [root] });
} catch {
  // An install without dev dependencies (npm ci --omit=dev) has no compiler: bin/strata.js then
  // runs the sources through tsx, a run-time dependency. Only an explicit build fails.
  const prepare = process.env.npm_lifecycle_event === 'prepare';
  process.stderr.write(`strata build: typescript is not installed${prepare ? '; skipped (bin/strata.js will run the sources through tsx)' : ''}\n`);
  process.exit(prepare ? 0 : 1);
}

const inputs = snapshot(root);
removeStamp(root); // first: from here on bin/strata.js runs the sources
fs.rmSync(path.join(root, 'dist'), { recursive: true, force: true });
const { status, signal } = spawnSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
if (status !== 0) {
  process.stderr.write(`strata build: tsc failed (${signal ?? `exit ${status}`}); dist/ is not current\n`);
  process.exit(status || 1);
}
writeStamp(root, inputs);
