// Dev-time build of the ERC-6492 deployless validator: compiles UniversalSigValidator.sol and
// writes the creation bytecode of `ValidateSigOffchain` into ../validator-bytecode.ts.
//   npx tsx src/chain/signatures/contracts/compile.ts          (rewrite the constant)
//   npx tsx src/chain/signatures/contracts/compile.ts --check  (exit 1 when it is stale)
// Never imported at run time: solc is a dev dependency.
import fs from 'node:fs';
import path from 'node:path';

export const SOURCE_FILE = path.join(__dirname, 'UniversalSigValidator.sol');
export const CONSTANT_FILE = path.join(__dirname, '..', 'validator-bytecode.ts');

// paris: no PUSH0/MCOPY, so the init code runs on every EVM chain, including ones that never
// adopted Shanghai. No metadata hash: the bytecode depends on the code, not on comments.
// viaIR: the reference source is "stack too deep" for the legacy code generator.
const SETTINGS = {
  viaIR: true,
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { 'UniversalSigValidator.sol': { ValidateSigOffchain: ['evm.bytecode.object'] } },
};

type SolcOutput = {
  errors?: { severity: string; formattedMessage: string }[];
  contracts?: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
};

export const solcVersion = (): string => (require('solc') as { version(): string }).version();

/** The creation bytecode of ValidateSigOffchain, 0x-prefixed, as the installed solc builds it. */
export const compileValidateSigOffchain = (): string => {
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'UniversalSigValidator.sol': { content: fs.readFileSync(SOURCE_FILE, 'utf8') } },
    settings: SETTINGS,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const object = output.contracts?.['UniversalSigValidator.sol']?.ValidateSigOffchain?.evm.bytecode.object;
  if (!object) throw new Error('solc produced no bytecode for ValidateSigOffchain');
  return `0x${object}`;
};

export const renderConstantFile = (bytecode: string, version: string): string =>
  [
    '// Creation bytecode of ERC-6492 `ValidateSigOffchain` (contracts/UniversalSigValidator.sol), sent as the',
    '// data of one deployless eth_call. Generated, do not edit: after changing the source, run',
    '//   npx tsx src/chain/signatures/contracts/compile.ts',
    `// (solc ${version}, viaIR, optimizer 200 runs, evmVersion paris, no metadata hash). A unit test recompiles and compares.`,
    `export const VALIDATE_SIG_OFFCHAIN_BYTECODE =\n  '${bytecode}';`,
    '',
  ].join('\n');

if (require.main === module) {
  const text = renderConstantFile(compileValidateSigOffchain(), solcVersion());
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(CONSTANT_FILE) ? fs.readFileSync(CONSTANT_FILE, 'utf8') : '';
    if (current !== text) {
      console.error(`${CONSTANT_FILE} is stale: run npx tsx src/chain/signatures/contracts/compile.ts`);
      process.exit(1);
    }
  } else {
    fs.writeFileSync(CONSTANT_FILE, text);
    console.log(`wrote ${CONSTANT_FILE}`);
  }
}
