// Test contracts: committed artifacts (tests/fixtures/artifacts, built by `npm run contracts:build`) deployed with
// ethers; compiles with solc-js (disk-cached) only when an artifact is missing or older than its sources.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ContractFactory, type Contract, type Signer } from 'ethers';

export type Compiled = { abi: any[]; bytecode: string };

/** One committed artifact: tests/fixtures/artifacts/<contractName>.json. */
export type Artifact = Compiled & {
  contractName: string;
  /** Source file, relative to tests/fixtures/contracts (posix separators). */
  source: string;
  /** sourceHashOf(source) when the artifact was built; a different current hash means the artifact is stale. */
  sourceHash: string;
  /** solc-js version that built it (informative: a compiler bump alone does not make an artifact stale). */
  compiler: string;
};

const ROOT = path.resolve(__dirname, '..', '..');
export const CONTRACTS_DIR = path.join(ROOT, 'tests', 'fixtures', 'contracts');
export const ARTIFACTS_DIR = path.join(ROOT, 'tests', 'fixtures', 'artifacts');
const CACHE_DIR = path.join(ROOT, 'node_modules', '.cache', 'strata-solc');
// cancun: what anvil and every mainnet-like chain run; OpenZeppelin 5 uses mcopy when allowed.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
};

// One solc import per worker; it is a large emscripten module, loaded only when something must compile.
let solcModule: { version(): string; compile(input: string, opts?: unknown): string } | undefined;
const solc = () => (solcModule ??= require('solc'));

export const SOLC_VERSION: string = require('solc/package.json').version;
const memo = new Map<string, Record<string, Compiled>>();

const IMPORT_RE = /^\s*import\s+(?:[^'"]*?\s+from\s+)?["']([^"']+)["']\s*;/gm;

/** Resolves a source unit name to a file: `@scope/...` from node_modules, anything else from the fixtures folder. */
const locate = (unit: string): string =>
  unit.startsWith('@') ? require.resolve(unit, { paths: [ROOT] }) : path.join(CONTRACTS_DIR, unit);

const resolveImport = (fromUnit: string, spec: string): string =>
  spec.startsWith('./') || spec.startsWith('../') ? path.posix.normalize(path.posix.join(path.posix.dirname(fromUnit), spec)) : spec;

const toUnit = (file: string) => file.split(path.sep).join('/');

/** Walks the import graph, so hashes and cache keys cover every source the compiler will see. */
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

const hashSources = (sources: Record<string, { content: string }>, extra: string[] = []): string => {
  const hash = crypto.createHash('sha256');
  for (const e of extra) hash.update(e).update('\0');
  hash.update(JSON.stringify(SETTINGS));
  for (const unit of Object.keys(sources).sort()) hash.update(unit).update('\0').update(sources[unit].content).update('\0');
  return hash.digest('hex');
};

/**
 * sha256 over the compiler settings and every source unit `file` pulls in (OpenZeppelin included), without compiling.
 * `file` is relative to tests/fixtures/contracts/.
 */
export const sourceHashOf = (file: string): string => hashSources(collectSources(toUnit(file)));

/** Every .sol file under tests/fixtures/contracts, relative and posix, sorted. */
export const listContractSources = (): string[] => {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.sol')) out.push(toUnit(path.relative(CONTRACTS_DIR, full)));
    }
  };
  walk(CONTRACTS_DIR);
  return out.sort();
};

/** Runs solc-js on one file (no cache): every contract it defines, by name. */
export const compileSources = (file: string): Record<string, Compiled> => {
  const unit = toUnit(file);
  const input = { language: 'Solidity', sources: collectSources(unit), settings: SETTINGS };
  const output = JSON.parse(
    solc().compile(JSON.stringify(input), {
      import: (u: string) => {
        try {
          return { contents: fs.readFileSync(locate(u), 'utf8') };
        } catch {
          return { error: `not found: ${u}` };
        }
      },
    }),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts?: Record<string, Record<string, { abi: any[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc failed for ${unit}:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const result: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(output.contracts?.[unit] ?? {})) {
    result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  }
  return result;
};

/** compileSources behind a per-process memo and a disk cache keyed by compiler version, settings and sources. */
const compileFile = (unit: string): Record<string, Compiled> => {
  const key = hashSources(collectSources(unit), [SOLC_VERSION]).slice(0, 32);
  const hit = memo.get(key);
  if (hit) return hit;
  const cacheFile = path.join(CACHE_DIR, `${path.basename(unit, '.sol')}-${key}.json`);
  try {
    const cached = JSON.parse(fs.readFileSync(cacheFile, 'utf8')) as Record<string, Compiled>;
    memo.set(key, cached);
    return cached;
  } catch {
    /* not cached yet, or a torn file from an older crash: compile */
  }
  const result = compileSources(unit);
  // Temp file + rename: two jest workers compiling the same file never see each other's partial writes.
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const tmp = `${cacheFile}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(result));
  fs.renameSync(tmp, cacheFile);
  memo.set(key, result);
  return result;
};

export const artifactPath = (contractName: string) => path.join(ARTIFACTS_DIR, `${contractName}.json`);

/** The committed artifact of `contractName`, or null when there is none. */
export const readArtifact = (contractName: string): Artifact | null => {
  try {
    return JSON.parse(fs.readFileSync(artifactPath(contractName), 'utf8')) as Artifact;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
};

const currentHash = new Map<string, string>();
const freshArtifact = (unit: string, contractName: string): Artifact | null => {
  const artifact = readArtifact(contractName);
  if (!artifact || artifact.source !== unit) return null;
  if (!currentHash.has(unit)) currentHash.set(unit, sourceHashOf(unit));
  // A source edited since the last build compiles here, so local runs see the edit; the artifacts unit test
  // still fails until `npm run contracts:build` is run and the result committed.
  return artifact.sourceHash === currentHash.get(unit) ? artifact : null;
};

/** `file` is relative to tests/fixtures/contracts/; imports of `@openzeppelin/...` come from node_modules. */
export function compileContract(file: string, contractName: string): Compiled {
  const unit = toUnit(file);
  const artifact = freshArtifact(unit, contractName);
  if (artifact) return { abi: artifact.abi, bytecode: artifact.bytecode };
  const contracts = compileFile(unit);
  const found = contracts[contractName];
  if (!found) throw new Error(`contract ${contractName} not found in ${unit} (has: ${Object.keys(contracts).join(', ')})`);
  return found;
}

export async function deployContract(signer: Signer, file: string, contractName: string, args: unknown[] = []): Promise<Contract> {
  const { abi, bytecode } = compileContract(file, contractName);
  const contract = await new ContractFactory(abi, bytecode, signer).deploy(...args);
  await contract.waitForDeployment();
  return contract as Contract;
}
