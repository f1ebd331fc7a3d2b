// An earlier commit of Strata, runnable: a git worktree of this repository at `commit` that shares this checkout's
// node_modules (its bin/strata.js runs its TypeScript sources through tsx: nothing to build). For tests of databases
// written by a previous release and of rolling upgrades; CI runs on a clean clone with full history.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const ROOT = path.join(__dirname, '..', '..');
const run = promisify(execFile);

export type Release = {
  commit: string;
  dir: string;
  /** Its bin/strata.js. */
  bin: string;
  /** Removes the worktree. */
  remove(): Promise<void>;
};

export const checkoutRelease = async (commit: string): Promise<Release> => {
  await run('git', ['-C', ROOT, 'cat-file', '-e', `${commit}^{commit}`]).catch(() => {
    throw new Error(`commit ${commit} (a previous release) is not in this clone: the test needs the full history (git fetch --unshallow)`);
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `strata-${commit}-`));
  await run('git', ['-C', ROOT, 'worktree', 'add', '--detach', dir, commit]);
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
  return {
    commit,
    dir,
    bin: path.join(dir, 'bin', 'strata.js'),
    async remove() {
      await run('git', ['-C', ROOT, 'worktree', 'remove', '--force', dir]).catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
};

/** Runs `node <bin> <args>` to its end with only PATH and `env`; rejects on a non-zero exit (the error has stdout and stderr). */
export const runStrata = (bin: string, args: string[], env: Record<string, string>) =>
  run(process.execPath, [bin, ...args], { env: { PATH: process.env.PATH, ...env }, maxBuffer: 64 * 1024 * 1024 });
