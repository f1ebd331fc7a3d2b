// Indexer query test kit: anvil with a known token history, a local metadata document server, and Strata ingesting it.
import type { Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { startTestServer, type TestServer } from '../../helpers/server';
import { startDocServer, type DocServer } from '../metadata/fixtures';
import { PATIENCE_MS } from '../../helpers/patience';

export const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d*[1-9])?Z$/;
export const HASH = /^0x[0-9a-f]{64}$/;

export type Mined = { hash: string; blockNumber: number; blockHash: string };

/**
 * The history, in order (each transaction mined in its own block):
 *  erc20Mint     ERC-20 mint 1,000,000 → A
 *  erc20AtoB     ERC-20 A → B 1,000
 *  erc20BtoC     ERC-20 B → C 400
 *  mint721_1..3  ERC-721 mints of ids 1, 2, 3 → A
 *  nft1AtoB      ERC-721 id 1 A → B
 *  mintBatch     ERC-1155 ids 1, 2, 3 × 10, 20, 30 → A
 *  batchAtoB     ERC-1155 batch ids 1, 2 × 4, 5 A → B
 */
export type IndexerEnv = {
  anvil: Anvil;
  docs: DocServer;
  server: TestServer;
  key: string;
  headers: Record<string, string>;
  tokens: Tokens;
  addr: { erc20: string; erc721: string; erc1155: string };
  A: string;
  B: string;
  C: string;
  D: string;
  tx: Record<'erc20Mint' | 'erc20AtoB' | 'erc20BtoC' | 'mint721_1' | 'mint721_2' | 'mint721_3' | 'nft1AtoB' | 'mintBatch' | 'batchAtoB', Mined>;
  stop(): Promise<void>;
};

const mined = async (p: Promise<{ wait(): Promise<unknown> }>): Promise<Mined> => {
  const r = (await sendAndWait(p)) as { hash: string; blockNumber: number; blockHash: string };
  return { hash: r.hash.toLowerCase(), blockNumber: r.blockNumber, blockHash: r.blockHash.toLowerCase() };
};

const as = (c: Contract, anvil: Anvil, i: number) => c.connect(devWallet(anvil, i)) as Contract;

export const startIndexerEnv = async (): Promise<IndexerEnv> => {
  const [anvil, docs] = await Promise.all([startAnvil(), startDocServer()]);
  const [A, B, C, D] = [0, 1, 2, 3].map((i) => devWallet(anvil, i).address.toLowerCase());
  const tokens = await deployTokens(anvil);
  const addr = {
    erc20: (await tokens.erc20.getAddress()).toLowerCase(),
    erc721: (await tokens.erc721.getAddress()).toLowerCase(),
    erc1155: (await tokens.erc1155.getAddress()).toLowerCase(),
  };
  // Token URIs on the local document server: includeMetadata answers real documents.
  await sendAndWait(tokens.erc721.setBaseURI(`${docs.origin}/apes/`));
  await sendAndWait(tokens.erc1155.setURI(`${docs.origin}/items/{id}.json`));
  const tx = {
    erc20Mint: await mined(tokens.erc20.mint(A, 1_000_000n)),
    erc20AtoB: await mined(tokens.erc20.transfer(B, 1000n)),
    erc20BtoC: await mined(as(tokens.erc20, anvil, 1).getFunction('transfer')(C, 400n)),
    mint721_1: await mined(tokens.erc721.mint(A, 1n)),
    mint721_2: await mined(tokens.erc721.mint(A, 2n)),
    mint721_3: await mined(tokens.erc721.mint(A, 3n)),
    nft1AtoB: await mined(tokens.erc721.transferFrom(A, B, 1n)),
    mintBatch: await mined(tokens.erc1155.mintBatch(A, [1n, 2n, 3n], [10n, 20n, 30n])),
    batchAtoB: await mined(tokens.erc1155.safeBatchTransferFrom(A, B, [1n, 2n], [4n, 5n], '0x')),
  };
  const server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, name: 'anvil', url: anvil.rpcUrl, confirmations: 2 }]),
    METADATA_ALLOW_HOSTS: `127.0.0.1:${docs.port}`,
    METADATA_TIMEOUT_MS: '4000',
  });
  const key = (await server.createProject('indexer')).accessKey;
  await waitForIndexed(server.app, anvil);
  await warmTokenMetadata(server, anvil.chainId, addr);
  return {
    anvil,
    docs,
    server,
    key,
    headers: { 'X-Access-Key': key },
    tokens,
    addr,
    A,
    B,
    C,
    D,
    tx,
    async stop() {
      // Background metadata fetches end before the database goes away.
      await server.app.services.tokenMetadata.close();
      await server.stop();
      await Promise.all([anvil.stop(), docs.close()]);
    },
  };
};

/**
 * Fetches every token's document once, so replies carry them whatever the machine's load (a first read
 * waits for a fetch only a bounded time, then answers FETCHING).
 */
const warmTokenMetadata = async (server: TestServer, chainId: number, addr: IndexerEnv['addr']) => {
  const keys = [addr.erc721, addr.erc1155].flatMap((contract) => ['1', '2', '3'].map((tokenId) => ({ chainId, contract, tokenId })));
  const deadline = Date.now() + PATIENCE_MS;
  while (Date.now() < deadline) {
    const docs = await server.app.services.tokenMetadata.getMany(keys);
    if (docs.every((d) => d.status === 'AVAILABLE')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('token metadata of the fixtures did not become available');
};

/** Sets the operator flags of a contract directly (the Metadata service owns the API for it). */
export const flagContract = async (env: IndexerEnv, address: string, flags: { verified?: boolean; blacklist?: boolean }) => {
  await env.server.app.services.contracts.setFlagsAsOperator({ chainId: String(env.anvil.chainId), contractAddress: address, ...flags });
};

/** A GraphQL call that must succeed. */
export const gql = async (env: IndexerEnv, query: string, variables: Record<string, unknown> = {}) => {
  const r = await env.server.graphql(query, variables, env.headers);
  if (r.body.errors) throw new Error(`GraphQL errors: ${JSON.stringify(r.body.errors)}`);
  return r.body.data;
};

export { waitForIndexed };
