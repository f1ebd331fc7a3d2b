// What this installation was built from: the package version, and the git commit and branch when the installation is a
// git checkout (read from .git, no git binary needed); empty strings when they cannot be known, never guesses.
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './paths';

export type BuildInfo = Readonly<{ version: string; commit: string; branch: string }>;

const read = (file: string): string | null => {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
};

/** The commit a ref names, from its loose file or packed-refs. */
const refCommit = (gitDir: string, ref: string): string => {
  const loose = read(path.join(gitDir, ref));
  if (loose && /^[0-9a-f]{40}$/.test(loose)) return loose;
  const packed = read(path.join(gitDir, 'packed-refs')) ?? '';
  const line = packed.split('\n').find((l) => l.endsWith(` ${ref}`));
  return line?.slice(0, 40) ?? '';
};

export const readBuildInfo = (root: string = PROJECT_ROOT): BuildInfo => {
  const pkg = JSON.parse(read(path.join(root, 'package.json')) ?? '{}') as { version?: string };
  const gitDir = path.join(root, '.git');
  const head = read(path.join(gitDir, 'HEAD')) ?? '';
  const ref = /^ref: (\S+)$/.exec(head)?.[1];
  const commit = ref ? refCommit(gitDir, ref) : /^[0-9a-f]{40}$/.test(head) ? head : '';
  const branch = ref?.startsWith('refs/heads/') ? ref.slice('refs/heads/'.length) : '';
  return Object.freeze({ version: pkg.version ?? '', commit, branch });
};
