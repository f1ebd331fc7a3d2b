// Writes docs/reference/configuration.md from the configuration's zod schema (types, ranges, defaults) and
// src/config/env-descriptions.ts (meanings): `npm run docs:config`. tests/unit/docs/references.test.ts fails when the
// committed file differs from what this renders.
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { envSchema } from '../src/config';
import { chainSchema } from '../src/config/chains';
import { onOff } from '../src/config/edge';
import { chainFieldDescriptions, chainFieldUnset, envDescriptions, envGroups, envOutsideSchema, type EnvDescription } from '../src/config/env-descriptions';

export const configurationReferencePath = path.join(__dirname, '..', 'docs', 'reference', 'configuration.md');

type JsonSchemaProperty = {
  type?: string;
  anyOf?: JsonSchemaProperty[];
  items?: { type?: string; properties?: Record<string, JsonSchemaProperty> };
  exclusiveMinimum?: number;
  enum?: unknown[];
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n+/g, ' ');

const SAFE_MAX = Number.MAX_SAFE_INTEGER;

/** "integer, 0–65535", "`json` \| `pretty`", "string, at least 32 characters", "on/off". */
const typeOf = (name: string, p: JsonSchemaProperty): string => {
  if ((envSchema.shape as Record<string, unknown>)[name] === onOff) return '`on`/`off` (also `true`/`false`, `1`/`0`)';
  if (p.enum) return p.enum.map((v) => `\`${String(v)}\``).join(', ');
  if (p.type === 'integer' || p.type === 'number') {
    const kind = p.type === 'integer' ? 'integer' : 'number';
    const min = p.minimum;
    const max = p.maximum !== undefined && p.maximum < SAFE_MAX ? p.maximum : undefined;
    if (min !== undefined && max !== undefined) return `${kind}, ${min}–${max}`;
    if (min !== undefined) return `${kind}, at least ${min}`;
    return kind;
  }
  if (p.minLength && p.minLength > 1) return `string, at least ${p.minLength} characters`;
  return 'string';
};

const defaultOf = (p: JsonSchemaProperty, d: EnvDescription): string => {
  if (d.unset) return d.unset;
  if (p.default === undefined) return 'unset';
  if (p.default === '') return 'empty';
  return `\`${String(p.default)}\``;
};

/** The rows of one level of a CHAINS entry, and of its `urls` and `contracts` items, as [path, property]. */
const chainFields = (): Array<[string, JsonSchemaProperty]> => {
  const json = z.toJSONSchema(chainSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchemaProperty> };
  return Object.entries(json.properties).flatMap(([name, p]): Array<[string, JsonSchemaProperty]> => [
    [name, p],
    ...Object.entries(p.items?.properties ?? {}).map(([sub, q]): [string, JsonSchemaProperty] => [`${name}[].${sub}`, q]),
  ]);
};

const chainTypeOf = (p: JsonSchemaProperty): string => {
  const one = p.anyOf?.find((q) => q.type !== 'null') ?? p;
  if (one.type === 'array') return 'list';
  if (one.type === 'boolean') return 'boolean';
  if (one.exclusiveMinimum === 0 && (one.type === 'integer' || one.type === 'number')) return `${one.type === 'integer' ? 'integer' : 'number'} above 0${one.maximum !== undefined && one.maximum < SAFE_MAX ? `, at most ${one.maximum}` : ''}`;
  return typeOf('', one);
};

const renderChainFields = (): string[] => {
  const fields = chainFields();
  const undescribed = fields.map(([name]) => name).filter((n) => !chainFieldDescriptions[n]);
  const stale = Object.keys(chainFieldDescriptions).filter((n) => !fields.some(([name]) => name === n));
  if (undescribed.length || stale.length) {
    throw new Error(`src/config/env-descriptions.ts chainFieldDescriptions: ${[...undescribed.map((n) => `${n} has no description`), ...stale.map((n) => `${n} is not a field`)].join('; ')}`);
  }
  return [
    '',
    '## `CHAINS` entries',
    '',
    'The JSON form of `CHAINS` is an array of these objects; the short form `<chainId>[:<name>]=<url>[|<url>…]`',
    '(entries separated by commas) sets `chainId`, `name` and `url` or `urls`, and leaves the rest at their defaults.',
    'Fields not listed here are refused.',
    '',
    '| Field | Type | Default | Meaning |',
    '|---|---|---|---|',
    ...fields.map(([name, p]) => {
      const def = chainFieldUnset[name] ?? (p.default === undefined ? (name === 'chainId' ? 'required' : 'unset') : `\`${String(p.default)}\``);
      return `| \`${name}\` | ${cell(chainTypeOf(p))} | ${cell(def)} | ${cell(chainFieldDescriptions[name])} |`;
    }),
  ];
};

/** The Markdown of docs/reference/configuration.md. Throws when a variable has no description (or one has no variable). */
export const renderConfigurationReference = (): string => {
  const json = z.toJSONSchema(envSchema, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, JsonSchemaProperty> };
  const names = Object.keys(json.properties);
  const undescribed = names.filter((n) => !envDescriptions[n]);
  const stale = Object.keys(envDescriptions).filter((n) => !names.includes(n));
  if (undescribed.length || stale.length) {
    throw new Error(
      [
        undescribed.length ? `no description in src/config/env-descriptions.ts for ${undescribed.join(', ')}` : '',
        stale.length ? `src/config/env-descriptions.ts describes variables the schema no longer has: ${stale.join(', ')}` : '',
      ]
        .filter(Boolean)
        .join('; '),
    );
  }
  const rows = [
    ...names.map((name) => ({ name, d: envDescriptions[name], type: typeOf(name, json.properties[name]), def: defaultOf(json.properties[name], envDescriptions[name]) })),
    ...Object.entries(envOutsideSchema).map(([name, d]) => ({ name, d, type: d.type, def: d.unset ?? 'unset' })),
  ];
  const out = [
    '# Configuration reference',
    '',
    '<!-- Generated by `npm run docs:config` from src/config (the zod schema and env-descriptions.ts). Do not edit by hand. -->',
    '',
    'Strata reads its configuration from environment variables only, once, at start. A bad value stops the process',
    'with one message listing every problem. A variable set to an empty string counts as not set.',
    '',
    'Sections:',
    ...envGroups.filter((g) => rows.some((r) => r.d.group === g)).map((g) => `- [${g}](#${g.toLowerCase().replace(/[^a-z0-9 -]/g, '').replace(/ /g, '-')})`),
    '- [`CHAINS` entries](#chains-entries)',
  ];
  for (const group of envGroups) {
    const inGroup = rows.filter((r) => r.d.group === group);
    if (!inGroup.length) continue;
    out.push('', `## ${group}`, '', '| Variable | Type | Default | Meaning |', '|---|---|---|---|');
    for (const r of inGroup) out.push(`| \`${r.name}\` | ${cell(r.type)} | ${cell(r.def)} | ${cell(r.d.description)} |`);
  }
  out.push(...renderChainFields());
  return `${out.join('\n')}\n`;
};

if (require.main === module) {
  fs.mkdirSync(path.dirname(configurationReferencePath), { recursive: true });
  fs.writeFileSync(configurationReferencePath, renderConfigurationReference());
  console.log(`wrote ${path.relative(process.cwd(), configurationReferencePath)}`);
}
