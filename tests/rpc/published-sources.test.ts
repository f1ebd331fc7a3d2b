// `source` and `status` of ContractInfo and TokenMetadata, required fields of the published clients' types, through the
// clients unchanged: @0xsequence/metadata 2.3.43 (SequenceMetadata, Admin) and both @0xsequence/indexer generations
// (2.1.4, whose types predate the fields, and 3.0.13 with its gateway). `source` says where the record came from (the
// chain's name()/symbol()/decimals(), a contractURI document, the operator's override, a token URI; the hosted
// collections' are in published-collections-crud.test.ts) and `status` whether it is there (ResourceStatus).
import { Admin, ResourceStatus, SequenceMetadata, Source, type ContractInfo, type TokenMetadata } from '@0xsequence/metadata';
import { SequenceIndexer as SequenceIndexerV2 } from '@0xsequence/indexer';
import { ADMIN_TOKEN, gql, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';
import { waitForIndexed } from '../helpers/chain-fixtures';
import { PATIENCE_MS } from '../helpers/patience';
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexer: SequenceIndexerV3, SequenceIndexerGateway } = require('@0xsequence/indexer-v3') as V3;

const HOLDER = '0x00000000000000000000000000000000000000c5';
const DEAD = '0x000000000000000000000000000000000000dead';
const operator = { Authorization: `BEARER ${ADMIN_TOKEN}` };
// Token 2's document arrives long after any read has answered: reads meanwhile see it being fetched.
const SLOW_MS = 90_000;

let env: MetadataEnv;
let metadata: SequenceMetadata;
let admin: Admin;
let chainID: string;
let gold: string;
let cats: string;
let dogs: string;

const CHAIN_READ = { source: Source.FETCHER_ON_CHAIN_ERC20_INTERFACE, status: ResourceStatus.AVAILABLE };
const FROM_CONTRACT_URI = { source: Source.FETCHER_ON_CHAIN_CONTRACT_URI, status: ResourceStatus.AVAILABLE };
const OVERRIDDEN = { source: Source.SEQUENCE_BUILDER_ADMIN, status: ResourceStatus.AVAILABLE };
const FETCHED = { source: Source.FETCHER_ON_CHAIN_TOKEN_URI, status: ResourceStatus.AVAILABLE };
const BEING_FETCHED = { source: Source.UNKNOWN, status: ResourceStatus.REFRESHING };

/** Polls until `ok`, at most PATIENCE_MS; says what it waited for when it gives up. */
const until = async <T>(what: string, fn: () => Promise<T>, ok: (v: T) => boolean): Promise<T> => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const v = await fn();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: last ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
};

const info = async (address: string): Promise<ContractInfo> => (await metadata.getContractInfo({ chainID, contractAddress: address })).contractInfo;
const pick = <T extends { source: string; status: string }>(x: T | undefined) => (x ? { source: x.source, status: x.status } : x);

beforeAll(async () => {
  // A fetch timeout longer than SLOW_MS; reads still answer within their own bound (2 s).
  env = await startMetadataEnv({ METADATA_TIMEOUT_MS: String(SLOW_MS + 20_000) });
  chainID = String(env.anvil.chainId);
  metadata = new SequenceMetadata(env.server.url, env.accessKey);
  admin = new Admin(env.server.url, fetch);

  const g = await env.deploy('TestERC20.sol', ['Source Gold', 'SGLD', 18]);
  await (await g.mint(HOLDER, 10n ** 18n)).wait();
  gold = g.address;

  const c = await env.deploy('TestERC721.sol', ['Source Cats', 'SCAT']);
  await (await c.setContractURI(`${env.docs.origin}/contract/cats.json`)).wait();
  for (const id of [1, 2]) await (await c.mint(HOLDER, id)).wait();
  await (await c.setTokenURI(1, `${env.docs.origin}/sources/1.json`)).wait();
  await (await c.setTokenURI(2, `${env.docs.origin}/slow/${SLOW_MS}/sources/2.json`)).wait();
  cats = c.address;

  const d = await env.deploy('TestERC721.sol', ['Plain Dogs', 'PDOG']);
  await (await d.mint(HOLDER, 1)).wait();
  dogs = d.address;
  await admin.addContractInfoOverride({ chainID, contractAddress: dogs, contractInfoOverride: { name: 'Curated Dogs', extensions: {} } }, operator);

  await waitForIndexed(env.server.app, env.anvil);
  // The contractURI document is fetched in the background after the first read; wait until it answers.
  await until('the contractURI document of Source Cats', () => info(cats), (i) => i.status === ResourceStatus.AVAILABLE && i.extensions.ogName === 'Collection cats');
});
afterAll(async () => {
  // Token 2's document is still on its way: end that connection first, so the fetch fails now rather than holding the stop.
  await env?.docs.close();
  await env?.stop();
});

