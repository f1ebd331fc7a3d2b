// A DATA_DIR Strata cannot create or write is reported as one configuration line naming it, not as a raw stack.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../../src/config';

it('names DATA_DIR and the fix when the directory cannot be created', () => {
  // Tests run as root, which may write anywhere: a path under a regular file fails for every user.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'strata-datadir-')), 'a-file');
  fs.writeFileSync(file, '');
  const attempt = () => loadConfig({ DATA_DIR: path.join(file, 'data') });
  expect(attempt).toThrow(ConfigError);
  expect(attempt).toThrow(/DATA_DIR: cannot mkdir .*a-file\/data \(ENOTDIR\): set DATA_DIR to a directory this user can write/);
});
