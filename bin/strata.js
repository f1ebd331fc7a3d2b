#!/usr/bin/env node
// Runs the compiled JavaScript in dist/ (`npm run build`; `npm ci` builds it) when that build is
// current, else the TypeScript sources through tsx, saying so on one stderr line.
// A .env file in the working directory (KEY=value lines, as .env.example shows) is read first; a variable already set
// in the environment, even to nothing, wins over the file. process.loadEnvFile is Node's own parser (20.12+).
try {
  process.loadEnvFile('.env');
} catch (err) {
  if (err.code !== 'ENOENT') {
    process.stderr.write(`strata: cannot read .env in ${process.cwd()}: ${err.message}\n`);
    process.exit(2);
  }
}
// graphql-js and graphql-ws skip development-only checks in production; set it before they load.
process.env.NODE_ENV ??= 'production';
const path = require('node:path');
const { buildState, ENTRY } = require('./build-state');

const root = path.join(__dirname, '..');
const state = buildState(root);
if (state.current) {
  require(path.join(root, ENTRY));
} else {
  process.stderr.write(`strata: ${state.reason}; running the TypeScript sources through tsx (slower start). \`npm run build\` compiles them.\n`);
  require('tsx/cjs');
  require('../src/main/cli.ts');
}
