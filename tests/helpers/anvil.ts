// Test chain kit: starts a real anvil node on 127.0.0.1 for one test file and tears it down.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import fs from 'node:fs';
import { JsonRpcProvider, Wallet } from 'ethers';
import { PATIENCE_MS } from './patience';

export type Anvil = {
  rpcUrl: string;
  wsUrl: string;
  port: number;
  chainId: number;
  /** Raw JSON-RPC to this anvil; rejects with the node's error message on a JSON-RPC error. */
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
  stop(): Promise<void>;
};

export type StartAnvilOptions = {
  chainId?: number;
  /** Seconds between blocks (interval mining); default: automine on every transaction. */
  blockTime?: number;
  /** No automine, no interval mining: blocks only through `evm_mine`. */
  noMining?: boolean;
  /** Path of a state file written by `anvil --dump-state`. */
  loadState?: string;
  /**
   * The node's `finalized` block trails its head by twice this many blocks. Default 0: finalized is the head, so
   * finality comes from the confirmation depth alone (ingestion takes the deeper of the two), as most tests expect.
   */
  slotsInAnEpoch?: number;
  /** Extra CLI flags, appended last. */
  args?: string[];
  /** How long to wait for the node's first answer (default 20 s); loading a large state takes longer. */
  startTimeoutMs?: number;
  /** How long stop() waits after SIGTERM before SIGKILL (default 3 s); longer for a node dumping a large state on exit. */
  stopGraceMs?: number;
};

/** anvil's dev accounts for the mnemonic "test test test test test test test test test test test junk". */
export const DEV_KEYS: string[] = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
  '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356',
  '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97',
  '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
];

const HOST = '127.0.0.1';
const START_TIMEOUT_MS = PATIENCE_MS;
const MAX_PORT_ATTEMPTS = 5;

// Every anvil this process started; killed synchronously if the process exits without stop().
const running = new Set<ChildProcess>();
let exitHookInstalled = false;

const installExitHook = (): void => {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) killGroup(child, 'SIGKILL');
  });
};

// anvil is spawned as a process-group leader (detached), so -pid reaches anything it forks.
const killGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      /* already gone */
    }
  }
};

export const anvilBinary = (): string => {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil';
  const bin = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'bin', exe);
  if (!fs.existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`);
  return bin;
};

/** A port on 127.0.0.1 that was free a moment ago. */
export const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, HOST, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not pick a free port'))));
    });
  });

let rpcId = 0;
const rawRpc = async <T>(url: string, method: string, params: unknown[] = [], timeoutMs = PATIENCE_MS): Promise<T> => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const body = (await res.json()) as { result?: T; error?: { code: number; message: string; data?: unknown } };
  if (body.error) {
    const err = new Error(`${method}: ${body.error.message}`) as Error & { code?: number; data?: unknown };
    err.code = body.error.code;
    err.data = body.error.data;
    throw err;
  }
  return body.result as T;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Spawns anvil on one port and resolves once it answers eth_chainId; rejects if it exits first. */
const launch = async (port: number, opts: StartAnvilOptions): Promise<{ child: ChildProcess; chainId: number }> => {
  const args = ['--host', HOST, '--port', String(port)];
  if (opts.chainId !== undefined) args.push('--chain-id', String(opts.chainId));
  if (opts.blockTime !== undefined) args.push('--block-time', String(opts.blockTime));
  if (opts.noMining) args.push('--no-mining');
  if (opts.loadState) args.push('--load-state', opts.loadState);
  args.push('--slots-in-an-epoch', String(opts.slotsInAnEpoch ?? 0));
  args.push(...(opts.args ?? []));

  const child = spawn(anvilBinary(), args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  running.add(child);
  installExitHook();
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 8_000) stderr += chunk.toString();
  });
  const exited = new Promise<never>((_, reject) =>
    // 'close' (not 'exit') so stderr has been read in full when we report it.
    child.once('close', (code, signal) => {
      running.delete(child);
      reject(new Error(`anvil exited early (code ${code}, signal ${signal}): ${stderr.trim()}`));
    }),
  );
  exited.catch(() => undefined);
  child.once('error', () => undefined);

  const url = `http://${HOST}:${port}`;
  const deadline = Date.now() + (opts.startTimeoutMs ?? START_TIMEOUT_MS);
  const ready = (async () => {
    for (;;) {
      try {
        const hex = await rawRpc<string>(url, 'eth_chainId', [], 1_000);
        return Number(BigInt(hex));
      } catch (err) {
        if (Date.now() > deadline) throw new Error(`anvil did not answer on ${url}: ${(err as Error).message}`);
        await sleep(50);
      }
    }
  })();
  try {
    const chainId = await Promise.race([ready, exited]);
    return { child, chainId };
  } catch (err) {
    killGroup(child, 'SIGKILL');
    running.delete(child);
    throw err;
  }
};

export const startAnvil = async (opts: StartAnvilOptions = {}): Promise<Anvil> => {
  let lastError: unknown;
  for (let attempt = 0; attempt < MAX_PORT_ATTEMPTS; attempt++) {
    const port = await freePort();
    let launched: { child: ChildProcess; chainId: number };
    try {
      launched = await launch(port, opts);
    } catch (err) {
      lastError = err;
      // Another process grabbed the port between our probe and anvil's bind: pick another one.
      if (/address already in use|os error 98|EADDRINUSE/i.test(String((err as Error).message))) continue;
      throw err;
    }
    const { child, chainId } = launched;
    const rpcUrl = `http://${HOST}:${port}`;
    let stopping: Promise<void> | undefined;
    return {
      rpcUrl,
      wsUrl: `ws://${HOST}:${port}`,
      port,
      chainId,
      rpc: <T = unknown>(method: string, params?: unknown[]) => rawRpc<T>(rpcUrl, method, params),
      stop: () =>
        (stopping ??= new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            running.delete(child);
            return resolve();
          }
          const force = setTimeout(() => killGroup(child, 'SIGKILL'), opts.stopGraceMs ?? 3_000);
          child.once('exit', () => {
            clearTimeout(force);
            running.delete(child);
            resolve();
          });
          killGroup(child, 'SIGTERM');
        })),
    };
  }
  throw new Error(`could not start anvil after ${MAX_PORT_ATTEMPTS} attempts: ${String(lastError)}`);
};

/**
 * DEV_KEYS[index] as an ethers Wallet on this anvil. The provider's request cache is off: ethers otherwise
 * answers a repeated getTransactionCount from a 250 ms cache and the next transaction fails with "nonce too low".
 */
export function devWallet(anvil: Pick<Anvil, 'rpcUrl' | 'chainId'>, index = 0): Wallet {
  const provider = new JsonRpcProvider(anvil.rpcUrl, anvil.chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 50 });
  return new Wallet(DEV_KEYS[index], provider);
}
