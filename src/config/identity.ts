// Who a caller is (#44): wallet sessions (GetAuthToken's tokens: their own signing key, their lifetime) and ENS names
// (the registry per chain, the chain bare names are read on, how long an answer is cached).
import { z } from 'zod';

/** Mainnet's ENS registry (ENSRegistryWithFallback), the default on chain 1. */
export const MAINNET_ENS_REGISTRY = '0x00000000000c2e074ec69a0dfb2997ba6c7d2e1e';

export type IdentityConfig = Readonly<{
  sessions: Readonly<{
    /** HMAC key (HS256) of wallet session tokens: SESSION_SECRET, else a random key kept in DATA_DIR/session-secret. */
    secret: string;
    /** How long a session token lasts, in seconds. */
    lifetimeSeconds: number;
  }>;
  ens: Readonly<{
    /** ENS registry per chain id (lower-case addresses), for the configured chains only. */
    registries: ReadonlyMap<number, string>;
    /** The chain a name without a chain (API/ResolveENSAddress, GraphQL without chainId) is read on; null: no names. */
    chainId: number | null;
    /** How long a resolved name or primary name is kept, in seconds; 0: read from the chain every time. */
    cacheSeconds: number;
  }>;
}>;

export const identityEnvSchema = {
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_LIFETIME_SECONDS: z.coerce.number().int().min(1).max(86_400).default(3_600),
  ENS_REGISTRIES: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || v === 'none' || v.split(',').every((p) => /^\s*\d+\s*=\s*0x[0-9a-fA-F]{40}\s*$/.test(p)), {
      message: 'must be `none` or a comma-separated list of <chainId>=<0x registry address>',
    }),
  ENS_CHAIN: z.coerce.number().int().positive().optional(),
  ENS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
};

type IdentityEnv = z.infer<z.ZodObject<typeof identityEnvSchema>>;

/** `embeddedSecret`: the key kept in DATA_DIR/session-secret (made once), read only when SESSION_SECRET is not set. */
export const identityConfigOf = (e: IdentityEnv, chainIds: readonly number[], embeddedSecret: () => string, problems: string[]): IdentityConfig => {
  const registries = new Map<number, string>();
  if (e.ENS_REGISTRIES === undefined) {
    if (chainIds.includes(1)) registries.set(1, MAINNET_ENS_REGISTRY);
  } else if (e.ENS_REGISTRIES !== 'none') {
    for (const part of e.ENS_REGISTRIES.split(',')) {
      const [id, address] = part.split('=').map((s) => s.trim());
      const chainId = Number(id);
      if (!chainIds.includes(chainId)) problems.push(`ENS_REGISTRIES: chain ${chainId} is not in CHAINS`);
      else registries.set(chainId, address.toLowerCase());
    }
  }
  let chainId: number | null = null;
  if (e.ENS_CHAIN !== undefined) {
    if (!registries.has(e.ENS_CHAIN)) problems.push(`ENS_CHAIN: chain ${e.ENS_CHAIN} has no ENS registry (ENS_REGISTRIES)`);
    else chainId = e.ENS_CHAIN;
  } else if (registries.has(1)) chainId = 1;
  else if (registries.size === 1) chainId = [...registries.keys()][0];
  return Object.freeze({
    sessions: Object.freeze({ secret: e.SESSION_SECRET ?? embeddedSecret(), lifetimeSeconds: e.SESSION_LIFETIME_SECONDS }),
    ens: Object.freeze({ registries, chainId, cacheSeconds: e.ENS_CACHE_SECONDS }),
  });
};
