// The committed SDL, the generated RPC operation types and the console's typed documents must match the code.
import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { printedSchema } from '../../../src/graphql/print';

const root = path.join(__dirname, '..', '..', '..');

it('schema/schema.graphql is what `npm run schema:print` prints', () => {
  const committed = fs.readFileSync(path.join(root, 'schema', 'schema.graphql'), 'utf8');
  expect(committed).toBe(printedSchema()); // stale? run `npm run schema:print`
});

it('src/rpc/generated and console/src/gql are what `npm run codegen` generates from schema/rpc and the console', () => {
  // --check exits non-zero when regeneration would change a file.
  expect(() =>
    execFileSync(path.join(root, 'node_modules', '.bin', 'graphql-codegen'), ['--config', 'codegen.yml', '--check'], { cwd: root, stdio: 'pipe' }),
  ).not.toThrow();
});
