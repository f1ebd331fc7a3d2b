// Metadata RPC over raw HTTP, two real chains: every reply field checked against service-interface.md and the wire notes.
import { ContractFactory } from 'ethers';
import { ContractEntity } from '../../src/db';
import { devWallet } from '../helpers/anvil';
import { compileContract } from '../helpers/solidity';
import { bearer } from '../helpers/server';
import { ADMIN_TOKEN, CID, RFC3339_TRIMMED, ZERO_TIME, codeHashOf, docFor, gql, startMetadataEnv, type MetadataEnv } from '../integration/metadata/fixtures';

let env: MetadataEnv;
let A: number;
let B: number;

beforeAll(async () => {
  env = await startMetadataEnv({}, { secondChain: true });
  A = env.anvil.chainId;
  B = env.anvil2!.chainId;
});
afterAll(() => env.stop());

const rpc = async (op: string, body: unknown, headers: Record<string, string> = env.key()) => env.server.rpc(`Metadata/${op}`, body, headers);
const ok = async (op: string, body: unknown) => {
  const r = await rpc(op, body);
  if (r.status !== 200) throw new Error(`${op} answered ${r.status}: ${JSON.stringify(r.body)}`);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return r.body;
};

const CONTRACT_KEYS = ['chainId', 'address', 'source', 'name', 'type', 'symbol', 'decimals', 'logoURI', 'deployed', 'bytecodeHash', 'extensions', 'updatedAt', 'status'];
const baseExtensions = { link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', verified: false };

/** Deploys TestERC20 from dev account 7 as its first transaction, so the address is the same on every chain it is run on. */
const deploySameAddress = async (chains: Array<NonNullable<MetadataEnv['anvil2']>>) => {
  const { abi, bytecode } = compileContract('TestERC20.sol', 'TestERC20');
  const addresses = [];
  for (const anvil of chains) {
    const c = await new ContractFactory(abi, bytecode, devWallet(anvil, 7)).deploy('Twin', 'TWN', 8);
    await c.waitForDeployment();
    addresses.push((await c.getAddress()).toLowerCase());
  }
  expect(new Set(addresses).size).toBe(1);
  return addresses[0];
};

describe('GetContractInfo', () => {
  it('sends ContractInfo field by field, in the published order; decimals and unset flags omitted', async () => {
    const nft = await env.deploy('TestERC721.sol', ['Wire Cats', 'WCAT']);
    await (await nft.setContractURI(`${env.docs.origin}/contract/wire.json`)).wait();
    const { contractInfo } = await ok('GetContractInfo', { chainID: String(A), contractAddress: nft.address.toUpperCase().replace('0X', '0x') });
    expect(contractInfo).toEqual({
      chainId: A,
      address: nft.address,
      source: 'FETCHER_ON_CHAIN_CONTRACT_URI',
      name: 'Wire Cats',
      type: 'ERC721',
      symbol: 'WCAT',
      deployed: true,
      bytecodeHash: await codeHashOf(env.anvil, nft.address),
      extensions: { ...baseExtensions, link: 'https://wire.example', description: 'About wire', ogImage: `ipfs://${CID}/wire.png`, ogName: 'Collection wire' },
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      status: 'AVAILABLE',
    });
    expect(Object.keys(contractInfo)).toEqual(CONTRACT_KEYS.filter((k) => k !== 'decimals' && k !== 'logoURI'));
    expect(Object.keys(contractInfo.extensions)).toEqual(['link', 'description', 'ogImage', 'ogName', 'originChainId', 'originAddress', 'verified']);
  });

  it('carries decimals, logoURI and the operator flags once set', async () => {
    const token = await env.deploy('TestERC20.sol', ['Wire Gold', 'WGLD', 6]);
    await gql(
      env,
      `mutation($a: String!) { setContractFlags(chainId: "anvil", contractAddress: $a, flags: {verified: true, verifiedBy: "ops", blacklist: true, featured: true, logoUri: "https://logo.example/g.png"}) { address } }`,
      { a: token.address },
      bearer(ADMIN_TOKEN),
    );
    const { contractInfo } = await ok('GetContractInfo', { chainID: A, contractAddress: token.address });
    expect(Object.keys(contractInfo)).toEqual(CONTRACT_KEYS);
    expect(contractInfo).toMatchObject({ decimals: 6, logoURI: 'https://logo.example/g.png', type: 'ERC20', source: 'FETCHER_ON_CHAIN_ERC20_INTERFACE', status: 'AVAILABLE' });
    expect(contractInfo.extensions).toEqual({ ...baseExtensions, blacklist: true, verified: true, verifiedBy: 'ops', featured: true });
  });

  it('answers an address without code: not deployed, bytecodeHash 0x, zero time, source UNKNOWN, NOT_AVAILABLE', async () => {
    const { contractInfo } = await ok('GetContractInfo', { chainID: 'beta', contractAddress: '0x000000000000000000000000000000000000dEaD' });
    expect(contractInfo).toEqual({
      chainId: B,
      address: '0x000000000000000000000000000000000000dead',
      source: 'UNKNOWN',
      name: '',
      type: 'UNKNOWN',
      symbol: '',
      deployed: false,
      bytecodeHash: '0x',
      extensions: baseExtensions,
      updatedAt: ZERO_TIME,
      status: 'NOT_AVAILABLE',
    });
  });

  it('errors: unknown chain ChainNotFound 3003, missing or bad fields InvalidArgument 2001, no access key Unauthorized 1000', async () => {
    const dead = '0x000000000000000000000000000000000000dead';
    const unknown = await rpc('GetContractInfo', { chainID: '1', contractAddress: dead });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'ChainNotFound', code: 3003, msg: 'chainID: chain "1" is not configured', message: 'chainID: chain "1" is not configured', status: 400 });
    const missing = await rpc('GetContractInfo', { contractAddress: dead });
    expect(missing.body).toMatchObject({ error: 'InvalidArgument', code: 2001, status: 400, msg: 'chainID: is required' });
    const bad = await rpc('GetContractInfo', { chainID: 'anvil', contractAddress: 'dead' });
    expect(bad.body).toMatchObject({ error: 'InvalidArgument', code: 2001, msg: expect.stringMatching(/^contractAddress: /) });
    const anonymous = await rpc('GetContractInfo', { chainID: 'anvil', contractAddress: dead }, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ error: 'Unauthorized', code: 1000 });
    const wrongKey = await rpc('GetContractInfo', { chainID: 'anvil', contractAddress: dead }, { 'X-Access-Key': 'nope' });
    expect(wrongKey.body).toMatchObject({ error: 'Unauthorized', code: 1000, status: 401 });
  });
});

