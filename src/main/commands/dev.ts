// `strata dev`: a local devnet with sample tokens and live transfers, a project, ingestion and GraphiQL — data on
// screen in one command. It runs what a user would run (anvil, `project create`, `serve` with CHAINS) in one process.
import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { loadConfigWith, type Config } from '../../config';
import { createLogger, type Logger } from '../../config/logger';
import { createChainRegistry } from '../../chain/registry';
import { createServices } from '../../domain/services';
import { contractPrunerOf } from '../../ingestion';
import { createPubSub } from '../../pubsub';
import { startDevNode, type DevNode } from '../../devnet/anvil';
import { startSampleChain, type SampleChain } from '../../devnet/sample-chain';
import { openDatabase, type App } from '../app';

type StartOrExit = (config: Config, logger: Logger, options: Parameters<typeof import('../app').createApp>[2]) => Promise<{ app: App; port: number }>;

/**
 * The sample contracts as a token list of their own (docs/guide/trust.md), written beside the dev database: the token
 * directory lists them, so the devnet's default balance summaries (VERIFIED) show them, as a mainnet wallet's show the
 * default list's tokens.
 */
const writeSampleList = (dataDir: string, chainId: number, sample: SampleChain): string => {
  const file = path.join(dataDir, 'sample.tokenlist.json');
  const token = (address: string, name: string, symbol: string, decimals: number) => ({ chainId, address, name, symbol, decimals });
  const list = {
    name: 'Strata dev samples',
    timestamp: new Date().toISOString(),
    version: { major: 1, minor: 0, patch: 0 },
    tokens: [
      token(sample.contracts.erc20, 'Strata Dollar', 'SUSD', 6),
      token(sample.contracts.erc721, 'Strata Gems', 'GEM', 0),
      token(sample.contracts.erc1155, 'Strata Items', 'ITEM', 0),
    ],
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(list, null, 2));
  return file;
};

/** A project of the dev database, created the way `strata project create` does. */
const createDevProject = async (config: Config, logger: Logger) => {
  const db = await openDatabase(config, logger);
  const registry = createChainRegistry({ chains: [] });
  try {
    const services = createServices({ config, db, registry, pubsub: createPubSub({ redis: null }), pruneContract: contractPrunerOf(db) });
    return await services.projects.create('strata dev');
  } finally {
    await registry.close();
    await db.destroy();
  }
};

const banner = (port: number, dataDir: string, node: DevNode, sample: SampleChain, creds: { projectId: number; accessKey: string; bearerToken: string }, adminToken: boolean) =>
  [
    '',
    `  Strata dev is running: open http://localhost:${port}/graphql`,
    `  console      http://localhost:${port}/console (sign in with the bearer token below)`,
    adminToken
      ? '               the operator’s view: sign in with your ADMIN_TOKEN'
      : '               the operator’s view (every project, contract flags): set ADMIN_TOKEN (32+ characters) and sign in with it',
    '',
    `  devnet       ${node.rpcUrl} (chain ${node.chainId}, transfers every 2 s)`,
    `  ERC-20       ${sample.contracts.erc20}`,
    `  ERC-721      ${sample.contracts.erc721}`,
    `  ERC-1155     ${sample.contracts.erc1155}`,
    `  wallets      ${sample.accounts.join('\n               ')}`,
    `  project      ${creds.projectId}`,
    `  access key   ${creds.accessKey}   (X-Access-Key: queries and subscriptions)`,
    `  bearer token ${creds.bearerToken}`,
    `               (Authorization: Bearer …: collections)`,
    `  data         ${dataDir} (a fresh devnet and database on every start)`,
    '',
    '  GraphiQL opens with example tabs and these credentials filled in. Ctrl-C stops everything.',
    '',
  ].join('\n');

export const registerDevCommand = (program: Command, { configOrExit, startOrExit }: { configOrExit: () => Config; startOrExit: StartOrExit }) =>
  program
    .command('dev')
    .description('start a local devnet with sample tokens and live transfers, index it and serve GraphiQL (data in $DATA_DIR/dev)')
    .action(async () => {
      const base = configOrExit();
      const dataDir = path.join(base.dataDir, 'dev');
      // The devnet starts empty each time, so the database of the last one would describe another chain.
      fs.rmSync(dataDir, { recursive: true, force: true });
      const node = await startDevNode();
      createLogger(base).info({ rpcUrl: node.rpcUrl, chainId: node.chainId }, 'devnet started');
      let sample: SampleChain | null = null;
      let app: App | null = null;
      let stopping = false;
      const stop = async (code: number) => {
        if (stopping) return;
        stopping = true;
        await sample?.stop().catch(() => undefined);
        await app?.stop().catch(() => undefined);
        await node.stop();
        if (code === 0) process.stdout.write('strata dev stopped (server, ingestion and devnet)\n');
        process.exit(code);
      };
      process.on('SIGINT', () => void stop(0));
      process.on('SIGTERM', () => void stop(0));
      try {
        sample = await startSampleChain(node.rpcUrl, node.chainId);
        const config = loadConfigWith({
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          CHAINS: JSON.stringify([{ chainId: node.chainId, url: node.rpcUrl, name: 'devnet', confirmations: 2 }]),
          TOKEN_LISTS: [...base.trust.tokenLists, writeSampleList(dataDir, node.chainId, sample)].join(','),
          // A local playground: GraphiQL, introspection, /metrics and cross-origin calls open (config/edge.ts).
          STRATA_MODE: 'development',
        });
        const logger = createLogger(config);
        const creds = await createDevProject(config, logger);
        const started = await startOrExit(config, logger, {
          serve: true,
          index: true,
          graphiqlCredentials: { accessKey: creds.accessKey, bearerToken: creds.bearerToken },
        });
        app = started.app;
        process.stdout.write(`${banner(started.port, dataDir, node, sample, creds, config.adminToken !== null)}\n`);
        logger.info({ port: started.port, accessKey: creds.accessKey, bearerToken: creds.bearerToken, chainId: node.chainId }, 'strata dev is ready');
      } catch (err) {
        process.stderr.write(`strata dev: ${err instanceof Error ? err.message : String(err)}\n`);
        await stop(1);
      }
    });
