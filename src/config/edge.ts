// Settings of the public edge: CORS, GraphiQL, introspection, /metrics, proxies, throttling of failed
// credentials. Their defaults depend on the mode: production (STRATA_MODE=production, or NODE_ENV=production when
// STRATA_MODE is unset; bin/strata.js sets NODE_ENV=production unless told otherwise) closes the explorer,
// anonymous introspection, /metrics and cross-origin calls, whatever the database: an embedded SQLite install on a
// server is as public as a MySQL one. Development (`strata dev`, STRATA_MODE=development) opens them.
import { z } from 'zod';

export type EdgeConfig = Readonly<{
  /** True in production mode: the closed defaults apply (see above). */
  deployed: boolean;
  /** Origins allowed to call from browsers; '*' = any origin, without credentials. */
  corsOrigins: '*' | readonly string[];
  graphiql: boolean;
  /** The builder console at /console (a static page that calls the public GraphQL API with the user's token). */
  console: boolean;
  /** Introspection for callers without credentials (with credentials it is always allowed). */
  anonymousIntrospection: boolean;
  /** Bearer token /metrics requires; null = open when not deployed, refused on the API port when deployed. */
  metricsToken: string | null;
  /** Reverse proxies in front of Strata whose X-Forwarded-For entries are trusted. */
  trustProxyHops: number;
  authFailureLimit: number;
  authFailureWindowSeconds: number;
}>;

/** A switch: on/off, true/false or 1/0; undefined when not set. */
export const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .optional()
  .refine((v) => v === undefined || ['on', 'off', 'true', 'false', '1', '0'].includes(v), { message: 'must be on or off' })
  .transform((v) => (v === undefined ? undefined : ['on', 'true', '1'].includes(v)));

export const edgeEnvSchema = {
  STRATA_MODE: z.enum(['production', 'development']).optional(),
  CORS_ORIGINS: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || v === '*' || v.split(',').every((o) => /^https?:\/\/[^/\s]+$/.test(o.trim())), {
      message: 'must be * or a comma-separated list of origins like https://app.example.com (scheme, host, optional port; no path)',
    }),
  GRAPHIQL: onOff,
  CONSOLE: onOff,
  INTROSPECTION: onOff,
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  AUTH_FAILURE_LIMIT: z.coerce.number().int().min(1).default(20),
  AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
};

type EdgeEnv = {
  STRATA_MODE?: 'production' | 'development';
  CORS_ORIGINS?: string;
  GRAPHIQL?: boolean;
  CONSOLE?: boolean;
  INTROSPECTION?: boolean;
  METRICS_TOKEN?: string;
  TRUST_PROXY_HOPS: number;
  AUTH_FAILURE_LIMIT: number;
  AUTH_FAILURE_WINDOW_SECONDS: number;
};

export const edgeConfigOf = (e: EdgeEnv, nodeEnv: string | undefined): EdgeConfig => {
  const deployed = (e.STRATA_MODE ?? (nodeEnv === 'production' ? 'production' : 'development')) === 'production';
  const origins = e.CORS_ORIGINS && e.CORS_ORIGINS !== '*' ? e.CORS_ORIGINS.split(',').map((o) => new URL(o.trim()).origin) : null;
  return Object.freeze({
    deployed,
    corsOrigins: e.CORS_ORIGINS === '*' ? '*' : origins ? Object.freeze(origins) : deployed ? Object.freeze([]) : '*',
    graphiql: e.GRAPHIQL ?? !deployed,
    // On in deployments too: the page holds no secret and grants nothing; every call it makes needs the user's token.
    console: e.CONSOLE ?? true,
    anonymousIntrospection: e.INTROSPECTION ?? !deployed,
    metricsToken: e.METRICS_TOKEN ?? null,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    authFailureLimit: e.AUTH_FAILURE_LIMIT,
    authFailureWindowSeconds: e.AUTH_FAILURE_WINDOW_SECONDS,
  });
};
