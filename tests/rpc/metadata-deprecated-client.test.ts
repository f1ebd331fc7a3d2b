// The deprecated Metadata names (#42 item 5) through the published @0xsequence/metadata@2.2.14 client, unchanged:
// SearchTokens, SearchTokenIDs, TokenCollectionFilters, GetTokenRefreshStatus, RefreshAllContractTokens and
// SearchMetadata answer what the methods they were renamed to answer (through 2.3.43) on the same data.
import { Metadata as OldMetadata, InvalidArgumentError as OldInvalidArgument, PropertyType as OldPropertyType } from '@0xsequence/metadata-v2-2';
import { Metadata } from '@0xsequence/metadata';
import type http from 'node:http';
import { startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';
import { json, startServer, type LocalServer } from '../integration/web/local-server';
import { rejectionOf } from '../helpers/rejection';
import { PATIENCE_MS } from '../helpers/patience';

const TOKENS = 6;
const ids = Array.from({ length: TOKENS }, (_, i) => String(i + 1));
const traitDoc = (n: number) => ({
  name: `Relic #${n}`,
  image: `https://img.example/${n}.png`,
  attributes: [
    { trait_type: 'color', value: n % 2 ? 'Red' : 'Blue' },
    { trait_type: 'level', value: n, display_type: 'number' },
  ],
});

let env: MetadataEnv;
let traits: LocalServer;
let old: OldMetadata;
let current: Metadata;
let chainID: string;
let relics: string;
let cats: string;

beforeAll(async () => {
  traits = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const m = /^\/t\/([0-9a-f]{64})\.json$/.exec(req.url ?? '');
    if (!m) return json(res, { error: 'not found' }, 404);
    return json(res, traitDoc(Number(BigInt(`0x${m[1]}`))));
  });
  env = await startMetadataEnv({ METADATA_ALLOW_HOSTS: `127.0.0.1:${traits.port}` });
  chainID = String(env.anvil.chainId);
  old = new OldMetadata(env.server.url, fetch);
  current = new Metadata(env.server.url, fetch);
  relics = (await env.deploy('TestERC1155.sol', [`${traits.origin}/t/{id}.json`])).address;
  cats = (await env.deploy('TestERC721.sol', ['Relic Cats', 'RCAT'])).address;
  // Reads store the documents (and so index them); a read answers within its bound, so ask until all are there.
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
    const { tokenMetadata } = await current.getTokenMetadata({ chainID, contractAddress: relics, tokenIDs: ids }, env.key());
    if (tokenMetadata.every((t) => t.name.startsWith('Relic'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await current.getContractInfo({ chainID, contractAddress: cats }, env.key());
});
afterAll(async () => {
  await env.stop();
  await traits.close();
});

describe('deprecated Metadata names through the 2.2.14 client', () => {
  it('SearchTokens answers as SearchTokenMetadataByQuery', async () => {
    const r = await old.searchTokens({ q: 'relic #', chainID }, env.key());
    expect(r.tokenMetadata.map((t) => t.tokenId)).toEqual(ids);
    expect(r.tokenMetadata[0]).toMatchObject({ tokenId: '1', name: 'Relic #1', image: 'https://img.example/1.png' });
    expect(r).toEqual(await current.searchTokenMetadataByQuery({ q: 'relic #', chainID }, env.key()));
    const paged = await old.searchTokens({ q: 'relic #', chainID, page: { pageSize: 4 } }, env.key());
    expect(paged.tokenMetadata).toHaveLength(4);
    expect(paged.nextPage).toMatchObject({ pageSize: 4, more: true });
  });

  it('SearchTokenIDs answers as SearchTokenMetadataTokenIDs, keyed tokenIds', async () => {
    const filter = { properties: [{ name: 'color', type: OldPropertyType.STRING, values: ['Red'] }] };
    const r = await old.searchTokenIDs({ chainID, contractAddress: relics, filter }, env.key());
    expect(r).toEqual({ page: { pageSize: 50, more: false }, tokenIds: ['1', '3', '5'] });
    const renamed = await current.searchTokenMetadataTokenIDs({ chainID, contractAddress: relics, filter }, env.key());
    expect(renamed.tokenIDs).toEqual(r.tokenIds);
  });

  it('TokenCollectionFilters answers as GetTokenMetadataPropertyFilters with nothing excluded', async () => {
    const { filters } = await old.tokenCollectionFilters({ chainID, contractAddress: relics }, env.key());
    expect(filters).toEqual([
      { name: 'color', type: OldPropertyType.STRING, values: ['Blue', 'Red'] },
      { name: 'level', type: OldPropertyType.INT, min: 1, max: TOKENS, values: ids.map(Number) },
    ]);
    expect(filters).toEqual((await current.getTokenMetadataPropertyFilters({ chainID, contractAddress: relics, excludeProperties: [] }, env.key())).filters);
  });

  it('RefreshAllContractTokens queues a task that GetTokenRefreshStatus and GetTask read', async () => {
    const r = await old.refreshAllContractTokens({ chainHandle: chainID, contractAddress: relics }, env.key());
    expect(r).toEqual({ taskID: expect.any(Number), retryAfter: 0 });
    const { task } = await current.getTask({ taskId: r.taskID! }, env.key());
    expect(task.payload).toEqual(expect.arrayContaining([`contract: ${relics}`, 'allCachedTokens: true']));
    let status: string | undefined;
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
      status = (await old.getTokenRefreshStatus({ taskId: r.taskID! }, env.key())).status;
      if (status === 'DONE') break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(status).toBe('DONE');
    expect((await current.getTaskStatus({ taskId: r.taskID! }, env.key())).status).toBe('DONE');
  });

  it('SearchMetadata answers the contracts and tokens a text matches, tokens left out on request', async () => {
    const r = await old.searchMetadata({ filter: 'relic', chainID }, env.key());
    expect(r.contractInfo.map((c) => c.address)).toEqual([cats]);
    expect(r.contractInfo[0]).toMatchObject({ name: 'Relic Cats', symbol: 'RCAT', type: 'ERC721' });
    expect(r.tokenMetadata.map((t) => t.tokenId)).toEqual(ids);
    const bare = await old.searchMetadata({ filter: 'relic', chainID, excludeTokenMetadata: true }, env.key());
    expect(bare).toEqual({ contractInfo: r.contractInfo, tokenMetadata: [] });
    const erc20 = await old.searchMetadata({ filter: 'relic', chainID, types: ['ERC20' as never], excludeTokenMetadata: true }, env.key());
    expect(erc20.contractInfo).toEqual([]);
  });

  it('bad requests get the client’s error classes', async () => {
    const emptyQ = await rejectionOf(old.searchTokens({ q: ' ' }, env.key()));
    expect(emptyQ).toBeInstanceOf(OldInvalidArgument);
    const badChain = await rejectionOf(old.refreshAllContractTokens({ chainHandle: 'nowhere', contractAddress: relics }, env.key()));
    expect(badChain).toMatchObject({ status: expect.any(Number) });
    expect((badChain as { status: number }).status).toBeLessThan(500);
    const noFilter = await rejectionOf(old.searchMetadata({ filter: undefined as never }, env.key()));
    expect((noFilter as { status: number }).status).toBe(400);
  });
});
