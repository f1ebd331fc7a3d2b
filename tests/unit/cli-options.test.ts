// The CLI's commands as commander parses them, in-process: every command that takes a contract shows
// --contract-address (GraphQL's contractAddress) in --help and not its deprecated names, and requires it. Nothing here
// reaches the services (parsing stops first); tests/integration/cli runs the commands for real. And the environment
// `serve --help` lists.
import { Command, CommanderError } from 'commander';
import { registerChainCommands } from '../../src/main/commands/chain';
import { registerMetadataCommands } from '../../src/main/commands/metadata';
import { environmentHelp } from '../../src/main/env-help';
import { envDescriptions, envOutsideSchema } from '../../src/config/env-descriptions';

const program = () => {
  const p = new Command('strata').exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  const unreachable = async () => {
    throw new Error('parsing should have stopped before the services');
  };
  registerChainCommands(p, unreachable);
  registerMetadataCommands(p, unreachable);
  // commander copies exitOverride and output settings to subcommands only when they are set before: set them on each.
  const all = (c: Command): Command[] => [c, ...c.commands.flatMap(all)];
  for (const c of all(p)) c.exitOverride().configureOutput({ writeOut: () => undefined, writeErr: () => undefined });
  return p;
};

const find = (p: Command, path: string[]) => path.reduce((c, name) => c.commands.find((s) => s.name() === name)!, p);

const COMMANDS = [
  ['chain', 'add'],
  ['chain', 'remove'],
  ['contract', 'refresh'],
  ['contract', 'flags'],
  ['token-metadata', 'refresh'],
];

it.each(COMMANDS)('%s %s lists --contract-address and not its deprecated names', (...path) => {
  const help = find(program(), path).helpInformation();
  expect(help).toContain('--contract-address <address>');
  expect(help).not.toMatch(/--address|--contract </);
});

it.each(COMMANDS)('%s %s requires --contract-address', async (...path) => {
  const extra = path[0] === 'token-metadata' ? ['--token', '1'] : [];
  const err = await program()
    .parseAsync(['node', 'strata', ...path, '--chain', 'local', ...extra])
    .catch((e: unknown) => e);
  expect(err).toBeInstanceOf(CommanderError);
  expect((err as CommanderError).message).toBe("error: required option '--contract-address <address>' not specified");
});

it('lists every environment variable in `serve --help`, grouped as the configuration reference groups them', () => {
  const help = environmentHelp();
  for (const name of [...Object.keys(envDescriptions), ...Object.keys(envOutsideSchema)]) expect(help).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  expect(help).toContain('.env file in the working directory');
  // One line per variable: its first sentence, no Markdown.
  expect(help).toMatch(/^  DATABASE_URL +[^`\n]+\.$/m);
});
