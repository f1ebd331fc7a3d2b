// docs/reference/*.md are generated: the committed files must be what the generators render from the schema as
// printed and from the configuration's zod schema, so a renamed field or a new variable cannot leave them behind.
import fs from 'node:fs';
import { renderGraphqlReference, graphqlReferencePath, schemaPath } from '../../../scripts/docs-graphql';
import { renderConfigurationReference, configurationReferencePath } from '../../../scripts/docs-configuration';
import { envSchema } from '../../../src/config';
import { methodsOf, migrationGuidePath, withClientTables } from '../../../scripts/docs-clients';
import { UNAVAILABLE } from '../../../src/rpc/unavailable';

it('docs/reference/graphql.md is what `npm run docs:graphql` renders from schema/schema.graphql', () => {
  const rendered = renderGraphqlReference(fs.readFileSync(schemaPath, 'utf8'));
  expect(fs.readFileSync(graphqlReferencePath, 'utf8')).toBe(rendered); // stale? run `npm run docs:graphql`
});

it('the GraphQL reference lists every root field of the schema', () => {
  const text = fs.readFileSync(graphqlReferencePath, 'utf8');
  for (const m of fs.readFileSync(schemaPath, 'utf8').matchAll(/^type (Query|Mutation|Subscription) \{\n([\s\S]*?)\n\}/gm)) {
    const kind = m[1].toLowerCase();
    const names = [...m[2].matchAll(/^ {2}(\w+)[(:]/gm)].map((f) => f[1]);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(text).toContain(`### ${kind} \`${name}\``);
  }
});

it('docs/reference/configuration.md is what `npm run docs:config` renders from src/config', () => {
  expect(fs.readFileSync(configurationReferencePath, 'utf8')).toBe(renderConfigurationReference()); // stale? run `npm run docs:config`
});

it('the configuration reference names every variable of the schema with a description', () => {
  const text = fs.readFileSync(configurationReferencePath, 'utf8');
  for (const name of Object.keys(envSchema.shape)) expect(text).toMatch(new RegExp(`^\\| \`${name}\` \\|[^\\n]*\\| [A-Z\`][^\\n]{8,} \\|$`, 'm'));
});

it('the method tables of docs/moving-from-the-hosted-service.md are what `npm run docs:clients` renders', () => {
  const guide = fs.readFileSync(migrationGuidePath, 'utf8');
  expect(guide).toBe(withClientTables(guide)); // stale? run `npm run docs:clients`
});

it('the client tables name every served and every unavailable route of the published clients they cover', () => {
  const guide = fs.readFileSync(migrationGuidePath, 'utf8');
  const listed = new Set([...guide.matchAll(/\| `(\/rpc\/[^`]+)` \|/g)].map((m) => m[1]));
  for (const route of UNAVAILABLE.keys()) expect(listed).toContain(route);
  expect(methodsOf('node_modules/@0xsequence/indexer-v3/src/indexer.gen.ts', 'Indexer').length).toBeGreaterThan(20);
});
