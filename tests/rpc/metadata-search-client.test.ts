// Trait search and GetContractInfoBatch through the published @0xsequence/metadata@2.3.43 `Metadata` class, unchanged:
// token documents come from a local HTTP server through a real ERC-1155 on anvil, are stored by Strata and indexed.
import {
  ChainNotFoundError,
  InvalidArgumentError,
  Metadata,
  PropertyType,
  UnauthorizedError,
  WebrpcError,
  type Filter,
  type Page,
} from '@0xsequence/metadata';
import type http from 'node:http';
import { startMetadataEnv, gql, type MetadataEnv } from '../integration/metadata/fixtures';
import { json, startServer, type LocalServer } from '../integration/web/local-server';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { PATIENCE_MS } from '../helpers/patience';

const COLORS = ['Red', 'Green', 'Blue'];
const TOKENS = 12;

/** What the trait server answers for token n, unless a test replaced it. */
const traitDoc = (n: number) => ({
  name: `Beast #${n}`,
  image: `https://img.example/${n}.png`,
  attributes: [
    { trait_type: 'color', value: COLORS[n % 3] },
    { trait_type: 'level', value: n, display_type: 'number' },
    { trait_type: 'size', value: n % 2 ? 'Large' : 'Small' },
  ],
  properties: { tags: ['beast', n % 2 ? 'odd' : 'even'], rare: n % 5 === 0 },
});

let env: MetadataEnv;
let traits: LocalServer;
const replaced = new Map<number, object>();
let metadata: Metadata;
let chainID: string;
let beasts: string;
let cats: string;
const ids = Array.from({ length: TOKENS }, (_, i) => String(i + 1));

beforeAll(async () => {
  traits = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = /^\/t\/([0-9a-f]{64})\.json$/.exec(req.url ?? '');
    if (!m) return json(res, { error: 'not found' }, 404);
    const n = Number(BigInt(`0x${m[1]}`));
    return json(res, replaced.get(n) ?? traitDoc(n));
  });
  env = await startMetadataEnv({ METADATA_ALLOW_HOSTS: `127.0.0.1:${traits.port}` });
  chainID = String(env.anvil.chainId);
  metadata = new Metadata(env.server.url, fetch);
  beasts = (await env.deploy('TestERC1155.sol', [`${traits.origin}/t/{id}.json`])).address;
  cats = (await env.deploy('TestERC721.sol', ['Search Cats', 'SCAT'])).address;
  // Reads store the documents (and so index them); a read answers within its bound, so ask until all are there.
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
    const { tokenMetadata } = await metadata.getTokenMetadata({ chainID, contractAddress: beasts, tokenIDs: ids }, key());
    if (tokenMetadata.every((t) => t.name.startsWith('Beast'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});
afterAll(async () => {
  await env.stop();
  await traits.close();
});

const key = () => env.key();
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);
const numbers = (pred: (n: number) => boolean) => ids.filter((id) => pred(Number(id)));

