// TokenHolder: an account holding a token, with the `tokenHolders` query (X-Access-Key).
import { builder } from '../builder';
import { invalidArgument } from '../../domain/errors';
import type { TokenHolder } from '../../domain/indexer/holders';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { AT_BLOCK_ARG } from './shared-args';
import { CHAIN_ID_ARG } from './token-balance';

export const TokenHolderRef = builder.objectRef<TokenHolder>('TokenHolder').implement({
  description: 'An account holding a token (or, for a collectible contract as a whole, its total over the contract’s token ids).',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    accountAddress: t.exposeString('accountAddress', { description: 'The holder, lower-case hex.' }),
    tokenId: t.field({
      type: 'BigInt',
      nullable: true,
      description: 'The token id held; null for an ERC-20 and for totals over a collectible contract.',
      resolve: (h) => h.tokenId,
    }),
    balance: t.field({ type: 'BigInt', description: 'Above zero; for totals, the sum over the account’s token ids.', resolve: (h) => h.balance }),
    tokenCount: t.exposeInt('tokenCount', { description: 'How many of the contract’s token ids the account holds (0 for an ERC-20).' }),
  }),
});

export const TokenHolderConnectionRef = connectionType(TokenHolderRef, 'TokenHolder', {
  description: 'A page of holders, largest first.',
  count: 'Accounts holding the token.',
});

/**
 * The contract of a token argument set: `contractAddress`, as every other field names it, or the older `contract`
 * (deprecated, kept so that existing documents still run). Both optional in the schema, so exactly one is checked here.
 */
export const contractArgs = builder.args((t) => ({
  contractAddress: t.string({ description: 'The token contract’s address (any case). Required (or the deprecated `contract`).' }),
  contract: t.string({ deprecationReason: 'Use `contractAddress`, as every other field does.', description: 'The token contract’s address (any case).' }),
}));

export const contractOf = (args: { contractAddress?: string | null; contract?: string | null }): string => {
  if (args.contractAddress != null && args.contract != null && args.contractAddress.toLowerCase() !== args.contract.toLowerCase()) {
    throw invalidArgument('contractAddress', 'give either contractAddress or the deprecated contract, not two different addresses');
  }
  const contract = args.contractAddress ?? args.contract;
  if (contract == null) throw invalidArgument('contractAddress', 'required');
  return contract;
};

/** Arguments naming a token: its chain, contract and (not for an ERC-20) token id. */
export const tokenArgs = builder.args((t) => ({
  chainId: t.string(CHAIN_ID_ARG),
  ...contractArgs,
  tokenId: t.field({
    type: 'BigInt',
    description: 'The token id; absent for an ERC-20, or for a collectible contract as a whole.',
  }),
}));

builder.queryFields((t) => ({
  tokenHolders: t.field({
    type: TokenHolderConnectionRef,
    nullable: true,
    description:
      'Who holds a token, largest balance first (then account, descending); for a collectible contract without `tokenId`, each account’s total over its token ids, most token ids first. 50 per page by default, at most 500 (X-Access-Key).',
    args: { ...tokenArgs, atBlock: t.arg.int(AT_BLOCK_ARG), ...pagingArgs },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.indexer.tokenHolders(ctx.credentials, {
          chainId: args.chainId,
          contract: contractOf(args),
          tokenId: args.tokenId,
          atBlock: args.atBlock,
          page: pageOfArgs(args),
        }),
      ),
  }),
}));
