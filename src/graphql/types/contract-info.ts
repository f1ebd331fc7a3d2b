// ContractInfo: a contract on one chain as the Metadata service knows it, with its lookups and refresh (X-Access-Key).
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import type { ContractInfo } from '../../domain/contracts/types';
import { ContractInfoExtensionsRef } from './contract-info-extensions';
import { ContractInfoSourceRef } from './contract-info-source';
import { ContractInfoStatusRef } from './contract-info-status';

/** Serialises as `0001-01-01T00:00:00Z`, the wire's "unset". */
export const ZERO_DATE = new Date('0001-01-01T00:00:00Z');

export const ContractInfoRef = builder.objectRef<ContractInfo>('ContractInfo').implement({
  description: 'Built from the chain the first time it is asked for; refreshed with `refreshContractInfo`.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    address: t.exposeString('address', { description: 'Lower-case hex.' }),
    name: t.exposeString('name', { description: 'What name() returns (a string or bytes32); empty when it has none.' }),
    type: t.expose('type', { type: ContractTypeRef, description: 'The token standard the contract implements.' }),
    symbol: t.exposeString('symbol', { description: 'What symbol() returns (a string or bytes32); empty when it has none.' }),
    decimals: t.int({ nullable: true, description: 'What decimals() returns, 0 to 255; null when it has none.', resolve: (c) => c.decimals }),
    logoUri: t.string({ nullable: true, description: 'Logo image URL, set by the operator.', resolve: (c) => c.logoURI || null }),
    deployed: t.exposeBoolean('deployed', { description: 'Whether the address had code when last read from the chain.' }),
    bytecodeHash: t.exposeString('bytecodeHash', { description: 'keccak256 of the runtime code; `0x` when the address has no code.' }),
    extensions: t.field({
      type: ContractInfoExtensionsRef,
      description: 'Fields of its contractURI document, and the operator’s flags; `blacklist` also when its stored spam verdict is SPAM.',
      // The wire's one place for "spam" (the published clients read extensions.blacklist): the operator's flag or the
      // stored verdict (SPAM_VERDICTS), whose reasons are on `verdict`.
      resolve: async (c, _, ctx) =>
        c.extensions.blacklist || !(await ctx.loaders.spam.load({ chainId: c.chainId, address: c.address })) ? c.extensions : { ...c.extensions, blacklist: true },
    }),
    updatedAt: t.field({ type: 'Timestamp', description: 'The zero time for an address with no code that is not stored.', resolve: (c) => c.updatedAt ?? ZERO_DATE }),
    source: t.field({ type: ContractInfoSourceRef, description: 'Where the info came from.', resolve: (c) => c.source }),
    status: t.field({ type: ContractInfoStatusRef, description: 'Whether the info is there.', resolve: (c) => c.status }),
  }),
});

const ContractInfoByAddressRef = builder.objectRef<{ address: string; contractInfo: ContractInfo[] }>('ContractInfoByAddress').implement({
  description: 'One requested address, with the contracts found at it.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The requested address, lower-case hex.' }),
    contractInfo: t.field({ type: [ContractInfoRef], description: 'One per configured chain where the address has code.', resolve: (e) => e.contractInfo }),
  }),
});

export const CHAIN_ARG = { required: true, description: 'A configured chain id or name.' } as const;
export const CONTRACT_ADDRESS_ARG = { required: true, description: 'The contract’s address, 0x-prefixed hex in any case.' } as const;

builder.queryFields((t) => ({
  contractInfo: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: 'One contract on one chain (X-Access-Key).',
    args: { chainId: t.arg.string(CHAIN_ARG), contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG) },
    resolve: async (_, args, ctx) => ctx.loaders.contractInfo.load(await ctx.services.contracts.checkGet(ctx.credentials, args)),
  }),
  findContractInfo: t.field({
    nullable: true,
    type: [ContractInfoRef],
    description: 'An address on every configured chain where it has code (X-Access-Key).',
    args: { contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG) },
    resolve: (_, args, ctx) => ctx.services.contracts.find(ctx.credentials, args),
  }),
  findContractInfoBatch: t.field({
    nullable: true,
    type: [ContractInfoByAddressRef],
    description: 'Up to 50 addresses, each on every configured chain; one entry per address (X-Access-Key).',
    args: {
      contractAddresses: t.arg.stringList({ required: true, description: 'At most 50 addresses, 0x-prefixed hex in any case; duplicates are answered once.' }),
    },
    resolve: (_, args, ctx) => ctx.services.contracts.findBatch(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  refreshContractInfo: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: 'Reads the contract again from its chain and its contractURI document (X-Access-Key).',
    args: { chainId: t.arg.string(CHAIN_ARG), contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG) },
    resolve: (_, args, ctx) => ctx.services.contracts.refresh(ctx.credentials, args),
  }),
}));
