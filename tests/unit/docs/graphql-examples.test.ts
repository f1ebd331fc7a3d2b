// Every GraphQL document the docs show a user (```graphql blocks, and the "query" of curl examples) validates against
// the schema as served: a copied example must not answer a validation error.
import fs from 'node:fs';
import path from 'node:path';
import { parse, validate } from 'graphql';
import { schema } from '../../../src/graphql/schema';

const root = path.join(__dirname, '..', '..', '..');
const docsDir = path.join(root, 'docs');
/** The Markdown files under docs/, subfolders included, relative to the root. */
const markdownUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(full);
    return e.name.endsWith('.md') ? [path.relative(root, full)] : [];
  });
const files = ['README.md', ...markdownUnder(docsDir)];

/** [where, document] for each example of a Markdown file. */
const examplesOf = (file: string): Array<[string, string]> => {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const found: Array<[string, string]> = [];
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  for (const m of text.matchAll(/```graphql\n([\s\S]*?)```/g)) found.push([`${file}:${lineOf(m.index!)}`, m[1]]);
  // curl -d '{"query":"…"}': the JSON string, unescaped as the server reads it.
  for (const m of text.matchAll(/"query":\s*("(?:[^"\\]|\\.)*")/g)) found.push([`${file}:${lineOf(m.index!)}`, JSON.parse(m[1]) as string]);
  return found;
};

const examples = files.flatMap(examplesOf);

it('finds the examples (the extraction itself works), in subfolders of docs/ too', () => {
  expect(examples.length).toBeGreaterThan(0);
  expect(files.some((f) => path.dirname(f) !== 'docs' && f.startsWith('docs'))).toBe(true);
});

it.each(examples)('%s validates against the schema', (_where, document) => {
  expect(validate(schema, parse(document)).map((e) => e.message)).toEqual([]);
});
