// Token: one token (or a contract as a whole) with what users ask of it — metadata, supply, holders, recent
// transfers — and the `token` query (X-Access-Key).
import { builder } from '../builder';
import type { TokenKey } from '../../domain/indexer/service';
import { loadContractInfo, loadTokenMetadata } from '../loaders';
import { connectionOf, pageOfArgs, pagingArgs } from './connection';
import { ContractInfoRef } from './contract-info';
import { TokenHolderConnectionRef, contractOf, tokenArgs } from './token-holder';
import { TokenMetadataRef } from './token-metadata';
import { TransactionConnectionRef } from './transaction';

const TokenRef = builder.objectRef<TokenKey>('Token').implement({
  description: 'A token of a contract, or (without a token id) the contract’s token as a whole. Each field is read when selected.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contract', { description: 'The token contract, lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'The token id; null for the contract as a whole.', resolve: (k) => k.tokenId }),
    contractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'The contract; null when its chain cannot be read now.',
      resolve: (k, _, ctx) => loadContractInfo(ctx, k.chainId, k.contract),
    }),
    metadata: t.field({
      type: TokenMetadataRef,
      nullable: true,
      description: 'The token’s metadata document; null without a token id.',
      resolve: (k, _, ctx) => (k.tokenId === null ? null : loadTokenMetadata(ctx, k.chainId, k.contract, k.tokenId)),
    }),
    supply: t.field({
      type: 'BigInt',
      nullable: true,
      description:
        'What exists: for a token id, the sum of its holders’ balances; for a collectible contract as a whole, of all its token ids (ERC-721: how many tokens); for an ERC-20, totalSupply() read from the chain (null when the node cannot answer).',
      resolve: (k, _, ctx) => ctx.services.indexer.supplyOf(k),
    }),
    holdersCount: t.int({
      description: 'How many accounts hold it.',
      resolve: (k, _, ctx) => ctx.services.indexer.holdersCount(k),
    }),
    holders: t.field({
      type: TokenHolderConnectionRef,
      description: 'Its holders, largest first (as `tokenHolders`).',
      args: { ...pagingArgs },
      resolve: async (k, args, ctx) =>
        connectionOf(await ctx.services.indexer.tokenHolders(ctx.credentials, { chainId: String(k.chainId), contract: k.contract, tokenId: k.tokenId, page: pageOfArgs(args) })),
    }),
    transfers: t.field({
      type: TransactionConnectionRef,
      description: 'Transactions that moved it, newest first (as `transactionHistory` for this contract and token id).',
      args: { ...pagingArgs },
      resolve: async (k, args, ctx) =>
        connectionOf(
          await ctx.services.indexer.transactionHistory(ctx.credentials, {
            chainId: String(k.chainId),
            filter: { contractAddress: k.contract, tokenId: k.tokenId },
            page: pageOfArgs(args),
          }),
        ),
    }),
  }),
});

builder.queryFields((t) => ({
  token: t.field({
    type: TokenRef,
    nullable: true,
    description: 'One token with its metadata, supply, holders and recent transfers (X-Access-Key).',
    args: { ...tokenArgs },
    resolve: (_, args, ctx) => ctx.services.indexer.token(ctx.credentials, { chainId: args.chainId, contract: contractOf(args), tokenId: args.tokenId }),
  }),
}));
