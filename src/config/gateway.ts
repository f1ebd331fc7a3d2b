// The multi-chain IndexerGateway's bounds (how many chains at once, how long one chain may take) and the optional price
// feed that answers the price methods and priceUSD/balanceUSD fields (PRICE_FEED_URL; none by default).
import { z } from 'zod';

export type GatewayConfig = Readonly<{
  /** Chains one gateway request queries at once. */
  concurrency: number;
  /** A chain that has not answered within this many ms answers with its errorReason instead. */
  chainTimeoutMs: number;
  /** How long a chain's node is taken as answering (or not) after one check, in ms. */
  healthTtlMs: number;
}>;

export type PriceFeedConfig = Readonly<{
  /** An HTTP(S) JSON document of USD prices the operator points to (README: Prices); null: no price source. */
  url: string | null;
  /** How long one read of the feed is used before it is read again, in ms. */
  ttlMs: number;
  /** Hosts the feed may be on despite the private-address guard (a feed on the operator's own network). */
  allowHosts: readonly string[];
}>;

export const gatewayEnvSchema = {
  GATEWAY_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  GATEWAY_CHAIN_TIMEOUT_MS: z.coerce.number().int().min(50).max(120_000).default(5_000),
  GATEWAY_HEALTH_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(2_000),
  PRICE_FEED_URL: z.string().trim().regex(/^https?:\/\/\S+$/, 'must be an http(s) URL').optional(),
  PRICE_FEED_TTL_MS: z.coerce.number().int().min(0).max(86_400_000).default(60_000),
  PRICE_FEED_ALLOW_HOSTS: z.string().trim().default(''),
};

type GatewayEnv = z.infer<z.ZodObject<typeof gatewayEnvSchema>>;

export const gatewayConfigOf = (e: GatewayEnv): GatewayConfig =>
  Object.freeze({ concurrency: e.GATEWAY_CONCURRENCY, chainTimeoutMs: e.GATEWAY_CHAIN_TIMEOUT_MS, healthTtlMs: e.GATEWAY_HEALTH_TTL_MS });

export const priceFeedConfigOf = (e: GatewayEnv): PriceFeedConfig =>
  Object.freeze({
    url: e.PRICE_FEED_URL ?? null,
    ttlMs: e.PRICE_FEED_TTL_MS,
    allowHosts: Object.freeze(e.PRICE_FEED_ALLOW_HOSTS.split(',').map((h) => h.trim()).filter(Boolean)),
  });
