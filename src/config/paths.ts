// The project root (the directory holding package.json), found by walking up from this file, so
// paths to files read at run time are the same from src/ (tsx, jest) and dist/src/ (compiled).
import fs from 'node:fs';
import path from 'node:path';

/** The nearest directory at or above `from` that holds a package.json. */
export const findRoot = (from: string): string => {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
};

export const PROJECT_ROOT = findRoot(__dirname);

/** `projectPath('schema', 'rpc')` is <root>/schema/rpc. */
export const projectPath = (...parts: string[]): string => path.join(PROJECT_ROOT, ...parts);
