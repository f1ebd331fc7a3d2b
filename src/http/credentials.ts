// Credentials from HTTP headers or from a graphql-ws connection_init payload (keys matched case-insensitively).
import type { IncomingHttpHeaders } from 'node:http';
import type { Credentials } from '../domain/auth/credentials';

export const credentialsFromHeaders = (get: (name: string) => string | null | undefined): Credentials => ({
  authorization: get('authorization') ?? null,
  accessKey: get('x-access-key') ?? null,
  origin: get('origin') ?? null,
});

/** From a Node request's headers (lower-cased names; a repeated header counts once, the first). */
export const credentialsFromNodeHeaders = (headers: IncomingHttpHeaders): Credentials =>
  credentialsFromHeaders((name) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  });

export const credentialsFromConnectionParams = (params: Record<string, unknown> | undefined): Credentials => {
  const lower = new Map(Object.entries(params ?? {}).map(([k, v]) => [k.toLowerCase(), typeof v === 'string' ? v : null]));
  // Clients send either header names or short forms (`accessKey`). An origin is never taken from a payload.
  return { ...credentialsFromHeaders((name) => lower.get(name) ?? (name === 'x-access-key' ? lower.get('accesskey') : undefined)), origin: null };
};

/**
 * graphql-ws credentials of one subscription. GraphiQL sends its Headers tab inside each subscribe message
 * (`payload.extensions.headers`) and an empty connection_init; other clients send them in connection_init. Both work;
 * a header given in the subscribe message wins over the connection's.
 */
export const credentialsForSubscription = (
  connectionParams: Record<string, unknown> | undefined,
  extensions: Record<string, unknown> | null | undefined,
): Credentials => {
  const connection = credentialsFromConnectionParams(connectionParams);
  const headers = extensions?.headers;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return connection;
  const own = credentialsFromConnectionParams(headers as Record<string, unknown>);
  return { authorization: own.authorization ?? connection.authorization, accessKey: own.accessKey ?? connection.accessKey, origin: null };
};
