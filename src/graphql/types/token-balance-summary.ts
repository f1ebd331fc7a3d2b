// Token balance summaries of several accounts (one row per account and contract) with native coin balances: the `tokenBalancesSummary` query (X-Access-Key).
import { builder } from '../builder';
import type { NativeBalance } from '../../domain/indexer/types';
import { CHAIN_ID_ARG, TokenBalanceRef } from './token-balance';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { nativePriceUsd, nativeValueUsd } from './usd-values';

export const ContractVerificationStatusRef = builder.enumType('ContractVerificationStatus', {
  description: 'Which contracts a balance summary reports, by the operator’s flags.',
  values: {
    VERIFIED: { description: 'Contracts in the token directory or verified by the operator, and not blacklisted (the default).' },
    UNVERIFIED: { description: 'Contracts neither in the token directory, nor verified, nor blacklisted, nor SPAM by their stored verdict.' },
    ALL: { description: 'Every contract, blacklisted ones included.' },
  } as const,
});

export const TokenBalancesFilterInput = builder.inputType('TokenBalancesFilterInput', {
  description: 'Whose balances `tokenBalancesSummary` and `tokenBalancesDetails` report, and of which contracts.',
  fields: (t) => ({
    accountAddresses: t.stringList({ required: true, description: 'The accounts, 1 to 100.' }),
    contractStatus: t.field({
      type: ContractVerificationStatusRef,
      required: false,
      description: 'Which contracts to report by their flags; VERIFIED when absent, ignored when contractWhitelist is given.',
    }),
    contractWhitelist: t.stringList({ required: false, description: 'Only these contracts, whatever their status.' }),
    contractBlacklist: t.stringList({ required: false, description: 'Never these contracts.' }),
    omitNativeBalances: t.boolean({ required: false, description: 'True leaves nativeBalances empty (the node is not asked); false when absent.' }),
    contractTypes: t.stringList({
      required: false,
      description:
        'Only contracts of these types (ERC20, ERC721, ERC1155, ERC6909; any case). The published clients’ other type names are accepted and match no balance row; any type when absent or empty.',
    }),
    tokenIds: t.field({ type: ['BigInt'], required: false, description: 'Only these token ids (0 also matches ERC-20 balances), at most 1,000; any when absent or empty.' }),
  }),
});

export const NativeBalanceRef = builder.objectRef<NativeBalance>('NativeBalance').implement({
  description: 'The native coin balance of an account, read from the node (eth_getBalance at the latest block).',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    accountAddress: t.exposeString('accountAddress', { description: 'The account, lower-case hex.' }),
    balance: t.field({ type: 'BigInt', description: 'Wei; 0 when the node could not be read.', resolve: (n) => n.balance }),
    errorReason: t.exposeString('errorReason', { nullable: true, description: 'Why the node could not be read; null when it was.' }),
    priceUsd: t.string({
      nullable: true,
      description: 'USD per coin from the operator’s price feed (the zero address’s price); null without PRICE_FEED_URL or a price.',
      resolve: (n, _, ctx) => nativePriceUsd(ctx, n.chainId),
    }),
    balanceUsd: t.string({
      nullable: true,
      description: 'balance × priceUsd (18 decimals, as every EVM chain’s native coin); null without a price.',
      resolve: (n, _, ctx) => nativeValueUsd(ctx, n.chainId, n.balance),
    }),
  }),
});

const TokenBalanceSummaryConnectionRef = connectionType(
  TokenBalanceRef,
  'TokenBalanceSummary',
  { description: 'A page of balance summaries of several accounts.', count: 'Rows (account, contract) matching the request, on every page.' },
  (t) => ({
    nativeBalances: t.field({
      type: [NativeBalanceRef],
      description: 'One per account, on the first forward page only (empty on later pages, backward pages and with omitNativeBalances).',
      resolve: (c: unknown) => (c as { nativeBalances: NativeBalance[] }).nativeBalances,
    }),
  }),
);

builder.queryFields((t) => ({
  tokenBalancesSummary: t.field({
    nullable: true,
    type: TokenBalanceSummaryConnectionRef,
    description:
      'Several accounts at once, one row per (account, contract): ERC-20 balances as they are, ERC-721/1155/6909 holdings summarised (isSummary, uniqueCollectibles). Ordered by account then contract; 50 per page by default, at most 100 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: TokenBalancesFilterInput, required: true, description: 'The accounts, and which contracts to report.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => {
      const page = await ctx.services.indexer.tokenBalancesSummary(ctx.credentials, { ...args, page: pageOfArgs(args) });
      return { ...connectionOf(page), nativeBalances: page.nativeBalances };
    },
  }),
}));
