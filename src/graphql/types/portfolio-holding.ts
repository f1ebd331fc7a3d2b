// PortfolioHolding: one token held by any of a portfolio's wallets on one chain, its balance summed across them.
import { builder } from '../builder';
import type { PortfolioHolding } from '../../domain/portfolio/types';
import { loadContractInfo, loadTokenMetadata } from '../loaders';
import { ContractInfoRef } from './contract-info';
import { ContractTypeRef } from './contract-type';
import { TokenBalanceRef } from './token-balance';
import { TokenMetadataRef } from './token-metadata';
import { tokenPriceUsd, tokenValueUsd } from './usd-values';

export const PortfolioHoldingRef = builder.objectRef<PortfolioHolding>('PortfolioHolding').implement({
  description: 'A token on one chain with its balance summed over the portfolio’s wallets, and each wallet’s part.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20.', resolve: (h) => h.tokenId }),
    balance: t.field({ type: 'BigInt', description: 'The sum of the wallets’ balances, in the token’s smallest unit.', resolve: (h) => h.balance }),
    walletCount: t.int({ description: 'How many of the wallets hold it.', resolve: (h) => h.balances.length }),
    balances: t.field({ type: [TokenBalanceRef], description: 'Each wallet’s balance of the token, in wallet order.', resolve: (h) => h.balances }),
    priceUsd: t.string({
      nullable: true,
      description: 'USD per whole token from the operator’s price feed (the token id’s price, else its contract’s); null without PRICE_FEED_URL or a price.',
      resolve: (h, _, ctx) => tokenPriceUsd(ctx, h),
    }),
    balanceUsd: t.string({
      nullable: true,
      description: 'balance × priceUsd, in USD (ERC-20 balances scaled by the contract’s decimals); null without a price or known decimals.',
      resolve: (h, _, ctx) => tokenValueUsd(ctx, h),
    }),
    contractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'Loaded in one batch per request; null when the chain cannot be read now.',
      resolve: (h, _, ctx) => loadContractInfo(ctx, h.chainId, h.contractAddress),
    }),
    tokenMetadata: t.field({
      type: TokenMetadataRef,
      nullable: true,
      description: 'Loaded in one batch per request; null for ERC-20.',
      resolve: (h, _, ctx) => (h.tokenId === null ? null : loadTokenMetadata(ctx, h.chainId, h.contractAddress, h.tokenId)),
    }),
  }),
});
