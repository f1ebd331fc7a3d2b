#!/usr/bin/env node
// Adds package-lock entries for optional platform packages (other OSes/CPUs) that the registry mirror
// here does not serve. Without them `npm ci` refuses the lock as out of sync (npm/cli#9846); with them,
// npm skips those packages on this platform by their os/cpu/libc, as it does for any foreign binary.
// Run after `npm install` changes the lock: `node scripts/lock-optional-platforms.js`.
const fs = require('node:fs');
const path = require('node:path');

const file = path.join(__dirname, '..', 'package-lock.json');
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const OS = { darwin: 'darwin', win32: 'win32', linux: 'linux', android: 'android', freebsd: 'freebsd', openharmony: 'openharmony' };
const CPU = { amd64: 'x64', x64: 'x64', arm64: 'arm64', ia32: 'ia32', arm: 'arm', ppc64: 'ppc64', s390x: 's390x', riscv64: 'riscv64', loong64: 'loong64', wasm32: 'wasm32' };

const added = [];
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${key ? `${key}/` : ''}node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[`node_modules/${name}`]) continue;
    const parts = name.split('/').pop().split('-');
    const os = parts.map((p) => OS[p]).find(Boolean);
    const cpu = parts.map((p) => CPU[p]).find(Boolean);
    const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p === 'gnu' || p.startsWith('gnueabi')) ? 'glibc' : null;
    const record = { version: String(spec).replace(/^[\^~=]/, ''), optional: true };
    if (cpu) record.cpu = [cpu];
    if (os) record.os = [os];
    if (libc) record.libc = [libc];
    lock.packages[`node_modules/${name}`] = record;
    added.push(`${name}@${record.version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)));
fs.writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(added.length ? `added ${added.length} entries:\n${added.join('\n')}\n` : 'nothing to add\n');
