// Runs `strata` commands as real child processes, for multi-process tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const BIN = path.join(__dirname, '..', '..', 'bin', 'strata.js');

export type StrataProcess = { child: ChildProcess; output: () => string; stop(): Promise<number | null> };

/** Starts `strata <args>` and resolves once a log line matches `ready` (with the match). */
export const startStrata = async (
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 40_000,
): Promise<StrataProcess & { match: RegExpExecArray }> => {
  const child = spawn(process.execPath, [BIN, ...args], { env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env } });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`strata ${args.join(' ')} did not get ready:\n${out}`)), timeoutMs);
    const check = () => {
      const m = ready.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve(m);
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', (code) => reject(new Error(`strata ${args.join(' ')} exited with ${code}:\n${out}`)));
  });
  return {
    child,
    match,
    output: () => out,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
};
