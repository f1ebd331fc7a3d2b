// Portfolio: a parent wallet's and its linked wallets' holdings on several chains at once, with their merged history;
// the `portfolio` query (X-Access-Key, and the parent's GetLinkedWallets proof).
import { builder } from '../builder';
import type { Portfolio } from '../../domain/portfolio/types';
import { accountArg } from './ens-name';
import { chainSelectionArgs } from './network-type';
import { PROJECT_ARG } from './shared-args';
import { sumUsd } from '../../domain/prices/value';
import { PortfolioChainRef } from './portfolio-chain';
import { PortfolioHistoryRef } from './portfolio-history';
import { PortfolioHoldingRef } from './portfolio-holding';
import { nativeValueUsd, tokenValueUsd } from './usd-values';
import { ContractVerificationStatusRef } from './token-balance-summary';

export const PortfolioRef = builder.objectRef<Portfolio>('Portfolio').implement({
  description:
    'What a user holds across the wallets linked to their parent wallet, on every selected chain: per chain, per token summed over the wallets, and the wallets’ merged history.',
  fields: (t) => ({
    parentWalletAddress: t.exposeString('parentWalletAddress', { description: 'The parent wallet, lower-case.' }),
    walletAddresses: t.exposeStringList('walletAddresses', { description: 'The wallets counted: the parent first, then its linked wallets in linking order.' }),
    chains: t.field({ type: [PortfolioChainRef], description: 'One per selected chain, in configuration order.', resolve: (p) => p.chains }),
    holdings: t.field({
      type: [PortfolioHoldingRef],
      description: 'Every token of every chain that answered, its balance summed over the wallets; ordered by chain, contract, token id.',
      resolve: (p) => p.holdings,
    }),
    totalUsd: t.string({
      nullable: true,
      description:
        'What the portfolio is worth in USD from the operator’s price feed: every priced holding and every chain’s native coin, summed exactly; tokens the feed does not price count nothing. null without PRICE_FEED_URL.',
      resolve: async (p, _, ctx) => {
        if (!ctx.services.prices.configured) return null;
        const values = await Promise.all([
          ...p.holdings.map((h) => tokenValueUsd(ctx, h)),
          ...p.chains.map((c) => (c.nativeTotal === null ? null : nativeValueUsd(ctx, c.chainId, c.nativeTotal))),
        ]);
        return sumUsd(values.filter((v): v is string => v !== null));
      },
    }),
    history: t.field({
      type: PortfolioHistoryRef,
      description: 'The wallets’ transactions on the portfolio’s chains, newest first across them, of the contracts its contractStatus counts.',
      args: {
        first: t.arg.int({ description: 'Page size, 20 by default, at most 100.' }),
        after: t.arg.string({ description: 'The endCursor of a previous page (send the same chain selection).' }),
      },
      resolve: (p, args, ctx) => ctx.services.portfolio.history(p.scope, args),
    }),
  }),
});

builder.queryFields((t) => ({
  portfolio: t.field({
    nullable: true,
    type: PortfolioRef,
    description:
      'The portfolio of a parent wallet and every wallet linked to it in the access key’s project, on every selected chain at once. Proven as `linkedWallets` is: the parent signs `parent wallet with address <parent>`, or presents its session token (createWalletSession / API/GetAuthToken) with no message and signature. A chain that cannot be read answers its errorReason while the others answer (X-Access-Key).',
    args: {
      parentWalletAddress: t.arg.string({ required: true, description: 'The parent wallet’s address, 0x-prefixed hex in any case.' }),
      parentWalletMessage: t.arg.string({
        description: 'The text the parent signed: `parent wallet with address <parent>`, plain or as the statement of an EIP-4361 message. Absent with a session token.',
      }),
      parentWalletSignature: t.arg.string({ description: 'The parent’s signature of parentWalletMessage (EIP-191, ERC-1271 or ERC-6492). Absent with a session token.' }),
      signatureChainId: t.arg.string({ description: 'Chain id (or configured name) the signature is verified on. Absent with a session token.' }),
      ...chainSelectionArgs,
      walletAddresses: t.arg.stringList({
        description: 'Only these of the parent’s wallets (each the parent or linked to it), at most 100; all of them when absent.',
      }),
      contractStatus: t.arg({
        type: ContractVerificationStatusRef,
        description: 'Which contracts’ tokens count, by their flags: VERIFIED when absent (as tokenBalancesSummary), UNVERIFIED or ALL.',
      }),
    },
    resolve: (_, args, ctx) => ctx.services.portfolio.portfolio(ctx.credentials, args),
  }),
  projectPortfolio: t.field({
    nullable: true,
    type: PortfolioRef,
    description:
      'For the project’s owner (a bearer token; the console’s wallet page): the portfolio of the wallet family `walletAddress` belongs to — it is the parent, or linked to one — without the parent’s proof.',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      walletAddress: t.arg.string({ required: true, description: 'Any wallet of the family: the parent or a linked wallet, 0x-prefixed hex in any case, or its ENS name.' }),
      ...chainSelectionArgs,
      walletAddresses: t.arg.stringList({ description: 'Only these of the family’s wallets, at most 100; all of them when absent.' }),
      contractStatus: t.arg({ type: ContractVerificationStatusRef, description: 'Which contracts’ tokens count: VERIFIED when absent, UNVERIFIED or ALL.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.portfolio.ofProject(ctx.credentials, { ...args, walletAddress: await accountArg(ctx, 'walletAddress', args.walletAddress) }),
  }),
}));
