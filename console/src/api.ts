// The console's only way to the server: POST /graphql with the signed-in token, typed by the generated documents.
import type { TypedDocumentString } from './gql/graphql';

/** A GraphQL error as the server reports it: its message and its `extensions.code` (see the README's table). */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

type GraphQLReply<R> = { data?: R | null; errors?: { message: string; extensions?: { code?: string } }[] };

const replyOf = async <R>(res: Response): Promise<R> => {
  const body = (await res.json().catch(() => null)) as GraphQLReply<R> | null;
  if (!body) throw new ApiError(`the server answered ${res.status} ${res.statusText}`, null);
  const first = body.errors?.[0];
  // Any error fails the action: the console asks one thing per request, and a half-done answer would mislead.
  if (first) throw new ApiError(first.message, first.extensions?.code ?? null);
  if (!body.data) throw new ApiError('the server answered without data', null);
  return body.data;
};

const authorization = (token: string) => ({ Authorization: `Bearer ${token}` });

export const request = async <R, V>(token: string, doc: TypedDocumentString<R, V>, variables: V): Promise<R> => {
  const res = await fetch('/graphql', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', ...authorization(token) },
    body: JSON.stringify({ query: doc.toString(), variables }),
  });
  return replyOf<R>(res);
};

/**
 * A mutation with one file, sent as the GraphQL multipart request specification says: the operation with the file
 * variable null, a map naming where the file goes, then the file.
 */
export const upload = async <R, V extends { file: unknown }>(token: string, doc: TypedDocumentString<R, V>, variables: V, file: File): Promise<R> => {
  const form = new FormData();
  form.append('operations', JSON.stringify({ query: doc.toString(), variables: { ...variables, file: null } }));
  form.append('map', JSON.stringify({ 0: ['variables.file'] }));
  form.append('0', file, file.name);
  const res = await fetch('/graphql', { method: 'POST', headers: authorization(token), body: form });
  return replyOf<R>(res);
};

/** What a person reads when an action fails. */
export const describeError = (err: unknown): string =>
  err instanceof ApiError ? (err.code ? `${err.message} (${err.code})` : err.message) : err instanceof Error ? err.message : String(err);