describe('SearchContractInfo / FindContractInfo and the batch forms', () => {
  let twin: string;
  let onlyA: string;
  beforeAll(async () => {
    twin = await deploySameAddress([env.anvil, env.anvil2!]);
    onlyA = (await env.deploy('TestERC20.sol', ['Only A', 'ONA', 18])).address;
  });

  it('finds an address on every configured chain where it has code', async () => {
    for (const op of ['SearchContractInfo', 'FindContractInfo']) {
      const { contractInfoList } = await ok(op, { contractAddress: twin });
      expect(contractInfoList.map((c: any) => [c.chainId, c.address, c.name, c.decimals])).toEqual([
        [A, twin, 'Twin', 8],
        [B, twin, 'Twin', 8],
      ]);
      expect(Object.keys(contractInfoList[0])).toEqual(CONTRACT_KEYS.filter((k) => k !== 'logoURI'));
    }
    expect((await ok('SearchContractInfo', { contractAddress: onlyA })).contractInfoList.map((c: any) => c.chainId)).toEqual([A]);
    expect(await ok('SearchContractInfo', { contractAddress: '0x00000000000000000000000000000000000b0b00' })).toEqual({ contractInfoList: [] });
  });

  it('maps each requested address (lower-case) to its list, also when empty', async () => {
    const none = '0x00000000000000000000000000000000000b0b00';
    for (const op of ['SearchContractInfoBatch', 'FindContractInfoBatch']) {
      const { contractInfoByChain } = await ok(op, { contractAddresses: [twin.toUpperCase().replace('0X', '0x'), onlyA, none] });
      expect(Object.keys(contractInfoByChain)).toEqual([twin, onlyA, none]);
      expect(contractInfoByChain[twin].map((c: any) => c.chainId)).toEqual([A, B]);
      expect(contractInfoByChain[onlyA].map((c: any) => c.name)).toEqual(['Only A']);
      expect(contractInfoByChain[none]).toEqual([]);
    }
    const tooMany = Array.from({ length: 51 }, (_, i) => `0x${i.toString(16).padStart(40, '0')}`);
    expect((await rpc('SearchContractInfoBatch', { contractAddresses: tooMany })).body).toMatchObject({ code: 2001, msg: 'contractAddresses: must hold at most 50 addresses' });
  });
});

