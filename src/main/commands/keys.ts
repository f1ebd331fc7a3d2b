// CLI of a project's access keys: list, create, update (name, origins, default, cost ceiling, rate and quota), rotate,
// revoke. Prints JSON.
import type { Command } from 'commander';
import type { Services } from '../../domain/services';
import { positiveInt, type WithServices } from './options';
const collect = (v: string, all: string[] = []) => [...all, v];

type KeyOptions = { name?: string; origin?: string[]; default?: boolean; maxCost?: number; requestsPerSecond?: number; requestsPerMonth?: number };
/** The key's own ceilings as the service takes them (absent options keep their value). */
const limitsOf = (o: KeyOptions) => ({ maxQueryCost: o.maxCost, requestsPerSecond: o.requestsPerSecond, requestsPerMonth: o.requestsPerMonth });

/** The project must exist; the key id must be one of its keys (NotFound otherwise). */
const forProject = (withServices: WithServices, projectId: number, fn: (s: Services) => Promise<unknown>) =>
  withServices(async (s) => {
    await s.projects.requireExists(projectId);
    return fn(s);
  });

export const registerKeyCommands = (program: Command, withServices: WithServices) => {
  const key = program.command('key').description('manage a project’s access keys (X-Access-Key)');

  key
    .command('list')
    .description('the project’s keys, oldest first (never the keys themselves: they are shown once, when issued)')
    .requiredOption('--project <id>', 'project id', positiveInt)
    .action((o: { project: number }) => forProject(withServices, o.project, (s) => s.accessKeys.list(o.project)));

  key
    .command('create')
    .description('issue a key; prints {"accessKey", "key"} — keep "key", it is not shown again')
    .requiredOption('--project <id>', 'project id', positiveInt)
    .option('--name <name>', 'a label for it')
    .option('--origin <origin>', 'allow browser requests only from this origin (repeatable)', collect)
    .option('--default', 'make it the project’s default key')
    .option('--max-cost <n>', 'its own ceiling on a GraphQL request’s cost', Number)
    .option('--requests-per-second <n>', 'its own rate limit', Number)
    .option('--requests-per-month <n>', 'its own quota per calendar month (UTC)', Number)
    .action((o: KeyOptions & { project: number }) =>
      forProject(withServices, o.project, (s) => s.accessKeys.create(o.project, { name: o.name, origins: o.origin, isDefault: o.default, ...limitsOf(o) })),
    );

  key
    .command('update')
    .description('rename a key, set its allowed origins (--any-origin clears them) or make it the default')
    .requiredOption('--project <id>', 'project id', positiveInt)
    .requiredOption('--id <id>', 'key id (from `strata key list`)', positiveInt)
    .option('--name <name>', 'a label for it')
    .option('--origin <origin>', 'allowed browser origin (repeatable; replaces the list)', collect)
    .option('--any-origin', 'allow every origin again')
    .option('--default', 'make it the project’s default key')
    .option('--max-cost <n>', 'its own ceiling on a GraphQL request’s cost (0: the server’s)', Number)
    .option('--requests-per-second <n>', 'its own rate limit (0: the server’s)', Number)
    .option('--requests-per-month <n>', 'its own quota per calendar month, UTC (0: the server’s)', Number)
    .action((o: KeyOptions & { project: number; id: number; anyOrigin?: boolean }) =>
      forProject(withServices, o.project, (s) =>
        s.accessKeys.update(o.project, o.id, { name: o.name, origins: o.anyOrigin ? [] : o.origin, isDefault: o.default ? true : undefined, ...limitsOf(o) }),
      ),
    );

  key
    .command('rotate')
    .description('replace a key by a new one with the same name, origins and default flag; the old one stops working')
    .requiredOption('--project <id>', 'project id', positiveInt)
    .requiredOption('--id <id>', 'key id', positiveInt)
    .action((o: { project: number; id: number }) => forProject(withServices, o.project, (s) => s.accessKeys.rotate(o.project, o.id)));

  key
    .command('revoke')
    .description('stop a key working (on every replica within about 1 s); a project keeps at least one key')
    .requiredOption('--project <id>', 'project id', positiveInt)
    .requiredOption('--id <id>', 'key id', positiveInt)
    .action((o: { project: number; id: number }) =>
      forProject(withServices, o.project, async (s) => {
        await s.accessKeys.revoke(o.project, o.id);
        return { revoked: o.id };
      }),
    );
};