describe('ContractInfo.source and status', () => {
  it('Metadata GetContractInfo: a chain-read contract, one with a contractURI document, an overridden one, an address without code', async () => {
    expect(await info(gold)).toMatchObject({ name: 'Source Gold', ...CHAIN_READ });
    expect(await info(cats)).toMatchObject({ name: 'Source Cats', extensions: { ogName: 'Collection cats' }, ...FROM_CONTRACT_URI });
    expect(await info(dogs)).toMatchObject({ name: 'Curated Dogs', ...OVERRIDDEN });
    expect(await info(DEAD)).toMatchObject({ deployed: false, source: Source.UNKNOWN, status: ResourceStatus.NOT_AVAILABLE });
  });

  it('GetContractInfoBatch, FindContractInfo(Batch) and SearchContractsByQuery say the same', async () => {
    const { contractInfoMap } = await metadata.getContractInfoBatch({ chainID, contractAddresses: [gold, cats, dogs] });
    expect(pick(contractInfoMap[gold])).toEqual(CHAIN_READ);
    expect(pick(contractInfoMap[cats])).toEqual(FROM_CONTRACT_URI);
    expect(pick(contractInfoMap[dogs])).toEqual(OVERRIDDEN);
    expect((await metadata.findContractInfo({ contractAddress: dogs })).contractInfoList.map(pick)).toEqual([OVERRIDDEN]);
    const { contractInfoByChain } = await metadata.findContractInfoBatch({ contractAddresses: [gold, cats] });
    expect(contractInfoByChain[gold].map(pick)).toEqual([CHAIN_READ]);
    expect(contractInfoByChain[cats].map(pick)).toEqual([FROM_CONTRACT_URI]);
    const found = (await metadata.searchContractsByQuery({ q: 'source', chainID })).contractInfo;
    expect(Object.fromEntries(found.map((c) => [c.address, pick(c)]))).toEqual({ [gold]: CHAIN_READ, [cats]: FROM_CONTRACT_URI });
  });

  it('GraphQL’s ContractInfo says it in its own names', async () => {
    const q = `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { source status } }`;
    const of = async (a: string) => (await gql(env, q, { c: chainID, a })).contractInfo;
    expect(await of(gold)).toEqual({ source: 'CHAIN', status: 'AVAILABLE' });
    expect(await of(cats)).toEqual({ source: 'CONTRACT_URI', status: 'AVAILABLE' });
    expect(await of(dogs)).toEqual({ source: 'OVERRIDE', status: 'AVAILABLE' });
    expect(await of(DEAD)).toEqual({ source: 'NONE', status: 'NOT_AVAILABLE' });
  });
});

describe('TokenMetadata.source and status', () => {
  it('Metadata GetTokenMetadata and GetTokenMetadataBatch: a fetched token and one not fetched yet', async () => {
    const { tokenMetadata } = await metadata.getTokenMetadata({ chainID, contractAddress: cats, tokenIDs: ['1', '2'] });
    expect(tokenMetadata[0]).toMatchObject({ tokenId: '1', name: 'Doc /sources/1.json', ...FETCHED });
    expect(tokenMetadata[1]).toMatchObject({ tokenId: '2', name: '', ...BEING_FETCHED });
    const { contractTokenMetadata } = await metadata.getTokenMetadataBatch({ chainID, contractTokenMap: { [cats]: ['1', '2'] } });
    expect(contractTokenMetadata[cats].map(pick)).toEqual([FETCHED, BEING_FETCHED]);
  });
});

describe('the Indexer’s embedded contractInfo and tokenMetadata', () => {
  /** source and status of each balance's contractInfo and tokenMetadata, keyed contract:tokenID. */
  const provenance = (balances: Array<{ contractAddress: string; tokenID?: string; contractInfo?: unknown; tokenMetadata?: unknown }>) =>
    Object.fromEntries(
      balances.map((b) => [
        `${b.contractAddress}:${b.tokenID ?? ''}`,
        { contractInfo: pick(b.contractInfo as ContractInfo | undefined), tokenMetadata: pick(b.tokenMetadata as TokenMetadata | undefined) },
      ]),
    );
  const expected = () => ({
    [`${gold}:`]: { contractInfo: CHAIN_READ, tokenMetadata: undefined },
    [`${cats}:1`]: { contractInfo: FROM_CONTRACT_URI, tokenMetadata: FETCHED },
    [`${cats}:2`]: { contractInfo: FROM_CONTRACT_URI, tokenMetadata: BEING_FETCHED },
    // Plain Dogs' token has no token URI: nothing to fetch.
    [`${dogs}:1`]: { contractInfo: OVERRIDDEN, tokenMetadata: { source: Source.UNKNOWN, status: ResourceStatus.NOT_AVAILABLE } },
  });

  it('GetTokenBalances with includeMetadata, through @0xsequence/indexer 2.1.4', async () => {
    const indexer = new SequenceIndexerV2(env.server.url, env.accessKey);
    const { balances } = await indexer.getTokenBalances({ accountAddress: HOLDER, includeMetadata: true });
    expect(provenance(balances)).toEqual(expected());
  });

  it('GetTokenBalances with includeMetadata, GetTokenSupplies and the gateway’s GetTokenBalances, through 3.0.13', async () => {
    const indexer = new SequenceIndexerV3(`${env.server.url}/chains/${env.anvil.chainId}`, env.accessKey);
    const { balances } = await indexer.getTokenBalances({ accountAddress: HOLDER, includeMetadata: true });
    expect(provenance(balances)).toEqual(expected());

    const supplies = await indexer.getTokenSupplies({ contractAddress: cats, includeMetadata: true });
    expect(supplies.tokenIDs.map((s) => [s.tokenID, pick(s.contractInfo), pick(s.tokenMetadata)])).toEqual([
      ['1', FROM_CONTRACT_URI, FETCHED],
      ['2', FROM_CONTRACT_URI, BEING_FETCHED],
    ]);

    const gateway = new SequenceIndexerGateway(env.server.url, env.accessKey);
    const r = await gateway.getTokenBalances({ accountAddress: HOLDER, includeMetadata: true });
    expect(r.balances.map((c) => c.chainId)).toEqual([env.anvil.chainId]);
    expect(provenance(r.balances[0].results)).toEqual(expected());
  });
});

describe('an override removed', () => {
  it('leaves what the chain says, and says so', async () => {
    await admin.removeContractInfoOverride({ chainID, contractAddress: dogs }, operator);
    expect(await info(dogs)).toMatchObject({ name: 'Plain Dogs', ...CHAIN_READ });
  });
});
