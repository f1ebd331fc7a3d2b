// Strata's version, from the package.json of the installation (found upwards from here: sources run from src/main,
// the build from dist/src/main).
import fs from 'node:fs';
import path from 'node:path';

export const strataVersion = (): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (fs.existsSync(file)) {
      const pkg = JSON.parse(fs.readFileSync(file, 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'strata' && pkg.version) return pkg.version;
    }
    if (path.dirname(dir) === dir) return 'unknown';
  }
};
