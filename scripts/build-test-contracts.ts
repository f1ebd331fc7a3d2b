// `npm run contracts:build`: compiles tests/fixtures/contracts/**/*.sol (solc-js, OpenZeppelin from node_modules)
// into tests/fixtures/artifacts/<Contract>.json, which the tests deploy without compiling.
// Output is deterministic (a rebuild of unchanged sources leaves git clean); artifacts of removed contracts go.
import fs from 'node:fs';
import path from 'node:path';
import {
  ARTIFACTS_DIR,
  SOLC_VERSION,
  artifactPath,
  compileSources,
  listContractSources,
  sourceHashOf,
  type Artifact,
} from '../tests/helpers/solidity';

const main = () => {
  const started = Date.now();
  fs.mkdirSync(ARTIFACTS_DIR, { recursive: true });
  const written = new Map<string, string>();
  for (const source of listContractSources()) {
    const sourceHash = sourceHashOf(source);
    const contracts = compileSources(source);
    for (const [contractName, { abi, bytecode }] of Object.entries(contracts).sort(([a], [b]) => a.localeCompare(b))) {
      // Artifacts are looked up by contract name alone, so names must be unique across fixture files.
      const other = written.get(contractName);
      if (other) throw new Error(`contract ${contractName} is defined in both ${other} and ${source}; rename one`);
      written.set(contractName, source);
      const artifact: Artifact = { contractName, source, sourceHash, compiler: SOLC_VERSION, abi, bytecode };
      fs.writeFileSync(artifactPath(contractName), `${JSON.stringify(artifact, null, 2)}\n`);
    }
    process.stdout.write(`${source}: ${Object.keys(contracts).join(', ')}\n`);
  }
  for (const file of fs.readdirSync(ARTIFACTS_DIR)) {
    if (file.endsWith('.json') && !written.has(path.basename(file, '.json'))) {
      fs.rmSync(path.join(ARTIFACTS_DIR, file));
      process.stdout.write(`removed stale ${file}\n`);
    }
  }
  process.stdout.write(`${written.size} artifacts in ${path.relative(process.cwd(), ARTIFACTS_DIR)} (solc ${SOLC_VERSION}, ${Date.now() - started} ms)\n`);
};

main();