describe('Metadata trait search against Strata', () => {
  it('getTokenMetadataPropertyFilters lists each property with its type and values', async () => {
    const { filters } = await metadata.getTokenMetadataPropertyFilters({ chainID, contractAddress: beasts, excludeProperties: [] }, key());
    const byName = Object.fromEntries(filters.map((f) => [f.name, f]));
    expect(Object.keys(byName).sort()).toEqual(['color', 'level', 'rare', 'size', 'tags']);
    expect(byName.color).toEqual({ name: 'color', type: PropertyType.STRING, values: ['Blue', 'Green', 'Red'] });
    expect(byName.level).toEqual({ name: 'level', type: PropertyType.INT, min: 1, max: 12, values: ids.map(Number) });
    expect(byName.tags).toEqual({ name: 'tags', type: PropertyType.ARRAY, values: ['beast', 'even', 'odd'] });
    expect(byName.rare).toEqual({ name: 'rare', type: PropertyType.GENERIC, values: [false, true] });

    const bare = await metadata.getTokenMetadataPropertyFilters(
      { chainID, contractAddress: beasts, excludeProperties: ['tags', 'rare'], excludePropertyValues: true },
      key(),
    );
    expect(bare.filters).toEqual([
      { name: 'color', type: PropertyType.STRING },
      { name: 'level', type: PropertyType.INT, min: 1, max: 12 },
      { name: 'size', type: PropertyType.STRING },
    ]);
  });

  it('searchTokenMetadata: values ORed within a property, properties ANDed, numeric ranges, name text', async () => {
    const search = async (filter: Filter) =>
      (await metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter }, key())).tokenMetadata.map((t) => t.tokenId);

    const redOrBlue = { name: 'color', type: PropertyType.STRING, values: ['Red', 'Blue'] };
    expect(await search({ properties: [redOrBlue] })).toEqual(numbers((n) => n % 3 !== 1));
    const levels = { name: 'level', type: PropertyType.INT, min: 3, max: 9 };
    expect(await search({ properties: [redOrBlue, levels] })).toEqual(numbers((n) => n % 3 !== 1 && n >= 3 && n <= 9));
    expect(await search({ properties: [{ name: 'level', type: PropertyType.INT, values: [4, 11] }] })).toEqual(['4', '11']);
    expect(await search({ properties: [{ name: 'tags', type: PropertyType.ARRAY, values: ['odd'] }, { name: 'rare', type: PropertyType.GENERIC, values: [true] }] })).toEqual(['5']);
    expect(await search({ text: 'beast #1' })).toEqual(['1', '10', '11', '12']);
    expect(await search({ text: 'BEAST #1', properties: [{ name: 'size', type: PropertyType.STRING, values: ['Small'] }] })).toEqual(['10', '12']);
    expect(await search({ properties: [{ name: 'color', type: PropertyType.STRING, values: ['Purple'] }] })).toEqual([]);
    expect(await search({})).toEqual(ids);

    const { tokenMetadata } = await metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter: { properties: [levels] } }, key());
    expect(tokenMetadata[0]).toMatchObject({ tokenId: '3', name: 'Beast #3', image: 'https://img.example/3.png', attributes: traitDoc(3).attributes });
  });

  it('searchTokenMetadata and searchTokenMetadataTokenIDs page by echoing the reply page', async () => {
    const filter = { properties: [{ name: 'size', type: PropertyType.STRING, values: ['Large'] }] };
    const first = await metadata.searchTokenMetadataTokenIDs({ chainID, contractAddress: beasts, filter, page: { pageSize: 4 } }, key());
    expect(first.page).toEqual({ page: 2, pageSize: 4, more: true });
    const seen: string[] = [];
    let page: Page | undefined = { pageSize: 4 };
    for (let calls = 0; page && calls < 10; calls++) {
      const r: Awaited<ReturnType<Metadata['searchTokenMetadata']>> = await metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter, page }, key());
      seen.push(...r.tokenMetadata.map((t) => t.tokenId));
      page = r.page.more ? r.page : undefined;
    }
    expect(seen).toEqual(numbers((n) => n % 2 === 1));
    const all = await metadata.searchTokenMetadataTokenIDs({ chainID, contractAddress: beasts, filter }, key());
    expect(all).toEqual({ page: { pageSize: 50, more: false }, tokenIDs: seen });
  });

  it('searchTokenMetadataByQuery finds tokens by name on any contract and names the contract', async () => {
    const r = await metadata.searchTokenMetadataByQuery({ q: 'beast #1', chainID }, key());
    expect(r.nextPage).toEqual({ pageSize: 50, more: false });
    expect(r.tokenMetadata.map((t) => [t.chainId, t.contractAddress, t.tokenId])).toEqual(['1', '10', '11', '12'].map((id) => [env.anvil.chainId, beasts, id]));
    const one = await metadata.searchTokenMetadataByQuery({ q: '#12', contractAddress: beasts, page: { pageSize: 1 } }, key());
    expect(one.tokenMetadata.map((t) => t.name)).toEqual(['Beast #12']);
  });

  it('GraphQL answers the same searches and filters', async () => {
    const data = await gql(
      env,
      `query($c: String!, $a: String!) {
        searchTokenMetadata(chainId: $c, contractAddress: $a, first: 2, filter: { properties: [{ name: "color", values: ["Red", "Blue"] }, { name: "level", min: 3 }] }) {
          totalCount pageInfo { hasNextPage } nodes { tokenId name status }
        }
        searchTokenMetadataByQuery(q: "beast #12", chainId: $c) { nodes { contractAddress tokenId } }
        tokenPropertyFilters(chainId: $c, contractAddress: $a, excludeProperties: ["tags"]) { name type min max values }
      }`,
      { c: chainID, a: beasts },
    );
    const expected = numbers((n) => n % 3 !== 1 && n >= 3);
    expect(data.searchTokenMetadata).toEqual({
      totalCount: expected.length,
      pageInfo: { hasNextPage: true },
      nodes: expected.slice(0, 2).map((id) => ({ tokenId: id, name: `Beast #${id}`, status: 'AVAILABLE' })),
    });
    expect(data.searchTokenMetadataByQuery.nodes).toEqual([{ contractAddress: beasts, tokenId: '12' }]);
    expect(data.tokenPropertyFilters.find((f: { name: string }) => f.name === 'level')).toEqual({ name: 'level', type: 'INT', min: 1, max: 12, values: ids });
    expect(data.tokenPropertyFilters.map((f: { name: string }) => f.name)).toEqual(['color', 'level', 'rare', 'size']);
  });

  it('the index follows a refreshed document: filters and searches change with it', async () => {
    replaced.set(3, { ...traitDoc(3), attributes: [{ trait_type: 'color', value: 'Gold' }, { trait_type: 'level', value: 99, display_type: 'number' }] });
    await gql(env, `mutation($c: String!, $a: String!) { refreshTokenMetadata(chainId: $c, contractAddress: $a, tokenIds: ["3"]) { tokenId name } }`, { c: chainID, a: beasts });
    const search = async (filter: Filter) =>
      (await metadata.searchTokenMetadataTokenIDs({ chainID, contractAddress: beasts, filter }, key())).tokenIDs;
    expect(await search({ properties: [{ name: 'color', type: PropertyType.STRING, values: ['Gold'] }] })).toEqual(['3']);
    expect(await search({ properties: [{ name: 'color', type: PropertyType.STRING, values: ['Red'] }] })).toEqual(numbers((n) => n % 3 === 0 && n !== 3));
    // Token 3 no longer has a size: it drops out of size searches.
    expect(await search({ properties: [{ name: 'size', type: PropertyType.STRING }] })).toEqual(numbers((n) => n !== 3));
    const { filters } = await metadata.getTokenMetadataPropertyFilters({ chainID, contractAddress: beasts, excludeProperties: [] }, key());
    expect(filters.find((f) => f.name === 'color')!.values).toEqual(['Blue', 'Gold', 'Green', 'Red']);
    expect(filters.find((f) => f.name === 'level')).toMatchObject({ min: 1, max: 99 });
    replaced.delete(3);
  });

  it('getContractInfoBatch answers one ContractInfo per address, keyed by address', async () => {
    const { contractInfoMap } = await metadata.getContractInfoBatch({ chainID, contractAddresses: [cats, beasts.toUpperCase().replace('0X', '0x'), cats] }, key());
    expect(Object.keys(contractInfoMap).sort()).toEqual([beasts, cats].sort());
    expect(contractInfoMap[cats]).toMatchObject({ chainId: env.anvil.chainId, address: cats, name: 'Search Cats', symbol: 'SCAT', type: 'ERC721', deployed: true });
    expect(contractInfoMap[beasts]).toMatchObject({ address: beasts, type: 'ERC1155' });
    expect(contractInfoMap[cats]).not.toHaveProperty('overridden');
  });

  it('bad requests get the client’s error classes', async () => {
    const badFilter = await rejectionOf(
      metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter: { properties: [{ type: PropertyType.INT, min: 5, max: 1 } as never] } }, key()),
    );
    expect(badFilter).toBeInstanceOf(InvalidArgumentError);
    expect(badFilter.message).toMatch(/^filter\.properties\[0\]\.name: /);
    const range = await rejectionOf(
      metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter: { properties: [{ name: 'level', type: PropertyType.INT, min: 5, max: 1 }] } }, key()),
    );
    expect(range.message).toMatch(/^filter\.properties\[0\]\.min: must not be greater than max/);
    const emptyQ = await rejectionOf(metadata.searchTokenMetadataByQuery({ q: ' ' }, key()));
    expect(emptyQ).toBeInstanceOf(InvalidArgumentError);
    const chain = await rejectionOf(metadata.getTokenMetadataPropertyFilters({ chainID: '424242', contractAddress: beasts, excludeProperties: [] }, key()));
    expect(chain).toBeInstanceOf(ChainNotFoundError);
    const tooMany = await rejectionOf(
      metadata.getContractInfoBatch({ chainID, contractAddresses: Array.from({ length: 51 }, (_, i) => `0x${String(i).padStart(40, '0')}`) }, key()),
    );
    expect(tooMany).toBeInstanceOf(InvalidArgumentError);
    const anonymous = await rejectionOf(metadata.searchTokenMetadata({ chainID, contractAddress: beasts, filter: {} }));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
  });
});
