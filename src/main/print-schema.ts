// `npm run schema:print`: writes schema/schema.graphql from the code.
import fs from 'node:fs';
import path from 'node:path';
import { printedSchema } from '../graphql/print';
import { projectPath } from '../config/paths';

const file = projectPath('schema', 'schema.graphql');
fs.writeFileSync(file, printedSchema());
process.stdout.write(`wrote ${path.relative(process.cwd(), file)}\n`);
