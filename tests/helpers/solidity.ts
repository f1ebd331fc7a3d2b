// Test contracts: compiles tests/fixtures/contracts with solc-js (disk-cached) and deploys them with ethers.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContractFactory, type Contract, type Signer } from 'ethers';

export type Compiled = { abi: any[]; bytecode: string };

const ROOT = path.resolve(__dirname, '..', '..');
const CONTRACTS_DIR = path.join(ROOT, 'tests', 'fixtures', 'contracts');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'strata-solc');
// cancun: what anvil and every mainnet-like chain run; OpenZeppelin 5 uses mcopy when allowed.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

// One solc import per worker; it is a large emscripten module.
let solcModule: { version(): string; compile(input: string, opts?: unknown): string } | undefined;
const solc = () => (solcModule ??= require('solc'));

const SOLC_VERSION: string = require('solc/package.json').version;
const memo = new Map<string, Record<string, Compiled>>();

const IMPORT_RE = /^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']\s*;/gm;

/** Resolves a source unit name to a file: `@scope/...` from node_modules, anything else from the fixtures folder. */
const locate = (unit: string): string =>
  unit.startsWith('@') ? require.resolve(unit, { paths: [ROOT] }) : path.join(CONTRACTS_DIR, unit);

const resolveImport = (fromUnit: string, spec: string): string =>
  spec.startsWith('./') || spec.startsWith('../') ? path.posix.normalize(path.posix.join(path.posix.dirname(fromUnit), spec)) : spec;

/** Walks the import graph so the cache key covers every source the compiler will see. */
const collectSources = (entry: string): Record<string, { content: string }> => {
  const sources: Record<string, { content: string }> = {};
  const queue = [entry];
  while (queue.length) {
    const unit = queue.pop()!;
    if (sources[unit]) continue;
    const content = fs.readFileSync(locate(unit), 'utf8');
    sources[unit] = { content };
    for (const m of content.matchAll(IMPORT_RE)) queue.push(resolveImport(unit, m[1]));
  }
  return sources;
};

const compileFile = (file: string): Record<string, Compiled> => {
  const sources = collectSources(file);
  const hash = crypto.createHash('sha256');
  // The package version names the compiler build; reading it avoids loading solc on a cache hit.
  hash.update(SOLC_VERSION).update(JSON.stringify(SETTINGS));
  for (const unit of Object.keys(sources).sort()) hash.update(unit).update('\0').update(sources[unit].content).update('\0');
  const key = hash.digest('hex').slice(0, 32);

  const hit = memo.get(key);
  if (hit) return hit;
  const cacheFile = path.join(CACHE_DIR, `${path.basename(file, '.sol')}-${key}.json`);
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, Compiled>;
    memo.set(key, cached);
    return cached;
  } catch {
    /* not cached yet, or a torn file from an older crash: compile */
  }

  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(
    solc().compile(JSON.stringify(input), {
      import: (unit: string) => {
        try {
          return { contents: fs.readFileSync(locate(unit), 'utf8') };
        } catch {
          return { error: `not found: ${unit}` };
        }
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: any[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc failed for ${file}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);

  const result: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(output.contracts?.[file] ?? {})) {
    result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  // Temp file + rename: two jest workers compiling the same file never see each other's partial writes.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(result));
  fs.renameSync(tmp, cacheFile);
  memo.set(key, result);
  return result;
};

/** `file` is relative to tests/fixtures/contracts/; imports of `@openzeppelin/...` come from node_modules. */
export function compileContract(file: string, contractName: string): Compiled {
  const contracts = compileFile(file.split(path.sep).join('/'));
  const found = contracts[contractName];
  if (!found) throw new Error(`contract ${contractName} not found in ${file} (has: ${Object.keys(contracts).join(', ')})`);
  return found;
}

export async function deployContract(signer: Signer, file: string, contractName: string, args: unknown[] = []): Promise<Contract> {
  const { abi, bytecode } = compileContract(file, contractName);
  const contract = await new ContractFactory(abi, bytecode, signer).deploy(...args);
  await contract.waitForDeployment();
  return contract as Contract;
}
