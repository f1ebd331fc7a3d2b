// Metadata test kit: a real anvil, a local HTTP server of metadata documents (allow-listed), and the real Strata server.
import http from 'node:http';
import { keccak256, type Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { startTestServer, type TestServer } from '../../helpers/server';
import { json, sleep, startServer, streamBytes, type LocalServer } from '../web/local-server';

export const CID = 'QmYwAPJzv5CZsnA625s3Xf2nemtYgPpHdWEz79ojWnPbdG';
export const AR_ID = 'LBd5oC6VzaqfL1OkUvDzVKfaZSW2Ifo7XThhN44KEXQ';
export const ADMIN_TOKEN = 'admin-token-for-tests-0123456789abcdef';
export const RFC3339_TRIMMED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d*[1-9])?Z$/;
export const ZERO_TIME = '0001-01-01T00:00:00Z';

/** The document the local server answers for `path` (every route not special-cased). */
export const docFor = (path: string) => ({
  name: `Doc ${path}`,
  description: `served at ${path}`,
  image: `https://img.example${path}.png`,
  external_url: `https://example.com${path}`,
  background_color: 'ff00aa',
  animation_url: `https://anim.example${path}.mp4`,
  attributes: [{ display_type: 'number', trait_type: 'level', value: '5' }, { power: 9 }],
  properties: { rarity: 'rare' },
});

export type DocServer = LocalServer & { hits(prefix: string): number };

/**
 * Routes: /slow/<ms>/… answers after a delay; /bad.json malformed JSON; /huge.json 2 MiB; /gone.json 410;
 * /to-loopback and /to-metadata redirect to 127.0.0.1:80 and 169.254.169.254; /contract/<name>.json a
 * contractURI document; anything else docFor(path).
 */
export const startDocServer = async (): Promise<DocServer> => {
  const s = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const url = req.url ?? '/';
    const slow = /^\/slow\/(\d+)(\/.*)$/.exec(url);
    if (slow) {
      const timer = setTimeout(() => json(res, docFor(slow[2])), Number(slow[1]));
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (url === '/bad.json') return json(res, '{"name": "Broken",');
    if (url === '/array.json') return json(res, '[1, 2]');
    if (url === '/gone.json') return json(res, { error: 'gone' }, 410);
    if (url === '/huge.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return streamBytes(res, 2 * 1024 * 1024, { bytes: 0, closed: false });
    }
    if (url === '/to-loopback') {
      res.writeHead(302, { location: 'http://127.0.0.1/secret.json' });
      return res.end();
    }
    if (url === '/to-metadata') {
      res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/iam/' });
      return res.end();
    }
    const contract = /^\/contract\/([\w-]+)\.json$/.exec(url);
    if (contract) {
      return json(res, {
        name: `Collection ${contract[1]}`,
        description: `About ${contract[1]}`,
        image: `ipfs://${CID}/${contract[1]}.png`,
        external_link: `https://${contract[1]}.example`,
      });
    }
    return json(res, docFor(url));
  });
  return Object.assign(s, { hits: (prefix: string) => s.requests.filter((r) => r.path.startsWith(prefix)).length });
};

export type MetadataEnv = {
  anvil: Anvil;
  /** A second chain (chain id 31338, name "beta"), when asked for; the first is named "anvil". */
  anvil2?: Anvil;
  docs: DocServer;
  server: TestServer;
  accessKey: string;
  project: { projectId: number; accessKey: string; bearerToken: string };
  key: () => Record<string, string>;
  deploy(file: 'TestERC20.sol' | 'TestERC721.sol' | 'TestERC1155.sol', args: unknown[]): Promise<Contract & { address: string }>;
  stop(): Promise<void>;
};

/** `chainId`: the first chain's id (31337 unless given; the shipped token list's tests use 1). */
export const startMetadataEnv = async (env: Record<string, string> = {}, opts: { secondChain?: boolean; chainId?: number } = {}): Promise<MetadataEnv> => {
  const [anvil, anvil2, docs] = await Promise.all([
    startAnvil(opts.chainId ? { chainId: opts.chainId } : {}),
    opts.secondChain ? startAnvil({ chainId: 31338 }) : undefined,
    startDocServer(),
  ]);
  const server = await startTestServer({
    CHAINS: [`${anvil.chainId}:anvil=${anvil.rpcUrl}`, ...(anvil2 ? [`${anvil2.chainId}:beta=${anvil2.rpcUrl}`] : [])].join(','),
    METADATA_ALLOW_HOSTS: `127.0.0.1:${docs.port}`,
    IPFS_GATEWAY: `${docs.origin}/ipfs/`,
    ARWEAVE_GATEWAY: `${docs.origin}/ar/`,
    METADATA_TIMEOUT_MS: '4000',
    ADMIN_TOKEN,
    ...env,
  });
  const project = await server.createProject('metadata');
  const wallet = devWallet(anvil);
  return {
    anvil,
    anvil2,
    docs,
    server,
    project,
    accessKey: project.accessKey,
    key: () => ({ 'X-Access-Key': project.accessKey }),
    async deploy(file, args) {
      const c = await deployContract(wallet, file, file.replace('.sol', ''), args);
      return Object.assign(c, { address: (await c.getAddress()).toLowerCase() });
    },
    async stop() {
      // Background fetches end before the database goes away.
      await server.app.services.tokenMetadata.close();
      await server.stop();
      await Promise.all([anvil.stop(), anvil2?.stop(), docs.close()]);
    },
  };
};

/** keccak256 of the code at `address`, as ContractInfo.bytecodeHash should read. */
export const codeHashOf = async (anvil: Anvil, address: string) => keccak256(await anvil.rpc<string>('eth_getCode', [address, 'latest']));

export const waitFor = async <T>(fn: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 10_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (ok(v) || Date.now() > deadline) return v;
    await sleep(100);
  }
};

/** A GraphQL call that must succeed. */
export const gql = async (env: MetadataEnv, query: string, variables: Record<string, unknown> = {}, headers = env.key()) => {
  const r = await env.server.graphql(query, variables, headers);
  if (r.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
};

export const CONTRACT_FIELDS = `chainId address name type symbol decimals logoUri deployed bytecodeHash updatedAt
  extensions { link description ogImage ogName originChainId originAddress verified verifiedBy blacklist featured }`;

export const TOKEN_FIELDS = `chainId contractAddress tokenId name description image video audio properties attributes imageData
  externalUrl backgroundColor animationUrl decimals updatedAt status source lastError retryAt`;

export { sleep };
