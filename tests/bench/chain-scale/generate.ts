// Builds the chain-scale benchmark chain on anvil (plan.ts says what it holds) and caches its state outside the repo.
// Run: npm run bench:chain-scale:build [-- --scale 0.01] [--force]
// The cache is $STRATA_BENCH_CACHE (default ~/.cache/strata-bench)/chain-scale-<key>/, keyed by the sources of this
// folder, the anvil version and the scale; benchmarks build it on first use.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { Interface } from 'ethers';
import { anvilBinary, startAnvil } from '../../helpers/anvil';
import { seededRandom, type Random } from '../../helpers/random';
import { batchRpc, createDevSender, type Call } from '../lib/dev-transactions';
import { BLOCKS, BUDGET, CONTRACTS, DECIMALS, DRAW_WEIGHT, POOLS, SEED, eventsPerTx, zipf, type Operation } from './plan';

const HERE = __dirname;
const SOURCE = path.join(HERE, 'contracts', 'ScaleTokens.sol');
const GENESIS_TIMESTAMP = 1_700_000_000;
const BLOCK_SECONDS = 2;
export const ANVIL_ARGS = ['--gas-limit', '3000000000', '--block-base-fee-per-gas', '0', '--timestamp', String(GENESIS_TIMESTAMP)];

type Compiled = { abi: any[]; bytecode: string };
type Kind = keyof typeof CONTRACTS;

export type Manifest = {
  scale: number;
  seed: number;
  lastBlock: number;
  blocks: { empty: number; heavy: number; withTransactions: number };
  transactions: number;
  contracts: Record<Kind, string[]>;
  /** Logs emitted per operation (what was asked; ERC-721 moves of burned tokens emit nothing). */
  plannedLogs: Record<Operation, number>;
  /** Every log on the chain, counted with eth_getLogs after the build, and the largest block. */
  logsOnChain: number;
  busiestBlock: { number: number; logs: number };
  buildSeconds: number;
  stateBytes: number;
};

export const compileScaleTokens = (): Record<string, Compiled> => {
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'ScaleTokens.sol': { content: fs.readFileSync(SOURCE, 'utf8') } },
    settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (out.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length) throw new Error(errors.map((e: { formattedMessage: string }) => e.formattedMessage).join('\n'));
  const result: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries<any>(out.contracts['ScaleTokens.sol'])) result[name] = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return result;
};

const anvilVersion = () => execFileSync(anvilBinary(), ['--version'], { encoding: 'utf8' }).split('\n')[0];

/** Where the state of this scale lives; its name changes whenever the sources, the plan or anvil change. */
export const chainScaleDir = (scale: number): string => {
  const hash = crypto.createHash('sha256');
  for (const f of [SOURCE, path.join(HERE, 'plan.ts'), __filename, require.resolve('../lib/dev-transactions')]) hash.update(fs.readFileSync(f));
  hash.update(anvilVersion()).update(String(scale));
  const root = process.env.STRATA_BENCH_CACHE ?? path.join(os.homedir(), '.cache', 'strata-bench');
  return path.join(root, `chain-scale-${hash.digest('hex').slice(0, 12)}`);
};

/** Empty blocks mined per anvil_mine call (same blocks and timestamps as one call of them all). */
const EMPTY_BLOCKS_PER_CALL = 10;

/** Gas asked per event (generous: unused gas costs nothing at a zero base fee, too little reverts the call). */
const GAS_PER_EVENT: Record<Operation, number> = {
  erc20: 60_000,
  erc721Mint: 80_000,
  erc721Move: 60_000,
  erc721Burn: 60_000,
  erc1155Single: 70_000,
  erc1155Batch: 0,
  lookalike: 30_000,
  revertingBalanceOf: 30_000,
};

