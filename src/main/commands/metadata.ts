// CLI of the Metadata service: refresh contract info and token metadata, set a contract's operator flags.
import { InvalidArgumentError, type Command } from 'commander';
import type { Services } from '../../domain/services';
import { contractAddressOption, type WithServices } from './options';
import { requireAddress, requireUint256 } from '../../domain/validate';


const bool = (v: string) => {
  if (v !== 'true' && v !== 'false') throw new InvalidArgumentError('must be true or false');
  return v === 'true';
};

/** Runs `fn`, then stops the Metadata service's background fetches so the process can exit. */
const metadataCommand = (withServices: WithServices, fn: (s: Services) => Promise<unknown>) =>
  withServices(async (s) => {
    try {
      return await fn(s);
    } finally {
      await s.tokenMetadata.close();
    }
  });

export const registerMetadataCommands = (program: Command, withServices: WithServices) => {
  const contract = program.command('contract').description('contract info of the Metadata service');

  contractAddressOption(
    contract
      .command('refresh')
      .description('read a contract again from its chain and its contractURI document; prints its ContractInfo')
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    ['address'],
  ).action((o: { chain: string; contractAddress: string }) =>
    metadataCommand(withServices, (s) =>
      s.contracts.refreshNow({ chainId: s.chains.resolve('--chain', o.chain).chainId, address: requireAddress('--contract-address', o.contractAddress) }),
    ),
  );

  contractAddressOption(
    contract
      .command('flags')
      .description('set operator flags of a contract (absent options keep their value, "" clears text); prints its ContractInfo')
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    ['address'],
  )
    .option('--verified <true|false>', 'verified flag', bool)
    .option('--verified-by <name>', 'who verified it')
    .option('--blacklist <true|false>', 'leave it out of searches', bool)
    .option('--featured <true|false>', 'list it first in searches', bool)
    .option('--logo-uri <url>', 'logo URL (http(s), ipfs, ar or data)')
    .action((o: { chain: string; contractAddress: string; verified?: boolean; verifiedBy?: string; blacklist?: boolean; featured?: boolean; logoUri?: string }) =>
      metadataCommand(withServices, (s) =>
        s.contracts.setFlagsAsOperator({
          chainId: o.chain,
          contractAddress: o.contractAddress,
          verified: o.verified,
          verifiedBy: o.verifiedBy,
          blacklist: o.blacklist,
          featured: o.featured,
          logoUri: o.logoUri,
        }),
      ),
    );

  contractAddressOption(
    program
      .command('token-metadata')
      .description('token metadata of the Metadata service')
      .command('refresh')
      .description('fetch token metadata again now, waiting for the fetches; prints one TokenMetadata per token')
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    ['contract'],
  )
    .requiredOption('--token <ids...>', 'token ids (decimal)')
    .action((o: { chain: string; contractAddress: string; token: string[] }) =>
      metadataCommand(withServices, (s) => {
        const chainId = s.chains.resolve('--chain', o.chain).chainId;
        const contractAddress = requireAddress('--contract-address', o.contractAddress);
        return s.tokenMetadata.refreshNow(o.token.map((t, i) => ({ chainId, contract: contractAddress, tokenId: requireUint256(`--token[${i}]`, t) })));
      }),
    );

  contractAddressOption(
    program
      .command('media')
      .description('the media cache (MEDIA_CACHE)')
      .command('purge')
      .description("forget a token's cached media and delete the files no other token shows; prints how many files were deleted")
      .requiredOption('--chain <id|name>', 'configured chain id or name'),
    [],
  )
    .requiredOption('--token <id>', 'token id (decimal)')
    .action((o: { chain: string; contractAddress: string; token: string }) =>
      metadataCommand(withServices, async (s) => ({
        filesDeleted: await s.media.purgeAsOperator({ chainId: o.chain, contractAddress: o.contractAddress, tokenId: requireUint256('--token', o.token) }),
      })),
    );
};
