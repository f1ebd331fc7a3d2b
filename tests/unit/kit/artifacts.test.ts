// Committed contract artifacts stay in step with their Solidity sources (hashes only: nothing compiles here).
import fs from 'node:fs';
import path from 'node:path';
import { ARTIFACTS_DIR, listContractSources, sourceHashOf, type Artifact } from '../../helpers/solidity';

const REBUILD = 'run `npm run contracts:build` and commit tests/fixtures/artifacts';

const artifacts: Artifact[] = fs
  .readdirSync(ARTIFACTS_DIR)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(fs.readFileSync(path.join(ARTIFACTS_DIR, f), 'utf8')));

it('has artifacts to check', () => {
  expect(artifacts.length).toBeGreaterThan(0);
});

it('has an artifact for every fixture source', () => {
  const built = new Set(artifacts.map((a) => a.source));
  const missing = listContractSources().filter((s) => !built.has(s));
  expect({ missing, fix: REBUILD }).toEqual({ missing: [], fix: REBUILD });
});

it('has no artifact older than its sources (OpenZeppelin imports and compiler settings included)', () => {
  const sources = new Set(listContractSources());
  const hashes = new Map<string, string>();
  const stale = artifacts
    .filter((a) => {
      if (!sources.has(a.source)) return true; // its source file is gone
      if (!hashes.has(a.source)) hashes.set(a.source, sourceHashOf(a.source));
      return hashes.get(a.source) !== a.sourceHash;
    })
    .map((a) => `${a.contractName} (${a.source})`);
  expect({ stale, fix: REBUILD }).toEqual({ stale: [], fix: REBUILD });
});

it('names each artifact file after its contract, with deployable bytecode and an ABI', () => {
  for (const a of artifacts) {
    expect(fs.existsSync(path.join(ARTIFACTS_DIR, `${a.contractName}.json`))).toBe(true);
    expect(a.bytecode).toMatch(/^0x([0-9a-f]{2})+$/);
    expect(Array.isArray(a.abi)).toBe(true);
  }
});
