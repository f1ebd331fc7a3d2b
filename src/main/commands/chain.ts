// CLI of the contracts a chain is limited to (CHAINS `contracts`): a running `strata index` picks changes up at its
// next round; `prune` deletes what removed contracts left.
import { InvalidArgumentError, type Command } from 'commander';
import { contractAddressOption, type WithServices } from './options';

const blockNumber = (v: string) => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError('must be a block number');
  return Number(v);
};

export const registerChainCommands = (program: Command, withServices: WithServices) => {
  const chain = program.command('chain').description('the contracts a chain with a "contracts" list in CHAINS indexes');

  chain
    .command('list')
    .description('named contracts of a chain with their state and backfill progress; prints a JSON array')
    .requiredOption('--chain <id|name>', 'configured chain id or name')
    .action((o: { chain: string }) => withServices((s) => s.sources.list(o.chain)));

  contractAddressOption(
    chain
      .command('add')
      .description('index one more contract: it is backfilled alone from its start block while the others follow the head')
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    ['address'],
  )
    .option('--start-block <n>', 'first block to index (default: the block it was deployed in)', blockNumber)
    .action((o: { chain: string; contractAddress: string; startBlock?: number }) => withServices((s) => s.sources.add(o.chain, o.contractAddress, o.startBlock)));

  contractAddressOption(
    chain
      .command('remove')
      .description('stop indexing one contract; its data stays queryable until `strata chain prune`')
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    ['address'],
  ).action((o: { chain: string; contractAddress: string }) => withServices((s) => s.sources.remove(o.chain, o.contractAddress)));

  chain
    .command('prune')
    .description('delete the transfers, balances and market events of removed contracts')
    .requiredOption('--chain <id|name>', 'configured chain id or name')
    .action((o: { chain: string }) => withServices((s) => s.sources.prune(o.chain)));
};