const build = async (scale: number, dir: string): Promise<Manifest> => {
  const started = Date.now();
  const rng: Random = seededRandom(SEED);
  const compiled = compileScaleTokens();
  const statePath = path.join(dir, 'state.json');
  const anvil = await startAnvil({ noMining: true, args: [...ANVIL_ARGS, '--prune-history', '--dump-state', statePath], stopGraceMs: 30 * 60_000 });
  await anvil.rpc('anvil_setBlockTimestampInterval', [BLOCK_SECONDS]);
  const sender = createDevSender();
  const tx = sender.send;
  let lastMineMs = 0;
  const mine = async (calls: Call[]) => {
    await batchRpc(anvil.rpcUrl, calls);
    const t = Date.now();
    await batchRpc(anvil.rpcUrl, [{ method: 'evm_mine', params: [] }]);
    lastMineMs = Date.now() - t;
  };

  // Deployments, 100 per block, all from the first dev account (their addresses follow from its nonces).
  const contracts = {} as Record<Kind, string[]>;
  const deployCalls: Call[] = [];
  const deploy = (name: string, args: unknown[]) => {
    const { call, address } = sender.deploy(compiled[name], args);
    deployCalls.push(call);
    return address;
  };
  const count = (k: Kind) => Math.max(1, Math.round(CONTRACTS[k] * scale));
  contracts.erc20 = Array.from({ length: count('erc20') }, (_, i) => deploy('ScaleERC20', [`Scale Token ${i}`, `S${i}`, rng.pick(DECIMALS)]));
  contracts.erc721 = Array.from({ length: count('erc721') }, (_, i) => deploy('ScaleERC721', [`Scale NFT ${i}`, `N${i}`]));
  contracts.erc1155 = Array.from({ length: count('erc1155') }, () => deploy('ScaleERC1155', []));
  contracts.lookalike = Array.from({ length: count('lookalike') }, () => deploy('TransferLookalike', []));
  contracts.revertingBalanceOf = Array.from({ length: count('revertingBalanceOf') }, () => deploy('RevertingBalanceOf', []));
  for (let i = 0; i < deployCalls.length; i += 100) await mine(deployCalls.slice(i, i + 100));

  const iface = Object.fromEntries(Object.entries(compiled).map(([n, c]) => [n, new Interface(c.abi)]));
  const pickers = Object.fromEntries((Object.keys(contracts) as Kind[]).map((k) => [k, zipf(rng, contracts[k].length)])) as Record<Kind, () => number>;
  const remaining = Object.fromEntries(Object.entries(BUDGET).map(([op, n]) => [op, Math.round(n * scale)])) as Record<Operation, number>;
  const plannedLogs = { ...remaining };
  const left = () => Object.values(remaining).reduce((a, b) => a + b, 0);

  /** One transaction of `op` with up to `n` events (a batch op: one log of 1–200 ids). */
  const operation = (op: Operation, n: number): Call => {
    const seed = rng.int(0, 2 ** 31);
    const events = Math.min(n, remaining[op]);
    remaining[op] -= op === 'erc1155Batch' ? 1 : events;
    const on = (kind: Kind) => contracts[kind][pickers[kind]()];
    switch (op) {
      case 'erc20': {
        const pool = rng.chance(0.3) ? POOLS.erc20Hot : POOLS.erc20Tail;
        return tx(on('erc20'), iface.ScaleERC20.encodeFunctionData('spray', [events, seed, pool]), 150_000 + events * GAS_PER_EVENT.erc20);
      }
      case 'erc721Mint':
        return tx(on('erc721'), iface.ScaleERC721.encodeFunctionData('mint', [events, seed, POOLS.erc721]), 150_000 + events * GAS_PER_EVENT[op]);
      case 'erc721Move':
      case 'erc721Burn':
        return tx(on('erc721'), iface.ScaleERC721.encodeFunctionData('move', [events, seed, POOLS.erc721, op === 'erc721Burn']), 150_000 + events * GAS_PER_EVENT[op]);
      case 'erc1155Single':
        return tx(on('erc1155'), iface.ScaleERC1155.encodeFunctionData('moveSingle', [events, seed, POOLS.erc1155, POOLS.erc1155Ids]), 150_000 + events * GAS_PER_EVENT[op]);
      case 'erc1155Batch': {
        const ids = rng.int(1, 200);
        const fn = rng.chance(2 / 3) ? 'mintBatch' : 'moveBatch';
        return tx(on('erc1155'), iface.ScaleERC1155.encodeFunctionData(fn, [ids, seed, POOLS.erc1155, POOLS.erc1155Ids]), 200_000 + ids * 60_000);
      }
      case 'lookalike':
        return tx(on('lookalike'), iface.TransferLookalike.encodeFunctionData('emitLogs', [events, seed]), 150_000 + events * GAS_PER_EVENT[op]);
      case 'revertingBalanceOf':
        return tx(on('revertingBalanceOf'), iface.RevertingBalanceOf.encodeFunctionData('emitLogs', [events, seed]), 150_000 + events * GAS_PER_EVENT[op]);
    }
  };
  /** An operation drawn in proportion to what is left of each budget (DRAW_WEIGHT). */
  const weight = (op: Operation) => remaining[op] * (DRAW_WEIGHT[op] ?? 1);
  const drawOp = (exclude: Operation[] = []): Operation | null => {
    const ops = (Object.keys(remaining) as Operation[]).filter((op) => remaining[op] > 0 && !exclude.includes(op));
    const total = ops.reduce((a, op) => a + weight(op), 0);
    let x = rng.next() * total;
    for (const op of ops) if ((x -= weight(op)) < 0) return op;
    return ops.at(-1) ?? null;
  };

  const blocks = { empty: 0, heavy: 0, withTransactions: Math.ceil(deployCalls.length / 100) };
  let transactions = deployCalls.length;
  let lastReport = Date.now();
  while (left() > 0) {
    if (rng.chance(BLOCKS.emptyStretch)) {
      const n = rng.int(BLOCKS.emptyMin, BLOCKS.emptyMax);
      // A few blocks per call: anvil's time per block grows with the state (2 s and more near the chain's end), and a
      // call of 200 blocks outlasted fetch's 300 s wait for the reply's headers, failing the build at 88 %.
      for (let left = n; left > 0; left -= EMPTY_BLOCKS_PER_CALL) {
        const k = Math.min(left, EMPTY_BLOCKS_PER_CALL);
        await batchRpc(anvil.rpcUrl, [{ method: 'anvil_mine', params: [`0x${k.toString(16)}`, `0x${BLOCK_SECONDS.toString(16)}`] }]);
      }
      blocks.empty += n;
      continue;
    }
    const calls: Call[] = [];
    if (rng.chance(BLOCKS.heavy)) {
      blocks.heavy++;
      for (let t = rng.int(BLOCKS.heavyTxs[0], BLOCKS.heavyTxs[1]); t > 0; t--) {
        const op = drawOp(['erc1155Batch']);
        if (op) calls.push(operation(op, BLOCKS.heavyTxEvents));
      }
    } else {
      for (let t = rng.int(BLOCKS.txs[0], BLOCKS.txs[1]); t > 0; t--) {
        const op = drawOp();
        if (op) calls.push(operation(op, eventsPerTx(rng)));
      }
    }
    if (!calls.length) continue;
    await mine(calls);
    transactions += calls.length;
    blocks.withTransactions++;
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      process.stderr.write(`chain-scale: ${blocks.withTransactions + blocks.empty} blocks, ${left()} events to go, ${Math.round((Date.now() - started) / 1000)} s, last block mined in ${lastMineMs} ms\n`);
    }
  }

  const lastBlock = Number(await anvil.rpc<string>('eth_blockNumber'));
  let logsOnChain = 0;
  const perBlock = new Map<number, number>();
  for (let from = 0; from <= lastBlock; from += 2_000) {
    const logs = await anvil.rpc<Array<{ blockNumber: string }>>('eth_getLogs', [{ fromBlock: `0x${from.toString(16)}`, toBlock: `0x${Math.min(lastBlock, from + 1_999).toString(16)}` }]);
    logsOnChain += logs.length;
    for (const l of logs) perBlock.set(Number(l.blockNumber), (perBlock.get(Number(l.blockNumber)) ?? 0) + 1);
  }
  const [busiest, busiestLogs] = [...perBlock].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  await anvil.stop();
  return {
    scale,
    seed: SEED,
    lastBlock,
    blocks,
    transactions,
    contracts,
    plannedLogs,
    logsOnChain,
    busiestBlock: { number: busiest, logs: busiestLogs },
    buildSeconds: Math.round((Date.now() - started) / 1000),
    stateBytes: fs.statSync(statePath).size,
  };
};

