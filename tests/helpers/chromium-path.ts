// Which Chromium the browser tests drive: CHROMIUM_PATH when set, else the system's (Debian's package), else the build
// that npm's @sparticuz/chromium ships inside the package, so `npm ci && npm test` needs no browser installed by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pipeline } from 'node:stream/promises';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The packaged build is one Brotli-compressed executable. It is inflated once per version into the temp directory
 * (the package's own executablePath() writes a fixed /tmp/chromium whatever the version, without a lock, and two jest
 * workers inflating at once could run a half-written file): each writer inflates to a file of its own and renames it
 * into place, which is atomic, so a concurrent reader sees no file or the whole one.
 */
const packagedChromium = async (): Promise<string> => {
  // The package's exports map hides package.json: its CommonJS entry is build/cjs/index.cjs.
  const pkgDir = path.resolve(path.dirname(require.resolve('@sparticuz/chromium')), '..', '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as { version: string };
  const target = path.join(os.tmpdir(), `strata-chromium-${version}`, 'chromium');
  if (fs.existsSync(target)) return target;
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.${process.pid}.partial`;
  await pipeline(fs.createReadStream(path.join(pkgDir, 'bin', 'chromium.br')), zlib.createBrotliDecompress(), fs.createWriteStream(partial, { mode: 0o755 }));
  fs.renameSync(partial, target);
  return target;
};

export const chromiumPath = async (): Promise<string> => {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  if (fs.existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  return packagedChromium();
};
