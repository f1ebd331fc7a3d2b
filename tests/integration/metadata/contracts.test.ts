// Contract info over GraphQL against a real anvil: built from the chain, contractURI extensions, refresh, operator flags, search.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { ContractEntity } from '../../../src/db';
import { CONNECTION_FIELDS, walkBothWays } from '../../helpers/paging';
import { bearer } from '../../helpers/server';
import {
  ADMIN_TOKEN,
  CID,
  CONTRACT_FIELDS,
  RFC3339_TRIMMED,
  ZERO_TIME,
  codeHashOf,
  gql,
  startMetadataEnv,
  type MetadataEnv,
} from './fixtures';

let env: MetadataEnv;
let chainId: number;

beforeAll(async () => {
  env = await startMetadataEnv();
  chainId = env.anvil.chainId;
});
afterAll(() => env.stop());

const INFO = `query($chainId: String!, $a: String!) { contractInfo(chainId: $chainId, contractAddress: $a) { ${CONTRACT_FIELDS} } }`;
const info = async (address: string, chain: string = String(chainId)) => (await gql(env, INFO, { chainId: chain, a: address })).contractInfo;

const emptyExtensions = {
  link: '',
  description: '',
  ogImage: '',
  ogName: '',
  originChainId: 0,
  originAddress: '',
  verified: false,
  verifiedBy: null,
  blacklist: false,
  featured: false,
};

