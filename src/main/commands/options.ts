// What the CLI's command modules share: option parsers and how a command reaches the services.
import { InvalidArgumentError, Option, type Command } from 'commander';
import type { Services } from '../../domain/services';

/** Runs a one-shot command against the services, printing its result as one JSON line (cli.ts). */
export type WithServices = (fn: (s: Services) => Promise<unknown>) => Promise<void>;

export const positiveInt = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('must be a positive integer');
  return Number(v);
};

/** The one-line note a deprecated flag prints on stderr (its value is still used). */
export const deprecatedFlagNote = (old: string, now: string) => `strata: --${old} is deprecated; use --${now} (it will be removed in a later release)\n`;

/**
 * A required `--contract-address <address>`, the name GraphQL gives the argument (`contractAddress`). `aliases` are the
 * command's former names for it (`--address`, `--contract`): still accepted for one release, hidden from --help, and
 * each use prints a one-line deprecation note. The action reads `contractAddress`.
 */
export const contractAddressOption = (cmd: Command, aliases: string[], description = 'contract address') => {
  cmd.addOption(new Option('--contract-address <address>', description));
  for (const alias of aliases) cmd.addOption(new Option(`--${alias} <address>`, 'deprecated: use --contract-address').hideHelp());
  return cmd.hook('preAction', (_self, action) => {
    const o = action.opts<Record<string, string | undefined>>();
    const given = aliases.filter((a) => o[optionKey(a)] !== undefined);
    for (const alias of given) process.stderr.write(deprecatedFlagNote(alias, 'contract-address'));
    const values = new Set([o.contractAddress, ...given.map((a) => o[optionKey(a)])].filter((v): v is string => v !== undefined));
    if (values.size > 1) action.error(`error: --contract-address and --${given.join(', --')} name different contracts; give --contract-address only`);
    const [value] = values;
    if (value === undefined) action.error("error: required option '--contract-address <address>' not specified");
    action.setOptionValue('contractAddress', value);
  });
};

/** commander's key of a flag: `contract-address` → `contractAddress`. */
const optionKey = (flag: string) => flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
