// The `strata` command line: serve, migrate, project management.
import { Command } from 'commander';
import { ConfigError, loadConfig, type Config } from '../config';
import { createLogger } from '../config/logger';
import { createChainRegistry } from '../chain/registry';
import { createServices } from '../domain/services';
import { contractPrunerOf } from '../ingestion';
import client from 'prom-client';
import { isDomainError } from '../domain/errors';
import { createApp, createEventBus, openDatabase } from './app';
import { registerBackupCommand } from './commands/backup';
import { registerChainCommands } from './commands/chain';
import { registerDevCommand } from './commands/dev';
import { registerKeyCommands } from './commands/keys';
import { positiveInt } from './commands/options';
import { registerMetadataCommands } from './commands/metadata';
import { environmentHelp } from './env-help';
import { describeStartupError } from './startup-errors';
import { strataVersion } from './version';

const configOrExit = (): Config => {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
};


/**
 * Runs a one-shot command against the database, printing one JSON line. Its event bus is the servers' (Redis when
 * REDIS_URL is set): a key revoked, rotated or changed here is announced to every server at once. Without Redis the
 * servers find the change by reading again within a second (domain/auth/key-notices.ts).
 */
const withServices = async (fn: (s: ReturnType<typeof createServices>) => Promise<unknown>) => {
  const config = configOrExit();
  const logger = createLogger({ logLevel: config.logLevel === 'info' ? 'warn' : config.logLevel, logFormat: config.logFormat });
  const db = await openDatabaseOrExit(config, logger);
  const registry = createChainRegistry({ chains: config.chains });
  const pubsub = await createEventBus(config, db, logger, new client.Registry(), { publishOnly: true });
  try {
    process.stdout.write(`${JSON.stringify(await fn(createServices({ config, db, registry, pubsub, pruneContract: contractPrunerOf(db) })))}\n`);
  } catch (err) {
    if (!isDomainError(err)) throw err;
    process.stderr.write(`${err.message}\n`);
    process.exitCode = 1;
  } finally {
    await pubsub.close();
    await registry.close();
    await db.destroy();
  }
};

const program = new Command('strata')
  .description('Strata: a self-hostable token data platform for EVM chains.')
  .version(strataVersion(), '-V, --version', 'print the version');

const exitWith = (line: string): never => {
  process.stderr.write(`strata: ${line}\n`);
  process.exit(1);
};

const openDatabaseOrExit = async (config: Config, logger: ReturnType<typeof createLogger>) => {
  try {
    return await openDatabase(config, logger);
  } catch (err) {
    const line = describeStartupError(err, config);
    if (!line) throw err;
    return exitWith(line);
  }
};

/** Creates and starts the app; a failure a person can fix ends the process with one line saying what to do. */
const startOrExit = async (config: Config, logger: ReturnType<typeof createLogger>, options: Parameters<typeof createApp>[2]) => {
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    app = await createApp(config, logger, options);
    const { port } = await app.start();
    return { app, port };
  } catch (err) {
    const line = describeStartupError(err, config);
    if (!line) throw err;
    await app?.stop().catch(() => undefined);
    return exitWith(line);
  }
};

const runUntilSignal = async (app: Awaited<ReturnType<typeof createApp>>, logger: ReturnType<typeof createLogger>) => {
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, graceMs: app.config.operations.shutdownGraceMs }, 'shutting down');
    try {
      await app.stop();
    } catch (err) {
      logger.error({ err }, 'shutdown failed');
      process.exit(1);
    }
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
};

program
  .command('serve')
  .description('serve GraphQL, graphql-ws and the RPC on one port, and ingest the configured chains (applies migrations first)')
  .option('--no-index', 'serve only; another process runs `strata index`')
  .addHelpText('after', environmentHelp)
  .action(async (opts: { index: boolean }) => {
    const config = configOrExit();
    const logger = createLogger(config);
    const started = Date.now();
    const { app, port } = await startOrExit(config, logger, { serve: true, index: opts.index });
    logger.info({ port, graphql: `${config.publicUrl}/graphql`, ingesting: opts.index ? config.chains.map((c) => c.chainId) : [], startupMs: Date.now() - started }, 'strata is serving');
    await runUntilSignal(app, logger);
  });

program
  .command('index')
  .description('ingest the configured chains; serves only GET /health, /ready and /metrics on PORT')
  .addHelpText('after', environmentHelp)
  .action(async () => {
    const config = configOrExit();
    const logger = createLogger(config);
    if (!config.chains.length) {
      process.stderr.write('CHAINS is empty: nothing to index\n');
      process.exit(2);
    }
    const started = Date.now();
    const { app, port } = await startOrExit(config, logger, { serve: 'operations', index: true });
    logger.info({ port, chains: config.chains.map((c) => c.chainId), startupMs: Date.now() - started }, 'strata is indexing');
    await runUntilSignal(app, logger);
  });

program
  .command('migrate')
  .description('apply pending database migrations and exit')
  .action(async () => {
    const config = configOrExit();
    const logger = createLogger(config);
    const db = await openDatabaseOrExit(config, logger);
    await db.destroy();
    logger.info('database is up to date');
  });

const project = program.command('project').description('manage projects and their credentials');

/**
 * An access key just issued is `key` in every command's output, as `strata key create` prints it; `accessKey`, the
 * name `project create` and `project key` used for it before, stays beside it for one release (CHANGELOG).
 */
const withKeyField = <T extends { accessKey: string }>(out: T) => {
  const { accessKey, ...rest } = out;
  return { ...rest, key: accessKey, accessKey };
};

project
  .command('create')
  .description('create a project; prints {"projectId", "key", "bearerToken"} ("accessKey": the same key, deprecated)')
  .requiredOption('--name <name>', 'project name')
  .action((opts: { name: string }) => withServices(async (s) => withKeyField(await s.projects.create(opts.name))));

project
  .command('token')
  .description('issue a new bearer token for a project')
  .requiredOption('--project <id>', 'project id', positiveInt)
  .option('--expires-in <seconds>', 'lifetime in seconds (default: BEARER_TOKEN_DAYS, 30 days unless set)', positiveInt)
  .action((opts: { project: number; expiresIn?: number }) =>
    withServices(async (s) => {
      await s.projects.requireExists(opts.project);
      return { projectId: opts.project, bearerToken: s.auth.issueBearerToken(opts.project, { expiresInSeconds: opts.expiresIn }) };
    }),
  );

project
  .command('key')
  .description('issue a new access key for a project; prints {"projectId", "key"} ("accessKey": the same key, deprecated; `strata key create` takes a name, origins and limits)')
  .requiredOption('--project <id>', 'project id', positiveInt)
  .action((opts: { project: number }) =>
    withServices(async (s) => {
      await s.projects.requireExists(opts.project);
      return withKeyField({ projectId: opts.project, accessKey: (await s.accessKeys.create(opts.project)).key });
    }),
  );

registerMetadataCommands(program, withServices);
registerKeyCommands(program, withServices);
registerChainCommands(program, withServices);
registerDevCommand(program, { configOrExit, startOrExit });
registerBackupCommand(program, { configOrExit });

program.parseAsync(process.argv).catch((err) => {
  process.stderr.write(`${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  process.exit(1);
});