describe('contract info built from the chain', () => {
  it('reads an ERC-20: type by its interface, name, symbol, decimals, bytecode hash', async () => {
    const token = await env.deploy('TestERC20.sol', ['Gold Coin', 'GLD', 6]);
    const upper = `0x${token.address.slice(2).toUpperCase()}`;
    expect(await info(upper, 'anvil')).toEqual({
      chainId,
      address: token.address,
      name: 'Gold Coin',
      type: 'ERC20',
      symbol: 'GLD',
      decimals: 6,
      logoUri: null,
      deployed: true,
      bytecodeHash: await codeHashOf(env.anvil, token.address),
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      extensions: emptyExtensions,
    });
    const row = await env.server.app.db.getRepository(ContractEntity).findOneByOrFail({ chainId, address: token.address });
    expect(row).toMatchObject({ type: 'ERC20', name: 'Gold Coin', deployed: true });
  });

  it('reads an ERC-721 and fills extensions from its contractURI document (http, then refreshed to ipfs)', async () => {
    const nft = await env.deploy('TestERC721.sol', ['Space Cats', 'CAT']);
    await (await nft.setContractURI(`${env.docs.origin}/contract/cats.json`)).wait();
    const first = await info(nft.address);
    expect(first).toMatchObject({ type: 'ERC721', name: 'Space Cats', symbol: 'CAT', decimals: null, deployed: true });
    expect(first.extensions).toEqual({
      ...emptyExtensions,
      link: 'https://cats.example',
      description: 'About cats',
      ogImage: `ipfs://${CID}/cats.png`,
      ogName: 'Collection cats',
    });

    // Stored: a change on chain shows only after a refresh.
    await (await nft.setContractURI(`ipfs://${CID}/dogs.json`)).wait();
    expect((await info(nft.address)).extensions.ogName).toBe('Collection cats');
    const hitsBefore = env.docs.hits(`/ipfs/${CID}/dogs.json`);
    const refreshed = (
      await gql(env, `mutation($c: String!, $a: String!) { refreshContractInfo(chainId: $c, contractAddress: $a) { ${CONTRACT_FIELDS} } }`, {
        c: String(chainId),
        a: nft.address,
      })
    ).refreshContractInfo;
    expect(env.docs.hits(`/ipfs/${CID}/dogs.json`)).toBe(hitsBefore + 1);
    expect(refreshed.extensions).toMatchObject({ ogName: `Doc /ipfs/${CID}/dogs.json`, description: `served at /ipfs/${CID}/dogs.json` });
  });

  it('reads an ERC-1155 whose contractURI is a data: URI', async () => {
    const doc = { name: 'Inline', description: 'on chain', external_link: 'https://inline.example', image: 'https://img.example/i.png' };
    const multi = await env.deploy('TestERC1155.sol', ['https://x.example/{id}.json']);
    await (await multi.setContractURI(`data:application/json;base64,${Buffer.from(JSON.stringify(doc)).toString('base64')}`)).wait();
    const got = await info(multi.address);
    expect(got).toMatchObject({ type: 'ERC1155', name: '', symbol: '', deployed: true });
    expect(got.extensions).toMatchObject({ ogName: 'Inline', description: 'on chain', link: 'https://inline.example', ogImage: 'https://img.example/i.png' });
  });

  it('answers an address without code as not deployed, bytecodeHash 0x, and does not store it', async () => {
    const nobody = '0x000000000000000000000000000000000000dead';
    expect(await info(nobody)).toEqual({
      chainId,
      address: nobody,
      name: '',
      type: 'UNKNOWN',
      symbol: '',
      decimals: null,
      logoUri: null,
      deployed: false,
      bytecodeHash: '0x',
      updatedAt: ZERO_TIME,
      extensions: emptyExtensions,
    });
    expect(await env.server.app.db.getRepository(ContractEntity).existsBy({ chainId, address: nobody })).toBe(false);
  });

  it('keeps a contractURI that fails as failed, without failing the read', async () => {
    const nft = await env.deploy('TestERC721.sol', ['Broken Docs', 'BRK']);
    await (await nft.setContractURI(`${env.docs.origin}/bad.json`)).wait();
    const got = await info(nft.address);
    expect(got).toMatchObject({ name: 'Broken Docs', extensions: emptyExtensions });
    const row = await env.server.app.db.getRepository(ContractEntity).findOneByOrFail({ chainId, address: nft.address });
    expect(JSON.parse(row.extensions!).contractURI).toMatchObject({ status: 'failed', attempts: 1, error: expect.stringMatching(/not valid JSON/) });
  });

  it('completes a row that ingestion inserted (basics, NULL extensions) with its contractURI document', async () => {
    const token = await env.deploy('TestERC721.sol', ['Ingested', 'ING']);
    await (await token.setContractURI(`${env.docs.origin}/contract/ingested.json`)).wait();
    const now = new Date();
    await env.server.app.db.getRepository(ContractEntity).insert({
      chainId,
      address: token.address,
      type: 'ERC721',
      name: 'Ingested',
      symbol: 'ING',
      decimals: null,
      deployed: true,
      bytecodeHash: await codeHashOf(env.anvil, token.address),
      firstBlock: 3,
      extensions: null,
      logoURI: null,
      verified: true,
      verifiedBy: 'ingestion-test',
      blacklist: false,
      featured: false,
      refreshedAt: now,
      updatedAt: now,
    });
    const got = await info(token.address);
    expect(got).toMatchObject({ name: 'Ingested', symbol: 'ING', extensions: { ogName: 'Collection ingested', verified: true, verifiedBy: 'ingestion-test' } });
    const row = await env.server.app.db.getRepository(ContractEntity).findOneByOrFail({ chainId, address: token.address });
    expect(row.firstBlock).toBe(3);
  });

  it('refuses an unknown chain (ChainNotFound), a bad address and a missing access key', async () => {
    const r1 = await env.server.graphql(INFO, { chainId: '999999', a: '0x000000000000000000000000000000000000dead' }, env.key());
    expect(r1.body.errors[0]).toMatchObject({ extensions: { code: 'CHAIN_NOT_FOUND', field: 'chainId' } });
    const r2 = await env.server.graphql(INFO, { chainId: String(chainId), a: '0x1234' }, env.key());
    expect(r2.body.errors[0]).toMatchObject({ extensions: { code: 'INVALID_ARGUMENT', field: 'contractAddress' } });
    const r3 = await env.server.graphql(INFO, { chainId: String(chainId), a: '0x000000000000000000000000000000000000dead' });
    expect(r3.body.errors[0]).toMatchObject({ extensions: { code: 'UNAUTHORIZED' } });
  });
});

