// The names docs/ tells a reader to type exist: every `NAME=value` setting is an environment variable the
// configuration reads, and every `strata <command> --option` is a command with that option (its own --help says so).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { envSchema } from '../../../src/config';
import { envOutsideSchema } from '../../../src/config/env-descriptions';

const root = path.join(__dirname, '..', '..', '..');

const markdownUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(full);
    return e.name.endsWith('.md') ? [full] : [];
  });

// The generated references are checked by their own test; the guides and quick starts are what people copy from.
const docs = markdownUnder(path.join(root, 'docs')).filter((f) => !f.includes(`${path.sep}reference${path.sep}`));
/** What a reader copies: fenced blocks and inline code, not the prose around them. */
const codeOf = (text: string): string => {
  const blocks = [...text.matchAll(/```[^\n]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  const inline = [...text.replace(/```[\s\S]*?```/g, '').matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  return [...blocks, ...inline].join('\n');
};
const texts = docs.map((f) => [path.relative(root, f), codeOf(fs.readFileSync(f, 'utf8'))] as const);

const known = new Set([...Object.keys(envSchema.shape), ...Object.keys(envOutsideSchema)]);
// Settings of other programs the guides show (the shell, systemd, MariaDB's client).
const notOurs = new Set(['KEY', 'TOKEN', 'OWNER', 'STRATA_ACCESS_KEY', 'STRATA_BEARER_TOKEN']);

const settings = texts.flatMap(([file, text]) =>
  [...text.matchAll(/(?<![\w$.-])#?([A-Z][A-Z0-9_]{2,})=/g)].map((m) => [file, m[1]] as const).filter(([, name]) => !notOurs.has(name)),
);

it('finds settings in the docs', () => {
  expect(settings.length).toBeGreaterThan(5);
});

it.each(settings)('%s sets %s, a variable Strata reads', (_file, name) => {
  expect(known).toContain(name);
});

/** "project create" → ["--name"], from `npx strata …` and `node bin/strata.js …` in the docs. */
const commands = new Map<string, Set<string>>();
for (const [, text] of texts) {
  // Shell comments are prose too.
  for (const m of text.replace(/(^|\s)#.*$/gm, '$1').matchAll(/(?:npx strata|bin\/strata\.js) ([a-z][a-z-]*)((?: [a-z][a-z-]*)?)((?: [^\n`'"|;&#]*)?)/g)) {
    const [cmd, sub, rest] = [m[1], m[2].trim(), m[3] ?? ''];
    const key = sub && !sub.startsWith('-') ? `${cmd} ${sub}` : cmd;
    const options = commands.get(key) ?? new Set<string>();
    for (const o of rest.matchAll(/(?<!\S)(--[a-z][a-z-]*)/g)) options.add(o[1]);
    commands.set(key, options);
  }
}

const help = (args: string[]): Promise<string> =>
  new Promise((resolve, reject) =>
    execFile(process.execPath, [path.join(root, 'bin', 'strata.js'), ...args, '--help'], { cwd: root }, (err, stdout) => (err ? reject(err) : resolve(stdout))),
  );

it('finds strata commands in the docs', () => {
  expect(commands.size).toBeGreaterThan(2);
});

it.each([...commands].map(([command, options]) => [command, [...options]] as const))(
  'strata %s exists with the options the docs give it (%j)',
  async (command, options) => {
    const text = await help(command.split(' '));
    expect(text).toContain(`Usage: strata ${command}`);
    for (const option of options) expect(text).toContain(option);
  },
);

it('`strata project create` prints the fields the docs show', async () => {
  const shown = texts.flatMap(([, text]) => [...text.matchAll(/^# (\{"projectId".*\})$/gm)].map((m) => m[1]));
  expect(shown.length).toBeGreaterThan(0);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-docs-cli-'));
  try {
    const out = await new Promise<string>((resolve, reject) =>
      execFile(
        process.execPath,
        [path.join(root, 'bin', 'strata.js'), 'project', 'create', '--name', 'My app'],
        { cwd: root, env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'silent' } },
        (err, stdout) => (err ? reject(err) : resolve(stdout)),
      ),
    );
    const printed = Object.keys(JSON.parse(out.trim().split('\n').pop()!)).sort();
    // The docs abbreviate values ("AQAA…"), not names.
    for (const example of shown) expect(printed).toEqual([...example.matchAll(/"(\w+)":/g)].map((m) => m[1]).sort());
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
