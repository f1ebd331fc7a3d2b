// Token directory test kit: a real anvil with three ERC-20s held by one account, a token list file naming one of them,
// a local HTTP server answering a second list (whose answer a test can change, hostile ones included), and the real
// Strata server reading both (TOKEN_LISTS) with the Metadata test kit's admin token.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type http from 'node:http';
import { ADMIN_TOKEN, startMetadataEnv, type MetadataEnv } from '../metadata/fixtures';
import { waitForIndexed } from '../../helpers/chain-fixtures';
import { json, startServer, streamBytes, type LocalServer } from '../web/local-server';

export const HOLDER = '0x00000000000000000000000000000000000000c4';
export const operator = { Authorization: `BEARER ${ADMIN_TOKEN}` };

export type ListToken = { chainId: number; address: string; name: string; symbol: string; decimals: number; logoURI?: string };
export const tokenList = (name: string, version: [number, number, number], tokens: ListToken[]) => ({
  name,
  timestamp: '2026-12-01T00:00:00.000Z',
  version: { major: version[0], minor: version[1], patch: version[2] },
  tokens,
});

/** What the list server answers for /list.json: a document, or one of the hostile answers. */
export type ListAnswer = { doc: unknown } | { raw: string } | { huge: true } | { redirect: string } | { status: number };

export type DirectoryEnv = MetadataEnv & {
  chainId: number;
  /** Listed by the file list. */
  good: string;
  /** Listed by the HTTP list. */
  served: string;
  /** Listed by no list. */
  scam: string;
  listFile: string;
  listServer: LocalServer;
  answer(a: ListAnswer): void;
  gql<T = any>(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<T>;
  /** The GraphQL response, errors included. */
  gqlRaw(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ data?: any; errors?: any[] }>;
};

/** `extra`: more of the server's environment (a suite's own switches). */
export const startDirectoryEnv = async (extra: Record<string, string> = {}): Promise<DirectoryEnv> => {
  let current: ListAnswer = { status: 404 };
  const listServer = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    if (req.url !== '/list.json') return json(res, { error: 'no' }, 404);
    const a = current;
    if ('doc' in a) return json(res, a.doc);
    if ('raw' in a) return json(res, a.raw);
    if ('status' in a) return json(res, { error: 'nope' }, a.status);
    if ('redirect' in a) {
      res.writeHead(302, { location: a.redirect });
      return res.end();
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    streamBytes(res, 3 * 1024 * 1024, { bytes: 0, closed: false });
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-lists-'));
  const listFile = path.join(dir, 'local.tokenlist.json');
  fs.writeFileSync(listFile, JSON.stringify(tokenList('Placeholder', [0, 0, 1], [{ chainId: 1, address: '0x' + '1'.repeat(40), name: 'Elsewhere', symbol: 'ELS', decimals: 6 }])));
  const env = await startMetadataEnv({
    TOKEN_LISTS: `${listFile},${listServer.origin}/list.json`,
    TOKEN_LISTS_ALLOW_HOSTS: `127.0.0.1:${listServer.port}`,
    TOKEN_LISTS_REFRESH_SECONDS: '0',
    TOKEN_LISTS_MAX_BYTES: String(1024 * 1024),
    ...extra,
  });
  const chainId = env.anvil.chainId;
  const deployCoin = async (name: string, symbol: string) => {
    const c = await env.deploy('TestERC20.sol', [name, symbol, 18]);
    await (await c.mint(HOLDER, 1000n)).wait();
    return c.address;
  };
  const good = await deployCoin('Good Coin', 'GOOD');
  const served = await deployCoin('Served Coin', 'SERV');
  const scam = await deployCoin('Visit claim-rewards dot example', 'SCAM');
  await waitForIndexed(env.server.app, env.anvil);
  const gqlRaw = async (query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = env.key()) =>
    (await env.server.graphql(query, variables, headers)).body;
  const stopEnv = env.stop;
  return Object.assign(env, {
    chainId,
    good,
    served,
    scam,
    listFile,
    listServer,
    answer: (a: ListAnswer) => void (current = a),
    gqlRaw,
    async gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = env.key()) {
      const body = await gqlRaw(query, variables, headers);
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      return body.data;
    },
    stop: async () => {
      await stopEnv();
      await listServer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  });
};

export const REFRESH = `mutation { refreshTokenDirectory { source name version tokens outcome error } }`;
