#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so `npm ci` is the whole build.
require('tsx/cjs');
require('../src/main/cli.ts');