/** The manifest of the chain at `scale`, building it first when it is not cached (or with `force`). */
export const ensureChainScale = async (scale = 1, { force = false } = {}): Promise<{ dir: string; statePath: string; manifest: Manifest }> => {
  const dir = chainScaleDir(scale);
  const manifestPath = path.join(dir, 'manifest.json');
  if (!force && fs.existsSync(manifestPath)) {
    return { dir, statePath: path.join(dir, 'state.json'), manifest: JSON.parse(fs.readFileSync(manifestPath, 'utf8')) };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.stderr.write(`chain-scale: building scale ${scale} into ${dir}\n`);
  const manifest = await build(scale, dir);
  // Written last: a build cut short leaves no manifest, and the next run starts over.
  fs.writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { dir, statePath: path.join(dir, 'state.json'), manifest };
};

if (require.main === module) {
  const i = process.argv.indexOf('--scale');
  const scale = i > 0 ? Number(process.argv[i + 1]) : 1;
  if (!(scale > 0 && scale <= 10)) throw new Error('--scale must be in (0, 10]');
  ensureChainScale(scale, { force: process.argv.includes('--force') })
    .then(({ dir, manifest }) => {
      const { contracts, ...rest } = manifest;
      console.log(JSON.stringify({ dir, ...rest, contracts: Object.fromEntries(Object.entries(contracts).map(([k, v]) => [k, v.length])) }, null, 2));
    })
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
