// The token directory's queries and mutations: reads for every reader (X-Access-Key), curation and list refreshes for
// the operator (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import type { TokenDirectoryService } from '../../domain/trust/directory';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG, ContractInfoRef } from './contract-info';
import { NetworkRef } from './network';
import { TokenListStatusRef } from './token-list-status';

type Membership = Awaited<ReturnType<TokenDirectoryService['isListed']>>;

const TokenDirectoryMembershipRef = builder.objectRef<Membership>('TokenDirectoryMembership').implement({
  description: 'Whether a contract is in the token directory.',
  fields: (t) => ({
    listed: t.exposeBoolean('listed', { description: 'A token list names it and the operator did not remove it, or the operator added it.' }),
    featureIndex: t.exposeInt('featureIndex', { description: 'Above 0: featured, higher first; 0 when not featured or not listed.' }),
  }),
});

const TokenDirectoryContractInput = builder.inputType('TokenDirectoryContractInput', {
  description: 'A contract to put in the token directory, with its feature index.',
  fields: (t) => ({
    chainId: t.string(CHAIN_ARG),
    contractAddress: t.string(CONTRACT_ADDRESS_ARG),
    featureIndex: t.int({ required: false, description: '0 to 1,000,000; absent: unchanged (0 for a contract new to the directory).' }),
  }),
});

const TokenDirectoryConnectionRef = connectionType(ContractInfoRef, 'TokenDirectory', {
  description: 'A page of the token directory: featured contracts first (higher feature index first), then by chain and address.',
  count: 'Contracts matching.',
});

const ADMIN = 'Admin only: send `Authorization: Bearer <ADMIN_TOKEN>` (the server’s ADMIN_TOKEN; disabled when unset).';
const READER = 'X-Access-Key (or a signed-in console’s bearer token).';
const KEY_ARGS = builder.args((t) => ({ chainId: t.string(CHAIN_ARG), contractAddress: t.string(CONTRACT_ADDRESS_ARG) }));
const FILTER_ARGS = builder.args((t) => ({
  chainId: t.string({ description: 'A configured chain id or name; every chain (testnets only with includeTestnets) when absent.' }),
  includeTestnets: t.boolean({ description: 'With no chainId: chains configured as testnets too.' }),
  onlyFeatured: t.boolean({ description: 'Only contracts with a feature index above 0.' }),
}));

builder.queryFields((t) => ({
  tokenDirectory: t.field({
    nullable: true,
    type: TokenDirectoryConnectionRef,
    description: `The token directory: the tokens of the configured token lists plus the operator’s curation; 50 per page by default, at most 100. ${READER}`,
    args: { ...FILTER_ARGS, ...pagingArgs },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.tokenDirectory.list(ctx.credentials, { ...args, page: pageOfArgs(args) })),
  }),
  searchTokenDirectory: t.field({
    nullable: true,
    type: TokenDirectoryConnectionRef,
    description: `Contracts of the token directory whose name or symbol contains \`query\` (any case), or whose address it is. ${READER}`,
    args: { query: t.arg.string({ required: true, description: 'Text (at most 200 characters) or a 0x address.' }), ...FILTER_ARGS, ...pagingArgs },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.tokenDirectory.search(ctx.credentials, { ...args, page: pageOfArgs(args) })),
  }),
  tokenDirectoryNetworks: t.field({
    nullable: true,
    type: [NetworkRef],
    description: `The configured chains with contracts in the token directory, in configuration order. ${READER}`,
    args: { includeTestnets: t.arg.boolean({ description: 'Chains configured as testnets too.' }), onlyFeatured: t.arg.boolean({ description: 'Only chains with a featured contract.' }) },
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.networks(ctx.credentials, args),
  }),
  isInTokenDirectory: t.field({
    nullable: true,
    type: TokenDirectoryMembershipRef,
    description: `Whether one contract is in the token directory, and its feature index. ${ADMIN}`,
    args: KEY_ARGS,
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.isListed(ctx.credentials, args),
  }),
  tokenLists: t.field({
    nullable: true,
    type: [TokenListStatusRef],
    description: `The configured token lists (TOKEN_LISTS), in precedence order, as their last read left them. ${ADMIN}`,
    resolve: (_, __, ctx) => ctx.services.tokenDirectory.lists(ctx.credentials),
  }),
}));

builder.mutationFields((t) => ({
  addContractToTokenDirectory: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: `Puts a contract in the token directory whatever the lists say (it then counts as VERIFIED unless blacklisted); undoes a removal. ${ADMIN}`,
    args: KEY_ARGS,
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.add(ctx.credentials, args),
  }),
  removeContractFromTokenDirectory: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: `Takes a contract out of the token directory whatever the lists say (kept out across list refreshes); NotFound when it is not in it. ${ADMIN}`,
    args: KEY_ARGS,
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.remove(ctx.credentials, args),
  }),
  setTokenDirectoryFeatureIndex: t.field({
    nullable: true,
    type: ContractInfoRef,
    description: `Features a contract of the directory (above 0, higher first) or stops featuring it (0); NotFound when it is not in the directory. ${ADMIN}`,
    args: { ...KEY_ARGS, featureIndex: t.arg.int({ required: true, description: '0 to 1,000,000.' }) },
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.setFeatureIndex(ctx.credentials, args),
  }),
  addContractsToTokenDirectory: t.field({
    nullable: true,
    type: [ContractInfoRef],
    description: `addContractToTokenDirectory for up to 100 contracts at once, each with its feature index when given; nothing is written when one entry is invalid. ${ADMIN}`,
    args: { contracts: t.arg({ type: [TokenDirectoryContractInput], required: true, description: 'The contracts, at most 100.' }) },
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.addMany(ctx.credentials, args),
  }),
  removeContractsFromTokenDirectory: t.field({
    nullable: true,
    type: 'Int',
    description: `Takes up to 100 contracts of one chain out of the token directory whatever the lists say (one not in it is kept out of it); answers how many. ${ADMIN}`,
    args: { chainId: t.arg.string(CHAIN_ARG), contractAddresses: t.arg.stringList({ required: true, description: 'The contracts, at most 100.' }) },
    resolve: (_, args, ctx) => ctx.services.tokenDirectory.removeMany(ctx.credentials, args),
  }),
  refreshTokenDirectory: t.field({
    nullable: true,
    type: [TokenListStatusRef],
    description: `Reads every configured token list again now; answers, per list, what the read did. A list that fails keeps its previous import. ${ADMIN}`,
    resolve: (_, __, ctx) => ctx.services.tokenDirectory.refresh(ctx.credentials),
  }),
}));
