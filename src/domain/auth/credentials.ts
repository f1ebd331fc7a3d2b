// What a caller presented: the same shape whether it came over HTTP headers or a graphql-ws connection_init.
export type Credentials = {
  /** Raw `Authorization` header value, e.g. `BEARER eyJ…`. */
  authorization?: string | null;
  /** Raw `X-Access-Key` header value. */
  accessKey?: string | null;
  /** The browser's `Origin` header (for an access key limited to some origins); absent for non-browser callers. */
  origin?: string | null;
  /** The caller's network address (failed credentials are throttled per address); absent for in-process callers. */
  clientAddress?: string;
};

/** Extracts the token from `Bearer <token>`, matching the scheme case-insensitively (clients send `BEARER`). */
export const bearerTokenOf = (creds: Credentials): string | null => {
  const m = /^\s*bearer\s+(\S+)\s*$/i.exec(creds.authorization ?? '');
  return m ? m[1] : null;
};

/** When a bearer token's claims (verified or only decoded) say it expires, in ms; null for a token without `exp`. */
export const expiryOfClaims = (claims: unknown): number | null =>
  claims && typeof claims === 'object' && typeof (claims as { exp?: unknown }).exp === 'number' ? (claims as { exp: number }).exp * 1000 : null;
