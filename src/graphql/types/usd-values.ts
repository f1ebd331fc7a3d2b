// USD figures from the operator's price feed beside any balance a type returns (TokenBalance, PortfolioHolding,
// NativeBalance, PortfolioChain): one rule for all of them. Without a feed each answers null at once, no promise per row.
import type { GraphQLContext } from '../context';
import { NATIVE_COIN } from '../../domain/prices/feed';
import type { TokenBalance } from '../../domain/indexer/types';
import { loadContractInfo } from '../loaders';

type Held = Pick<TokenBalance, 'chainId' | 'contractAddress' | 'tokenId' | 'balance' | 'contractType'>;

/** USD per whole token: the token id's price, else its contract's. */
export const tokenPriceUsd = (ctx: GraphQLContext, t: Held): Promise<string | null> | null =>
  ctx.services.prices.configured ? ctx.services.prices.priceOf(t.chainId, t.contractAddress, t.tokenId).then((p) => p?.priceUsd ?? null) : null;

/** balance × price; an ERC-20 scaled by its contract's decimals (null when unknown), a collectible counted whole. */
export const tokenValueUsd = (ctx: GraphQLContext, t: Held): Promise<string | null> | null =>
  ctx.services.prices.configured
    ? ctx.services.prices.valueOf(t.chainId, t.contractAddress, t.tokenId, t.balance, async () =>
        t.contractType === 'ERC20' ? ((await loadContractInfo(ctx, t.chainId, t.contractAddress))?.decimals ?? null) : 0,
      )
    : null;

/** USD per coin of a chain's native coin (the zero address's price). */
export const nativePriceUsd = (ctx: GraphQLContext, chainId: number): Promise<string | null> | null =>
  ctx.services.prices.configured ? ctx.services.prices.priceOf(chainId, NATIVE_COIN, null).then((p) => p?.priceUsd ?? null) : null;

/** `wei` of a chain's native coin in USD (18 decimals, as every EVM chain's native coin). */
export const nativeValueUsd = (ctx: GraphQLContext, chainId: number, wei: string): Promise<string | null> | null =>
  ctx.services.prices.configured ? ctx.services.prices.valueOf(chainId, NATIVE_COIN, null, wei, async () => 18) : null;
