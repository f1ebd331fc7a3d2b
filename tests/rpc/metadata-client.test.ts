// The published @0xsequence/metadata@2.3.43 SequenceMetadata client, unchanged, against the running server.
import {
  ChainNotFoundError,
  ContractType,
  InvalidArgumentError,
  SequenceMetadata,
  UnauthorizedError,
  WebrpcError,
} from '@0xsequence/metadata';
import { RFC3339_TRIMMED, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

let env: MetadataEnv;
let client: SequenceMetadata;
let chainID: string;
let nft: Awaited<ReturnType<MetadataEnv['deploy']>>;
let multi: Awaited<ReturnType<MetadataEnv['deploy']>>;

beforeAll(async () => {
  env = await startMetadataEnv();
  chainID = String(env.anvil.chainId);
  client = new SequenceMetadata(env.server.url, env.accessKey);
  nft = await env.deploy('TestERC721.sol', ['Client Cats', 'CCAT']);
  await (await nft.mint('0x00000000000000000000000000000000000000a1', 1)).wait();
  await (await nft.setTokenURI(1, `${env.docs.origin}/client/1.json`)).wait();
  multi = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/client-m/{id}.json`]);
});
afterAll(() => env.stop());

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

describe('SequenceMetadata against Strata', () => {
  it('getContractInfo sends X-Access-Key and reads the ContractInfo', async () => {
    const spy = jest.spyOn(globalThis, 'fetch');
    try {
      const { contractInfo } = await client.getContractInfo({ chainID, contractAddress: nft.address });
      const [url, init] = spy.mock.calls[0];
      expect(url).toBe(`${env.server.url}/rpc/Metadata/GetContractInfo`);
      expect(init?.headers).toMatchObject({ 'X-Access-Key': env.accessKey, 'Content-Type': 'application/json' });
      expect(contractInfo).toMatchObject({
        chainId: env.anvil.chainId,
        address: nft.address,
        name: 'Client Cats',
        symbol: 'CCAT',
        type: ContractType.ERC721,
        deployed: true,
        bytecodeHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
        extensions: { verified: false },
        updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      });
    } finally {
      spy.mockRestore();
    }
  });

  it('getTokenMetadata reads the client’s snake_case fields', async () => {
    const { tokenMetadata } = await client.getTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['1'] });
    expect(tokenMetadata).toHaveLength(1);
    expect(tokenMetadata[0]).toMatchObject({
      tokenId: '1',
      name: 'Doc /client/1.json',
      image: 'https://img.example/client/1.json.png',
      external_url: 'https://example.com/client/1.json',
      background_color: 'ff00aa',
      animation_url: 'https://anim.example/client/1.json.mp4',
      attributes: [{ display_type: 'number', trait_type: 'level', value: '5' }, { power: 9 }],
      properties: { rarity: 'rare' },
    });
  });

  it('getTokenMetadataBatch answers one entry per requested contract', async () => {
    const { contractTokenMetadata } = await client.getTokenMetadataBatch({
      chainID,
      contractTokenMap: { [nft.address]: ['1'], [multi.address]: ['2', '3'] },
    });
    expect(Object.keys(contractTokenMetadata).sort()).toEqual([nft.address, multi.address].sort());
    expect(contractTokenMetadata[nft.address].map((t) => t.name)).toEqual(['Doc /client/1.json']);
    expect(contractTokenMetadata[multi.address].map((t) => t.name)).toEqual([`Doc /client-m/${'0'.repeat(63)}2.json`, `Doc /client-m/${'0'.repeat(63)}3.json`]);
  });

  it('the renamed routes of this client version work too', async () => {
    const found = await client.findContractInfo({ contractAddress: nft.address });
    expect(found.contractInfoList.map((c) => c.name)).toEqual(['Client Cats']);
    const batch = await client.findContractInfoBatch({ contractAddresses: [nft.address] });
    expect(batch.contractInfoByChain[nft.address].map((c) => c.symbol)).toEqual(['CCAT']);
    const search = await client.searchContractsByQuery({ q: 'client', chainID, types: [ContractType.ERC721] });
    expect(search.contractInfo.map((c) => c.address)).toEqual([nft.address]);
    expect(search.nextPage).toEqual({ pageSize: 30, more: false });
  });

  it('throws the client’s error classes', async () => {
    const chain = await rejectionOf(client.getContractInfo({ chainID: '424242', contractAddress: nft.address }));
    expect(chain).toBeInstanceOf(ChainNotFoundError);
    expect(chain).toMatchObject({ code: 3003, status: 400 });
    const ids = Array.from({ length: 51 }, (_, i) => String(i));
    const tooMany = await rejectionOf(client.getTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ids }));
    expect(tooMany).toBeInstanceOf(InvalidArgumentError);
    expect(tooMany.message).toMatch(/^tokenIDs: must hold at most 50/);
    const anonymous = await rejectionOf(new SequenceMetadata(env.server.url).getContractInfo({ chainID, contractAddress: nft.address }));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
  });
});
