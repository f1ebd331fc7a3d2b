// Writes docs/reference/graphql.md from the printed schema (schema/schema.graphql): every query, mutation and
// subscription with its arguments, then every type. `npm run docs:graphql`, and `npm run schema:print` runs it too;
// tests/unit/docs/references.test.ts fails when the committed file differs from what this renders.
import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isObjectType,
  isScalarType,
  isSpecifiedScalarType,
  isUnionType,
  print,
  astFromValue,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
} from 'graphql';

const root = path.join(__dirname, '..');
export const graphqlReferencePath = path.join(root, 'docs', 'reference', 'graphql.md');
export const schemaPath = path.join(root, 'schema', 'schema.graphql');

const kindOf = (t: GraphQLNamedType): string =>
  isObjectType(t) ? 'object' : isInputObjectType(t) ? 'input' : isEnumType(t) ? 'enum' : isInterfaceType(t) ? 'interface' : isUnionType(t) ? 'union' : 'scalar';

/** GitHub's anchor of a heading "<kind> `Name`". */
const anchor = (t: GraphQLNamedType) => `${kindOf(t)}-${t.name.toLowerCase()}`;

/** A type as written in SDL, linked to its section unless it is a built-in scalar. */
const typeRef = (type: GraphQLType): string => {
  const named = getNamedType(type);
  return isSpecifiedScalarType(named) ? `\`${String(type)}\`` : `[\`${String(type)}\`](#${anchor(named)})`;
};

/** Table cells hold one line: pipes escaped, paragraphs joined. */
const cell = (text: string | null | undefined) => (text ?? '').trim().replace(/\|/g, '\\|').replace(/\n\s*\n/g, '<br>').replace(/\n/g, ' ');

const deprecation = (reason: string | null | undefined) => (reason ? ` **Deprecated:** ${cell(reason)}` : '');

const defaultOf = (a: GraphQLArgument | GraphQLInputField) => {
  if (a.defaultValue === undefined) return '';
  const ast = astFromValue(a.defaultValue, a.type);
  return ast ? `\`${print(ast)}\`` : '';
};

const argumentsTable = (args: readonly (GraphQLArgument | GraphQLInputField)[], heading: string): string[] =>
  args.length
    ? [
        `| ${heading} | Type | Default | Description |`,
        '|---|---|---|---|',
        ...args.map((a) => `| \`${a.name}\` | ${typeRef(a.type)} | ${defaultOf(a)} | ${cell(a.description)}${deprecation(a.deprecationReason)} |`),
      ]
    : [];

const operationSection = (kind: 'query' | 'mutation' | 'subscription', field: GraphQLField<unknown, unknown>): string[] => [
  `### ${kind} \`${field.name}\``,
  '',
  ...(field.description ? [field.description.trim(), ''] : []),
  ...(field.deprecationReason ? [`**Deprecated:** ${field.deprecationReason}`, ''] : []),
  `Returns ${typeRef(field.type)}.`,
  '',
  ...(field.args.length ? [...argumentsTable(field.args, 'Argument'), ''] : []),
];

const typeSection = (t: GraphQLNamedType): string[] => {
  const out = [`### ${kindOf(t)} \`${t.name}\``, ''];
  if (t.description) out.push(t.description.trim(), '');
  if (isObjectType(t) || isInterfaceType(t)) {
    const interfaces = t.getInterfaces();
    if (interfaces.length) out.push(`Implements ${interfaces.map((i) => typeRef(i)).join(', ')}.`, '');
    out.push('| Field | Type | Description |', '|---|---|---|');
    for (const f of Object.values(t.getFields())) {
      const args = f.args.length ? ` Arguments: ${f.args.map((a) => `\`${a.name}: ${String(a.type)}\`${a.description ? ` (${cell(a.description)})` : ''}`).join(', ')}.` : '';
      out.push(`| \`${f.name}\` | ${typeRef(f.type)} | ${cell(f.description)}${args}${deprecation(f.deprecationReason)} |`);
    }
    out.push('');
  } else if (isInputObjectType(t)) {
    out.push(...argumentsTable(Object.values(t.getFields()), 'Field'), '');
  } else if (isEnumType(t)) {
    out.push('| Value | Description |', '|---|---|');
    for (const v of t.getValues()) out.push(`| \`${v.name}\` | ${cell(v.description)}${deprecation(v.deprecationReason)} |`);
    out.push('');
  } else if (isUnionType(t)) {
    out.push(`One of ${t.getTypes().map((m) => typeRef(m)).join(', ')}.`, '');
  }
  return out;
};

const rootFields = (t: GraphQLObjectType | null | undefined) => (t ? Object.values(t.getFields()).sort((a, b) => a.name.localeCompare(b.name)) : []);

/** The Markdown of docs/reference/graphql.md for a schema's SDL. */
export const renderGraphqlReference = (sdl: string): string => {
  const schema: GraphQLSchema = buildSchema(sdl);
  const roots = [
    ['query', 'Queries', schema.getQueryType()],
    ['mutation', 'Mutations', schema.getMutationType()],
    ['subscription', 'Subscriptions', schema.getSubscriptionType()],
  ] as const;
  const rootNames = new Set(roots.map(([, , t]) => t?.name));
  const types = Object.values(schema.getTypeMap())
    .filter((t) => !t.name.startsWith('__') && !rootNames.has(t.name) && !(isScalarType(t) && isSpecifiedScalarType(t)))
    .sort((a, b) => a.name.localeCompare(b.name));
  const out = [
    '# GraphQL reference',
    '',
    '<!-- Generated by `npm run docs:graphql` from schema/schema.graphql. Do not edit by hand. -->',
    '',
    'Every query, mutation and subscription Strata serves at `/graphql`, and every type they use, as printed in',
    '[`schema/schema.graphql`](../../schema/schema.graphql). Queries and mutations are served over HTTP `POST /graphql`;',
    'subscriptions over graphql-ws on the same path. Credentials: `X-Access-Key: <accessKey>` for reads,',
    '`Authorization: Bearer <token>` for a project’s own data (see the [quick starts](../quick-start/)).',
    '',
  ];
  for (const [kind, title, t] of roots) {
    const fields = rootFields(t);
    if (!fields.length) continue;
    out.push(`- [${title}](#${title.toLowerCase()}) (${fields.length}): ${fields.map((f) => `[\`${f.name}\`](#${kind}-${f.name.toLowerCase()})`).join(', ')}`);
  }
  out.push(`- [Types](#types) (${types.length})`, '');
  for (const [kind, title, t] of roots) {
    const fields = rootFields(t);
    if (!fields.length) continue;
    out.push(`## ${title}`, '');
    for (const f of fields) out.push(...operationSection(kind, f));
  }
  out.push('## Types', '');
  for (const t of types) out.push(...typeSection(t));
  return `${out.join('\n').replace(/\n+$/, '')}\n`;
};

if (require.main === module) {
  fs.mkdirSync(path.dirname(graphqlReferencePath), { recursive: true });
  fs.writeFileSync(graphqlReferencePath, renderGraphqlReference(fs.readFileSync(schemaPath, 'utf8')));
  console.log(`wrote ${path.relative(process.cwd(), graphqlReferencePath)}`);
}
