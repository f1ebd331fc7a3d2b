// TokenBalance: an account's balance of one token (or a summary of one collectible contract), with the `tokenBalances` query (X-Access-Key).
import { builder } from '../builder';
import { ACCOUNT_OR_NAME_DOC, PRIMARY_NAME_DOC, accountArg } from './ens-name';
import { ContractTypeRef } from './contract-type';
import type { TokenBalance } from '../../domain/indexer/types';
import { loadContractInfo, loadTokenMetadata } from '../loaders';
import { ContractInfoRef } from './contract-info';
import { TokenMetadataRef } from './token-metadata';
import { MetadataOptionsInput } from './token-balance-input';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { AT_BLOCK_ARG } from './shared-args';
import { tokenPriceUsd, tokenValueUsd } from './usd-values';

export const CHAIN_ID_ARG = { description: 'Chain id or configured name; optional when one chain is configured.' } as const;

export const TokenBalanceRef = builder.objectRef<TokenBalance>('TokenBalance').implement({
  description: 'Read from what ingestion committed: the balance after the last indexed block that changed it.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard (ERC20 for an unclassified contract whose balances carry no token id).' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Lower-case hex.' }),
    accountAddress: t.exposeString('accountAddress', { description: 'Lower-case hex.' }),
    accountPrimaryName: t.string({ nullable: true, description: PRIMARY_NAME_DOC, resolve: (b, _, ctx) => ctx.services.names.primaryNameBeside(b.accountAddress) }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20 and for summary rows.', resolve: (b) => b.tokenId }),
    balance: t.field({ type: 'BigInt', description: 'Above zero; for a summary row the sum over its tokens.', resolve: (b) => b.balance }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The last block that changed it.' }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex.' }),
    uniqueCollectibles: t.field({ type: 'BigInt', description: 'How many token ids a summary row stands for; 0 otherwise.', resolve: (b) => b.uniqueCollectibles }),
    isSummary: t.exposeBoolean('isSummary', { description: 'One row for all of the account’s tokens of an ERC-721/1155/6909 contract.' }),
    priceUsd: t.string({
      nullable: true,
      description: 'USD per whole token from the operator’s price feed (the token id’s price, else its contract’s); null without PRICE_FEED_URL or a price.',
      resolve: (b, _, ctx) => tokenPriceUsd(ctx, b),
    }),
    balanceUsd: t.string({
      nullable: true,
      description: 'balance × priceUsd, in USD (ERC-20 balances scaled by the contract’s decimals); null without a price or known decimals.',
      resolve: (b, _, ctx) => tokenValueUsd(ctx, b),
    }),
    contractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'Loaded in one batch per request; null when the chain cannot be read now.',
      resolve: (b, _, ctx) => loadContractInfo(ctx, b.chainId, b.contractAddress),
    }),
    tokenMetadata: t.field({
      type: TokenMetadataRef,
      nullable: true,
      description: 'Loaded in one batch per request; null without a token id (ERC-20, summary rows).',
      resolve: (b, _, ctx) => (b.tokenId === null ? null : loadTokenMetadata(ctx, b.chainId, b.contractAddress, b.tokenId)),
    }),
  }),
});

const TokenBalanceConnectionRef = connectionType(TokenBalanceRef, 'TokenBalance', {
  description: 'A page of an account’s balances.',
  count: 'Balances matching the request, on every page.',
});

builder.queryFields((t) => ({
  tokenBalances: t.field({
    nullable: true,
    type: TokenBalanceConnectionRef,
    description:
      'Balances above zero of one account, ordered by contract then token id (as text), 50 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      accountAddress: t.arg.string({ required: true, description: ACCOUNT_OR_NAME_DOC }),
      contractAddress: t.arg.string({ description: 'Only balances of this contract (any case).' }),
      tokenId: t.arg({ type: 'BigInt', description: '0 also matches ERC-20 balances.' }),
      metadataOptions: t.arg({ type: MetadataOptionsInput, description: 'Which contracts’ balances are reported, by their flags.' }),
      includeCollectionTokens: t.arg.boolean({
        description: 'Default true; false answers ERC-721/1155/6909 holdings as one summary row per contract.',
      }),
      atBlock: t.arg.int(AT_BLOCK_ARG),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(
        await ctx.services.indexer.tokenBalances(ctx.credentials, { ...args, accountAddress: await accountArg(ctx, 'accountAddress', args.accountAddress), page: pageOfArgs(args) }),
      ),
  }),
}));