describe('operator flags', () => {
  const SET = `mutation($c: String!, $a: String!, $f: ContractFlagsInput!) { setContractFlags(chainId: $c, contractAddress: $a, flags: $f) { ${CONTRACT_FIELDS} } }`;
  let address: string;
  beforeAll(async () => {
    address = (await env.deploy('TestERC20.sol', ['Flagged', 'FLG', 18])).address;
  });

  it('needs Authorization: Bearer <ADMIN_TOKEN>', async () => {
    const vars = { c: String(chainId), a: address, f: { verified: true } };
    const none = await env.server.graphql(SET, vars, env.key());
    expect(none.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const project = await env.server.graphql(SET, vars, bearer(env.project.bearerToken));
    expect(project.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
    const wrong = await env.server.graphql(SET, vars, bearer(`${ADMIN_TOKEN}x`));
    expect(wrong.body.errors[0].extensions.code).toBe('PERMISSION_DENIED');
  });

  it('sets, reads back and clears flags', async () => {
    const set = (f: Record<string, unknown>) => gql(env, SET, { c: 'anvil', a: address, f }, bearer(ADMIN_TOKEN)).then((d) => d.setContractFlags);
    const flagged = await set({ verified: true, verifiedBy: 'Strata ops', featured: true, logoUri: 'https://logo.example/f.png' });
    expect(flagged).toMatchObject({ logoUri: 'https://logo.example/f.png', extensions: { verified: true, verifiedBy: 'Strata ops', featured: true, blacklist: false } });
    expect(await info(address)).toMatchObject({ logoUri: 'https://logo.example/f.png', extensions: { verified: true, featured: true } });
    const cleared = await set({ verifiedBy: '', logoUri: '', featured: false });
    expect(cleared).toMatchObject({ logoUri: null, extensions: { verified: true, verifiedBy: null, featured: false } });
    const invalid = await env.server.graphql(SET, { c: 'anvil', a: address, f: { logoUri: 'javascript:alert(1)' } }, bearer(ADMIN_TOKEN));
    expect(invalid.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'logoUri' });
  });

  it('keeps flags across a refresh, and may flag a contract before it is deployed', async () => {
    await gql(env, `mutation($c: String!, $a: String!) { refreshContractInfo(chainId: $c, contractAddress: $a) { name } }`, { c: 'anvil', a: address });
    expect((await info(address)).extensions.verified).toBe(true);
    const future = '0x00000000000000000000000000000000000f0f0f';
    const d = await gql(env, SET, { c: 'anvil', a: future, f: { verified: true } }, bearer(ADMIN_TOKEN));
    expect(d.setContractFlags).toMatchObject({ deployed: false, bytecodeHash: '0x', updatedAt: expect.stringMatching(RFC3339_TRIMMED), extensions: { verified: true } });
  });

  it('is also a CLI command (and so is refresh)', async () => {
    const bin = path.join(__dirname, '..', '..', '..', 'bin', 'strata.js');
    const cfg = env.server.app.config;
    const dbEnv =
      cfg.database.kind === 'mysql' ? { DATABASE_URL: cfg.database.url, JWT_SECRET: cfg.jwtSecret } : { DATABASE_URL: `sqlite:${cfg.database.path}` };
    const run = (args: string[]) =>
      promisify(execFile)(process.execPath, [bin, ...args], {
        env: { PATH: process.env.PATH, ...dbEnv, DATA_DIR: cfg.dataDir, LOG_LEVEL: 'warn', CHAINS: `${chainId}:anvil=${env.anvil.rpcUrl}` },
      });
    const flagged = JSON.parse((await run(['contract', 'flags', '--chain', 'anvil', '--address', address, '--blacklist', 'true', '--verified-by', 'cli'])).stdout);
    expect(flagged).toMatchObject({ address, extensions: { blacklist: true, verifiedBy: 'cli', verified: true } });
    const refreshed = JSON.parse((await run(['contract', 'refresh', '--chain', String(chainId), '--address', address])).stdout);
    expect(refreshed).toMatchObject({ name: 'Flagged', symbol: 'FLG', extensions: { blacklist: true } });
    expect((await info(address)).extensions).toMatchObject({ blacklist: true, verifiedBy: 'cli' });
  });
});

describe('searchContracts', () => {
  const SEARCH = `query($q: String, $chainId: String, $chainIds: [String!], $types: [ContractType!], $first: Int, $after: String, $last: Int, $before: String) {
    searchContracts(q: $q, chainId: $chainId, chainIds: $chainIds, types: $types, first: $first, after: $after, last: $last, before: $before) {
      ${CONNECTION_FIELDS('address name symbol type extensions { featured verified }')} pageSize } }`;
  const search = (vars: Record<string, unknown>) => gql(env, SEARCH, vars).then((d) => d.searchContracts);
  const seeded: string[] = [];

  beforeAll(async () => {
    const now = new Date();
    const rows = Array.from({ length: 67 }, (_, i) => ({
      chainId,
      address: `0x${'ab'.repeat(18)}${i.toString(16).padStart(4, '0')}`,
      type: (i % 3 === 0 ? 'ERC721' : 'ERC20') as 'ERC721' | 'ERC20',
      name: i % 2 ? `ZebraXtoken 100% ${i}` : `zebra_token ${i}`,
      symbol: `ZB${i}`,
      decimals: 18,
      deployed: true,
      bytecodeHash: `0x${'11'.repeat(32)}`,
      firstBlock: null,
      extensions: '{}',
      logoUri: null,
      verified: i === 40,
      verifiedBy: null,
      blacklist: i === 41,
      featured: i === 50,
      refreshedAt: now,
      updatedAt: now,
    }));
    await env.server.app.db.getRepository(ContractEntity).insert(rows);
    seeded.push(...rows.filter((r) => !r.blacklist).map((r) => r.address));
  });

  it('pages through every match exactly once each way, 30 per page, featured then verified first', async () => {
    const pages: boolean[] = [];
    const seen = await walkBothWays(
      async (args) => {
        const r = await search({ q: 'ZEBRA', ...args });
        if (args.first) pages.push(r.pageInfo.hasNextPage);
        expect(r.pageSize).toBe(30);
        return r;
      },
      30,
      (c: { address: string }) => c.address,
    );
    expect(pages).toEqual([true, true, false]);
    expect([...seen].sort()).toEqual([...seeded].sort());
    expect(seen[0]).toBe(seeded[50 - 1]); // featured (index 50; 41 is blacklisted and left out)
    expect(seen[1]).toBe(seeded[40]);
  });

  it('matches symbols, filters by type and chain name, treats % and _ literally', async () => {
    expect((await search({ q: 'zb7' })).nodes.map((c: { symbol: string }) => c.symbol).sort()).toEqual(['ZB7']);
    const nfts = await search({ q: 'zebra', types: ['ERC721'], chainIds: ['anvil'], first: 100 });
    expect(nfts.nodes.length).toBe(23);
    expect(nfts.totalCount).toBe(23);
    expect(nfts.nodes.every((c: { type: string }) => c.type === 'ERC721')).toBe(true);
    // Odd rows are "ZebraXtoken 100% i" (41 is blacklisted), even rows "zebra_token i".
    expect((await search({ q: '0%', first: 100 })).nodes.length).toBe(32);
    expect((await search({ q: 'a_t', first: 100 })).nodes.length).toBe(34);
    expect((await search({ q: 'nothing like it' })).nodes).toEqual([]);
  });

  it('refuses unknown chains and types', async () => {
    const r1 = await env.server.graphql(SEARCH, { q: 'x', chainIds: ['anvil', 'mainnet'] }, env.key());
    expect(r1.body.errors[0].extensions).toMatchObject({ code: 'CHAIN_NOT_FOUND', field: 'chainIds[1]' });
    // Contract types are an enum: an unknown one is refused before anything runs.
    const r2 = await env.server.graphql(SEARCH, { q: 'x', types: ['ERC777'] }, env.key());
    expect(r2.body.errors[0].message).toMatch(/"ERC777".*ContractType/);
  });
});
