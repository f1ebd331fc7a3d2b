// Is dist/ a build of the sources as they are now? `npm run build` records every input file's size
// and mtime (taken before compiling) in dist/.built; the build is current only when the inputs
// still match that record exactly: no file changed, added or removed since, in either direction of
// time. bin/strata.js runs dist/ only then, and never stale compiled code.
'use strict';
const fs = require('node:fs');
const path = require('node:path');

/** Relative to the project root. */
const STAMP = path.join('dist', '.built');
const ENTRY = path.join('dist', 'src', 'main', 'cli.js');
const INPUT_DIRS = ['src', 'migrations'];
const isInputConfig = (name) => /^tsconfig.*\.json$/.test(name);

/** Every input of the build under `root`: { 'src/x.ts': 'size:mtimeMs', … } (paths with /). */
const snapshot = (root) => {
  const files = {};
  const add = (rel) => {
    const st = fs.statSync(path.join(root, rel));
    files[rel.split(path.sep).join('/')] = `${st.size}:${st.mtimeMs}`;
  };
  const walk = (rel) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else add(child);
    }
  };
  for (const name of fs.readdirSync(root)) if (isInputConfig(name)) add(name);
  for (const dir of INPUT_DIRS) if (fs.existsSync(path.join(root, dir))) walk(dir);
  return files;
};

/** Written by the build once the compiler succeeded, with the snapshot taken before it ran. */
const writeStamp = (root, files) =>
  fs.writeFileSync(path.join(root, STAMP), `${JSON.stringify({ version: 1, files })}\n`);

const removeStamp = (root) => fs.rmSync(path.join(root, STAMP), { force: true });

/** { current: true } or { current: false, reason } (the reason names no file). */
const buildState = (root) => {
  let recorded;
  try {
    recorded = JSON.parse(fs.readFileSync(path.join(root, STAMP), 'utf8')).files;
  } catch {
    return { current: false, reason: 'there is no build in dist/' };
  }
  if (!recorded || !fs.existsSync(path.join(root, ENTRY))) return { current: false, reason: 'there is no build in dist/' };
  const now = snapshot(root);
  const names = Object.keys(now);
  const same = names.length === Object.keys(recorded).length && names.every((n) => recorded[n] === now[n]);
  return same ? { current: true } : { current: false, reason: 'the sources changed since the last build' };
};

module.exports = { STAMP, ENTRY, snapshot, writeStamp, removeStamp, buildState };