describe('SearchContracts / SearchContractsByQuery', () => {
  beforeAll(async () => {
    const now = new Date();
    const row = (chainId: number, i: number) => ({
      chainId,
      address: `0x${'cd'.repeat(18)}${i.toString(16).padStart(4, '0')}`,
      type: 'ERC20' as const,
      name: `Paged Coin ${i}`,
      symbol: `PGC${i}`,
      decimals: 18,
      deployed: true,
      bytecodeHash: `0x${'22'.repeat(32)}`,
      firstBlock: null,
      extensions: '{}',
      logoURI: null,
      verified: false,
      verifiedBy: null,
      blacklist: false,
      featured: false,
      refreshedAt: now,
      updatedAt: now,
    });
    await env.server.app.db.getRepository(ContractEntity).insert([...Array.from({ length: 40 }, (_, i) => row(A, i)), ...Array.from({ length: 5 }, (_, i) => row(B, i))]);
  });

  it('pages by echoing nextPage: 1-based, 30 per page, every row once; both routes alike', async () => {
    const first = await ok('SearchContracts', { chainID: String(A), q: 'paged coin' });
    expect(first.nextPage).toEqual({ page: 2, pageSize: 30, more: true });
    expect(first.contractInfo).toHaveLength(30);
    expect(Object.keys(first.contractInfo[0])).toEqual(CONTRACT_KEYS.filter((k) => k !== 'logoURI'));
    expect(await ok('SearchContractsByQuery', { chainID: String(A), q: 'paged coin' })).toEqual(first);
    const second = await ok('SearchContractsByQuery', { chainID: String(A), q: 'paged coin', page: first.nextPage });
    expect(second.nextPage).toEqual({ pageSize: 30, more: false });
    const all = [...first.contractInfo, ...second.contractInfo].map((c: any) => c.address);
    expect(all).toHaveLength(40);
    expect(new Set(all).size).toBe(40);
  });

  it('takes chainIDs (ids or names, strings or numbers), types, and a smaller pageSize', async () => {
    const both = await ok('SearchContracts', { q: 'PGC3', chainIDs: ['anvil', B], types: ['ERC20'], page: { pageSize: 2 } });
    expect(both.contractInfo.map((c: any) => [c.chainId, c.symbol])).toEqual([
      [A, 'PGC3'],
      [B, 'PGC3'],
    ]);
    expect(both.nextPage).toEqual({ page: 2, pageSize: 2, more: true });
    expect((await ok('SearchContracts', { q: 'paged', chainID: 'beta', types: ['ERC721'] })).contractInfo).toEqual([]);
    const bad = await rpc('SearchContracts', { q: 'x', chainID: 'gamma' });
    expect(bad.body).toMatchObject({ error: 'ChainNotFound', code: 3003 });
  });
});

