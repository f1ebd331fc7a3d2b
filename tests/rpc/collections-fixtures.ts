// Seeds collections and tokens through the public GraphQL mutations, and reads them back, for the RPC wire tests.
import { bearer, type TestServer } from '../helpers/server';

export type Project = { projectId: number; accessKey: string; bearerToken: string };

/** RFC 3339 UTC with the fraction's trailing zeros trimmed (wire notes, Decision 11). */
export const RFC3339_TRIMMED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d*[1-9])?Z$/;
export const ZERO_TIME = '0001-01-01T00:00:00Z';
export const UINT256_MAX = ((1n << 256n) - 1n).toString();

const gqlOk = async (server: TestServer, query: string, variables: Record<string, unknown>, token: string) => {
  const r = await server.graphql(query, variables, bearer(token));
  if (r.body.errors) throw new Error(`GraphQL seed failed: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
};

export type CollectionSeed = {
  name: string;
  description?: string;
  image?: string;
  externalLink?: string;
  properties?: Record<string, unknown>;
  private?: boolean;
};

export const createCollection = async (server: TestServer, p: Project, input: CollectionSeed) => {
  const data = await gqlOk(
    server,
    `mutation($input: CollectionInput!) { createCollection(input: $input) { id createdAt updatedAt } }`,
    { input },
    p.bearerToken,
  );
  return data.createCollection as { id: number; createdAt: string; updatedAt: string };
};

export const createToken = async (server: TestServer, p: Project, collectionId: number, token: Record<string, unknown>, isPrivate?: boolean) => {
  const data = await gqlOk(
    server,
    `mutation($id: Int!, $token: TokenMetadataInput!, $private: Boolean) { createCollectionToken(collectionId: $id, token: $token, private: $private) { tokenId } }`,
    { id: collectionId, token, private: isPrivate ?? null },
    p.bearerToken,
  );
  return data.createCollectionToken as { tokenId: string };
};

export const TOKEN_FIELDS = `tokenId name description image video audio properties attributes imageData externalUrl backgroundColor animationUrl decimals private createdAt updatedAt`;

/** The stored token as GraphQL reports it (every field), for read-back checks. */
export const readToken = async (server: TestServer, p: Project, collectionId: number, tokenId: string) => {
  const data = await gqlOk(
    server,
    `query($id: Int!, $t: BigInt!) { collectionToken(collectionId: $id, tokenId: $t) { ${TOKEN_FIELDS} } }`,
    { id: collectionId, t: tokenId },
    p.bearerToken,
  );
  return data.collectionToken as Record<string, any>;
};
