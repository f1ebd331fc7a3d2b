// Runs `strata` commands as real child processes, for multi-process tests.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { PATIENCE_MS } from './patience';

const BIN = path.join(__dirname, '..', '..', 'bin', 'strata.js');

export type StrataProcess = {
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then resolves with the exit code. */
  stop(): Promise<number | null>;
  /** Resolves once the output so far matches `re` (use a fresh /g-less RegExp). */
  waitForOutput(re: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** Sends `signal` (default SIGKILL: no cleanup at all) and resolves once the process is gone. */
  kill(signal?: NodeJS.Signals): Promise<void>;
};

/** Starts `strata <args>` and resolves once a log line matches `ready` (with the match). */
export const startStrata = async (
  args: string[],
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = PATIENCE_MS,
  /** Another `bin/strata.js` (the previous release's, in the upgrade test). */
  bin = BIN,
): Promise<StrataProcess & { match: RegExpExecArray }> => {
  const child = spawn(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env } });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  child.stderr!.on('data', (c) => (out += c));
  const match = await new Promise<RegExpExecArray>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL'); // nobody gets a handle on it: do not leave it running
      reject(new Error(`strata ${args.join(' ')} did not print ${ready} in ${timeoutMs} ms:\n${out}`));
    }, timeoutMs);
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
  const exited = () => child.exitCode !== null || child.signalCode !== null;
  return {
    child,
    match,
    output: () => out,
    waitForOutput: (re, waitMs = PATIENCE_MS) =>
      new Promise<RegExpExecArray>((resolve, reject) => {
        const check = () => {
          const m = re.exec(out);
          if (m) {
            clearTimeout(timer);
            child.stdout!.off('data', check);
            child.off('exit', gone);
            resolve(m);
          }
          return m;
        };
        const gone = () => {
          if (check()) return;
          clearTimeout(timer);
          reject(new Error(`strata ${args.join(' ')} exited before printing ${re}:\n${out}`));
        };
        const timer = setTimeout(() => {
          child.stdout!.off('data', check);
          child.off('exit', gone);
          reject(new Error(`strata ${args.join(' ')} did not print ${re} in ${waitMs} ms:\n${out}`));
        }, waitMs);
        if (check()) return;
        if (exited()) return gone();
        child.stdout!.on('data', check);
        child.once('exit', gone);
      }),
    kill: (signal = 'SIGKILL') =>
      new Promise<void>((resolve) => {
        if (exited()) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
    stop: () =>
      new Promise((resolve) => {
        if (exited()) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
};