describe('GetTokenMetadata and GetTokenMetadataBatch', () => {
  let nft: Awaited<ReturnType<MetadataEnv['deploy']>>;
  let multi: Awaited<ReturnType<MetadataEnv['deploy']>>;

  beforeAll(async () => {
    nft = await env.deploy('TestERC721.sol', ['Wire Tokens', 'WTK']);
    for (const id of [1, 2]) await (await nft.mint('0x00000000000000000000000000000000000000a1', id)).wait();
    await (await nft.setTokenURI(1, `${env.docs.origin}/w/1.json`)).wait();
    const inline = { name: 'Bare', image: 'https://img.example/bare.png', decimals: 0, image_data: '<svg/>', video: 'https://v.example/1.mp4' };
    await (await nft.setTokenURI(2, `data:application/json,${encodeURIComponent(JSON.stringify(inline))}`)).wait();
    multi = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/wm/{id}.json`]);
  });

  const expectedToken = (path: string, tokenId: string) => {
    const d = docFor(path);
    return {
      tokenId,
      source: 'FETCHER_ON_CHAIN_TOKEN_URI',
      name: d.name,
      description: d.description,
      image: d.image,
      properties: d.properties,
      attributes: d.attributes,
      external_url: d.external_url,
      externalUrl: d.external_url,
      background_color: d.background_color,
      backgroundColor: d.background_color,
      animation_url: d.animation_url,
      animationUrl: d.animation_url,
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      status: 'AVAILABLE',
    };
  };

  it('sends TokenMetadata with both spellings of the four fields; empty optional fields omitted', async () => {
    const { tokenMetadata } = await ok('GetTokenMetadata', { chainID: String(A), contractAddress: nft.address, tokenIDs: ['1', 2, '3'] });
    expect(tokenMetadata[0]).toEqual(expectedToken('/w/1.json', '1'));
    expect(tokenMetadata[1]).toEqual({
      tokenId: '2',
      source: 'FETCHER_ON_CHAIN_TOKEN_URI',
      name: 'Bare',
      description: '',
      image: 'https://img.example/bare.png',
      video: 'https://v.example/1.mp4',
      properties: null,
      attributes: null,
      image_data: '<svg/>',
      imageData: '<svg/>',
      decimals: 0,
      updatedAt: expect.stringMatching(RFC3339_TRIMMED),
      status: 'AVAILABLE',
    });
    // Token 3 does not exist: an entry with nothing in it, rather than a hole in the list.
    expect(tokenMetadata[2]).toEqual({
      tokenId: '3',
      source: 'UNKNOWN',
      name: '',
      description: '',
      image: '',
      properties: null,
      attributes: null,
      updatedAt: ZERO_TIME,
      status: 'NOT_AVAILABLE',
    });
  });

  it('batch: one entry per requested contract, keyed lower-case, ids as strings or numbers', async () => {
    const upper = nft.address.toUpperCase().replace('0X', '0x');
    const { contractTokenMetadata } = await ok('GetTokenMetadataBatch', { chainID: 'anvil', contractTokenMap: { [upper]: ['1'], [multi.address]: [5, '6'] } });
    expect(Object.keys(contractTokenMetadata)).toEqual([nft.address, multi.address]);
    expect(contractTokenMetadata[nft.address]).toEqual([expectedToken('/w/1.json', '1')]);
    expect(contractTokenMetadata[multi.address]).toEqual([
      expectedToken(`/wm/${'0'.repeat(63)}5.json`, '5'),
      expectedToken(`/wm/${'0'.repeat(63)}6.json`, '6'),
    ]);
    expect(await ok('GetTokenMetadataBatch', { chainID: 'anvil', contractTokenMap: {} })).toEqual({ contractTokenMetadata: {} });
  });

  it('refuses more than 50 contracts or 50 tokens per contract, and malformed maps', async () => {
    const map51 = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`0x${i.toString(16).padStart(40, '0')}`, ['1']]));
    const tooManyContracts = await rpc('GetTokenMetadataBatch', { chainID: 'anvil', contractTokenMap: map51 });
    expect(tooManyContracts.body).toMatchObject({ error: 'InvalidArgument', code: 2001, status: 400, msg: 'contractTokenMap: must hold at most 50 contracts (got 51)' });
    const ids51 = Array.from({ length: 51 }, (_, i) => String(i));
    const tooManyTokens = await rpc('GetTokenMetadataBatch', { chainID: 'anvil', contractTokenMap: { [nft.address]: ids51 } });
    expect(tooManyTokens.body).toMatchObject({ code: 2001, msg: `contractTokenMap.${nft.address}: must hold at most 50 token ids (got 51)` });
    const single = await rpc('GetTokenMetadata', { chainID: 'anvil', contractAddress: nft.address, tokenIDs: ids51 });
    expect(single.body).toMatchObject({ code: 2001, msg: 'tokenIDs: must hold at most 50 token ids (got 51)' });
    const exactly = await rpc('GetTokenMetadataBatch', {
      chainID: 'anvil',
      contractTokenMap: Object.fromEntries(Object.keys(map51).slice(0, 50).map((a) => [a, ids51.slice(0, 50)])),
    });
    expect(exactly.status).toBe(200);
    expect(Object.keys(exactly.body.contractTokenMetadata)).toHaveLength(50);
    expect(exactly.body.contractTokenMetadata['0x0000000000000000000000000000000000000001']).toHaveLength(50);

    expect((await rpc('GetTokenMetadataBatch', { chainID: 'anvil' })).body).toMatchObject({ code: 2001, msg: 'contractTokenMap: is required' });
    expect((await rpc('GetTokenMetadataBatch', { chainID: 'anvil', contractTokenMap: { nope: ['1'] } })).body).toMatchObject({
      code: 2001,
      msg: expect.stringMatching(/^contractTokenMap\.nope: must be a 0x-prefixed/),
    });
    expect((await rpc('GetTokenMetadata', { chainID: 'nowhere', contractAddress: nft.address, tokenIDs: ['1'] })).body).toMatchObject({ error: 'ChainNotFound', code: 3003 });
  });
});
