// The devnet's node: anvil from the npm package (@foundry-rs/anvil ships the binary per platform), on a free local port.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export type DevNode = { rpcUrl: string; chainId: number; stop(): Promise<void> };

const CHAIN_ID = 31337;

const anvilBinary = (): string => {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch;
  const pkg = `@foundry-rs/anvil-${process.platform}-${arch}`;
  let dir: string;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`anvil is not installed (npm package ${pkg}): run \`npm ci\` in the Strata directory, with dev dependencies`);
  }
  const bin = path.join(dir, 'bin', process.platform === 'win32' ? 'anvil.exe' : 'anvil');
  if (!fs.existsSync(bin)) throw new Error(`anvil binary not found at ${bin}`);
  return bin;
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

const answers = async (rpcUrl: string): Promise<boolean> => {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1_000),
    });
    return res.ok;
  } catch {
    return false;
  }
};

/** Starts anvil (chain id 31337, a block per transaction) and resolves once it answers. */
export const startDevNode = async (): Promise<DevNode> => {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(anvilBinary(), ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(CHAIN_ID)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // `strata dev` may end through process.exit (a start-up error such as a busy port) without reaching stop():
  // the node must not outlive it. A kill is synchronous, so it is allowed in an 'exit' listener.
  const killOnExit = () => void child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => void (stderr.length < 4_000 && (stderr += c.toString())));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`anvil exited (code ${code}): ${stderr.trim()}`))));
  exited.catch(() => undefined);
  const deadline = Date.now() + 20_000;
  while (!(await Promise.race([answers(rpcUrl), exited]))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`anvil did not answer on ${rpcUrl}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    chainId: CHAIN_ID,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
};
