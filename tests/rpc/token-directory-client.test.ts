// The token directory through the published @0xsequence/metadata@2.3.43 `Metadata` and `Admin` classes, unchanged, and
// the deprecated Directory* routes as go-sequence's metadata client calls them: lists read from a file and a real local
// HTTP server, directory reads and paging, Admin curation, a hostile list refused with nothing replaced, and the
// default GetTokenBalancesSummary (@0xsequence/indexer 2.1.4) showing listed tokens and hiding the rest. Then the
// shipped default list (@uniswap/default-token-list from node_modules) on a chain with id 1.
import fs from 'node:fs';
import { Admin, Metadata, NotFoundError, UnauthorizedError, InvalidArgumentError, type WebrpcError } from '@0xsequence/metadata';
import { ContractVerificationStatus, SequenceIndexer, type TokenBalancesFilter } from '@0xsequence/indexer';
import { HOLDER, operator, startDirectoryEnv, tokenList, type DirectoryEnv } from '../integration/trust/fixtures';
import { startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';
import { waitForIndexed } from '../helpers/chain-fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

const summaryOf = async (indexer: SequenceIndexer, account: string, contractStatus?: ContractVerificationStatus) =>
  (
    await indexer.getTokenBalancesSummary({
      filter: { accountAddresses: [account], ...(contractStatus ? { contractStatus } : {}), contractWhitelist: [], contractBlacklist: [] } as TokenBalancesFilter,
      omitMetadata: true,
    })
  ).balances
    .map((b) => b.contractAddress)
    .sort();

describe('the token directory through the published clients', () => {
  let env: DirectoryEnv;
  let metadata: Metadata;
  let admin: Admin;
  let indexer: SequenceIndexer;
  let chainID: string;

  beforeAll(async () => {
    env = await startDirectoryEnv();
    chainID = String(env.chainId);
    metadata = new Metadata(env.server.url, fetch);
    admin = new Admin(env.server.url, fetch);
    indexer = new SequenceIndexer(env.server.url, env.accessKey);
    fs.writeFileSync(
      env.listFile,
      JSON.stringify(tokenList('Client File List', [1, 0, 0], [{ chainId: env.chainId, address: env.good, name: 'Good Coin', symbol: 'GOOD', decimals: 18, logoURI: 'ipfs://QmGood/logo.png' }])),
    );
    env.answer({ doc: tokenList('Client Served List', [1, 0, 0], [{ chainId: env.chainId, address: env.served, name: 'Served Coin', symbol: 'SERV', decimals: 18 }]) });
    expect(await admin.refreshTokenDirectory(operator)).toEqual({ taskID: 0 });
  });
  afterAll(() => env?.stop());

  it('GetTokenDirectoryNetworks, GetTokenDirectory and SearchTokenDirectory answer the listed tokens', async () => {
    expect(await metadata.getTokenDirectoryNetworks({}, env.key())).toEqual({ chainIDs: [env.chainId], networks: ['anvil'] });
    const all = await metadata.getTokenDirectory({ chainID }, env.key());
    expect(all.page).toEqual({ pageSize: 50, more: false });
    expect(all.contracts.map((c) => c.address)).toEqual([env.good, env.served].sort());
    expect(all.contracts.find((c) => c.address === env.good)).toMatchObject({
      chainId: env.chainId,
      name: 'Good Coin',
      symbol: 'GOOD',
      decimals: 18,
      logoURI: 'ipfs://QmGood/logo.png',
      type: 'ERC20',
      deployed: true,
      source: 'TOKEN_DIRECTORY_PUBLIC_TOKEN_LIST',
      status: 'AVAILABLE',
      extensions: { verified: true, verifiedBy: 'Client File List' },
    });
    const first = await metadata.getTokenDirectory({ page: { pageSize: 1 } }, env.key());
    expect(first.page).toEqual({ page: 2, pageSize: 1, more: true });
    const second = await metadata.getTokenDirectory({ page: first.page }, env.key());
    expect([...first.contracts, ...second.contracts].map((c) => c.address)).toEqual([env.good, env.served].sort());
    expect(second.page).toEqual({ pageSize: 1, more: false });

    const found = await metadata.searchTokenDirectory({ query: 'serv', chainID: env.chainId }, env.key());
    expect(found.contracts.map((c) => c.symbol)).toEqual(['SERV']);
    expect((await metadata.searchTokenDirectory({ query: 'visit' }, env.key())).contracts).toEqual([]);
    expect(await rejectionOf(metadata.searchTokenDirectory({ query: '' }, env.key()))).toBeInstanceOf(InvalidArgumentError);
    expect(await rejectionOf(metadata.getTokenDirectory({ chainID }))).toBeInstanceOf(UnauthorizedError);

    const info = (await metadata.getContractInfo({ chainID, contractAddress: env.good }, env.key())).contractInfo;
    expect(info).toMatchObject({ name: 'Good Coin', logoURI: 'ipfs://QmGood/logo.png', source: 'TOKEN_DIRECTORY_PUBLIC_TOKEN_LIST' });
  });

  it('the deprecated Directory* routes answer in their own shapes (go-sequence metadata client)', async () => {
    const nets = await env.server.rpc('Metadata/DirectoryGetNetworks', { includeTestnets: null, onlyFeatured: null }, env.key());
    expect(nets).toMatchObject({ status: 200, body: { networks: [env.chainId] } });
    const coll = await env.server.rpc('Metadata/DirectoryGetCollections', { chainId: env.chainId, includeTestnets: null, onlyFeatured: null, page: null }, env.key());
    expect(coll.status).toBe(200);
    expect(coll.body.collections.map((c: { address: string }) => c.address)).toEqual([env.good, env.served].sort());
    expect(coll.body.page).toEqual({ pageSize: 50, more: false });
    const everyChain = await env.server.rpc('Metadata/DirectoryGetCollections', { chainId: 0, includeTestnets: null, onlyFeatured: null, page: null }, env.key());
    expect(everyChain.body.collections).toHaveLength(2);
    const search = await env.server.rpc('Metadata/DirectorySearchCollections', { query: 'GOOD', chainId: null, includeTestnets: null, onlyFeatured: null, page: null }, env.key());
    expect(search.body.collections.map((c: { address: string }) => c.address)).toEqual([env.good]);
  });

  it('the default GetTokenBalancesSummary shows the listed tokens and hides the rest', async () => {
    expect(await summaryOf(indexer, HOLDER)).toEqual([env.good, env.served].sort());
    expect(await summaryOf(indexer, HOLDER, ContractVerificationStatus.ALL)).toEqual([env.good, env.served, env.scam].sort());
  });

  it('Admin curation: IsInTokenDirectory, Add, SetTokenDirectoryFeatureIndex, Remove', async () => {
    const key = (contractAddress: string) => ({ chainID, contractAddress });
    expect(await rejectionOf(admin.addContractToTokenDirectory(key(env.scam), env.key()))).toBeInstanceOf(UnauthorizedError);
    expect(await admin.isInTokenDirectory(key(env.scam), operator)).toEqual({ ok: false, featureIndex: 0 });
    expect(await admin.addContractToTokenDirectory(key(env.scam), operator)).toEqual({ ok: true });
    expect(await admin.isInTokenDirectory(key(env.scam), operator)).toEqual({ ok: true, featureIndex: 0 });
    expect(await summaryOf(indexer, HOLDER)).toEqual([env.good, env.served, env.scam].sort());

    expect(await admin.setTokenDirectoryFeatureIndex({ ...key(env.scam), featureIndex: 5 }, operator)).toEqual({ ok: true });
    expect(await admin.isInTokenDirectory(key(env.scam), operator)).toEqual({ ok: true, featureIndex: 5 });
    const featured = await metadata.getTokenDirectory({ chainID, onlyFeatured: true }, env.key());
    expect(featured.contracts).toEqual([expect.objectContaining({ address: env.scam, extensions: expect.objectContaining({ featured: true, featureIndex: 5, verifiedBy: 'operator' }) })]);
    expect(await metadata.getTokenDirectoryNetworks({ onlyFeatured: true }, env.key())).toEqual({ chainIDs: [env.chainId], networks: ['anvil'] });

    expect(await admin.removeContractFromTokenDirectory(key(env.scam), operator)).toEqual({ ok: true });
    expect(await admin.removeContractFromTokenDirectory(key(env.served), operator)).toEqual({ ok: true });
    expect(await summaryOf(indexer, HOLDER)).toEqual([env.good]);
    expect(await rejectionOf(admin.removeContractFromTokenDirectory(key(env.served), operator))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(admin.setTokenDirectoryFeatureIndex({ ...key(env.served), featureIndex: 1 }, operator))).toBeInstanceOf(NotFoundError);
    expect(await admin.addContractToTokenDirectory(key(env.served), operator)).toEqual({ ok: true });
  });

  it('the deprecated Admin forms of go-sequence answer: GetFeatureIndex, ModifyFeatureIndex, ListTokenDirectory, the batch Add/Remove', async () => {
    const modify = await env.server.rpc('Admin/ModifyFeatureIndex', { chainHandle: chainID, contractAddress: env.good, featured: 3 }, operator);
    expect(modify).toMatchObject({ status: 200, body: { ok: true } });
    expect((await env.server.rpc('Admin/GetFeatureIndex', { chainHandle: chainID, contractAddress: env.good }, operator)).body).toEqual({ featured: 3 });
    const listed = await env.server.rpc('Admin/ListTokenDirectory', { chainID: env.chainId, includeTestnets: null, onlyFeatured: true, page: null }, operator);
    expect(listed.body).toMatchObject({ page: { pageSize: 50, more: false }, collections: [expect.objectContaining({ address: env.good, extensions: expect.objectContaining({ featureIndex: 3 }) })] });
    expect((await env.server.rpc('Admin/GetFeatureIndex', { chainHandle: chainID, contractAddress: env.good }, env.key())).status).toBe(401);
    await admin.setTokenDirectoryFeatureIndex({ chainID, contractAddress: env.good, featureIndex: 0 }, operator);

    // The batch forms: contracts as ContractInfo with parallel featureIndexes; one chain's addresses out.
    const add = await env.server.rpc(
      'Admin/AddContractsToTokenDirectory',
      { contracts: [{ chainId: env.chainId, address: env.scam }, { chainId: env.chainId, address: env.served }], featureIndexes: [2, 0] },
      operator,
    );
    expect(add).toMatchObject({ status: 200, body: { ok: true } });
    expect(await admin.isInTokenDirectory({ chainID, contractAddress: env.scam }, operator)).toEqual({ ok: true, featureIndex: 2 });
    const bad = await env.server.rpc('Admin/AddContractsToTokenDirectory', { contracts: [{ chainId: env.chainId, address: env.good }, { chainId: env.chainId, address: '0x12' }] }, operator);
    expect(bad.body).toMatchObject({ error: 'InvalidArgument', msg: expect.stringMatching(/contractAddress/) });
    const remove = await env.server.rpc('Admin/RemoveContractsFromTokenDirectory', { chainHandle: chainID, contracts: [env.scam] }, operator);
    expect(remove).toMatchObject({ status: 200, body: { ok: true } });
    expect(await admin.isInTokenDirectory({ chainID, contractAddress: env.scam }, operator)).toEqual({ ok: false, featureIndex: 0 });
    expect(await summaryOf(indexer, HOLDER)).toEqual([env.good, env.served].sort());
  });

  it('RefreshTokenDirectory with a hostile list answers what each read did and replaces nothing', async () => {
    env.answer({ raw: '<html>not a list</html>' });
    const raw = await env.server.rpc('Admin/RefreshTokenDirectory', {}, operator);
    expect(raw.status).toBe(200);
    expect(raw.body.taskID).toBe(0);
    expect(raw.body.lists).toEqual([
      { source: env.listFile, outcome: 'UNCHANGED', error: null },
      { source: `${env.listServer.origin}/list.json`, outcome: 'REFUSED', error: expect.stringMatching(/list\.json: not JSON: Unexpected token/) },
    ]);
    expect((await metadata.getTokenDirectory({ chainID }, env.key())).contracts.map((c) => c.address)).toEqual([env.good, env.served].sort());
    expect(await summaryOf(indexer, HOLDER)).toEqual([env.good, env.served].sort());
  });
});

describe('the shipped default list (@uniswap/default-token-list), on a chain with id 1', () => {
  const USDC = '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48';
  // What the installed release of the list says of it (its wording changes between releases).
  const listed = (require('@uniswap/default-token-list').tokens as Array<{ chainId: number; address: string; name: string; symbol: string; decimals: number }>).find(
    (t) => t.chainId === 1 && t.address.toLowerCase() === USDC,
  )!;
  let env: MetadataEnv;
  let metadata: Metadata;

  beforeAll(async () => {
    env = await startMetadataEnv({ TOKEN_LISTS: 'default', TOKEN_LISTS_REFRESH_SECONDS: '0' }, { chainId: 1 });
    metadata = new Metadata(env.server.url, fetch);
  });
  afterAll(() => env?.stop());

  it('is read from node_modules: its mainnet tokens are the directory, and a contract it does not list is not VERIFIED', async () => {
    const [status] = await env.server.app.services.tokenDirectory.refreshAll();
    expect(status).toMatchObject({ source: 'default', name: 'Uniswap Labs Default', error: null });
    expect(status.tokens).toBeGreaterThan(100);
    expect(await metadata.getTokenDirectoryNetworks({}, env.key())).toEqual({ chainIDs: [1], networks: ['anvil'] });
    const found = await metadata.searchTokenDirectory({ query: USDC }, env.key());
    expect(found.contracts).toEqual([expect.objectContaining({ address: USDC, name: listed.name, symbol: listed.symbol, decimals: listed.decimals, source: 'TOKEN_DIRECTORY_PUBLIC_TOKEN_LIST' })]);
    // No code there on this chain: what the list says answers.
    expect((await metadata.getContractInfo({ chainID: '1', contractAddress: USDC }, env.key())).contractInfo).toMatchObject({ name: listed.name, symbol: 'USDC', decimals: 6 });

    const coin = await env.deploy('TestERC20.sol', ['Airdropped', 'AIR', 18]);
    await (await coin.mint(HOLDER, 5n)).wait();
    await waitForIndexed(env.server.app, env.anvil);
    const indexer = new SequenceIndexer(env.server.url, env.accessKey);
    expect(await summaryOf(indexer, HOLDER)).toEqual([]);
    expect(await summaryOf(indexer, HOLDER, ContractVerificationStatus.ALL)).toEqual([coin.address]);
  });
});
