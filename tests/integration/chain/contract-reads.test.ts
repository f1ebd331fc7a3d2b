import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { keccak256, type Contract, type Wallet } from 'ethers';
import { startAnvil, devWallet, type Anvil } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { createChainClient, type ChainClient } from '../../../src/chain/client';
import { RetryableChainError } from '../../../src/chain/errors';
import { readContractBasics, readContractURI, readERC1155Uri, readTokenURI } from '../../../src/chain/contract-reads';

describe('contract reads against anvil', () => {
  let anvil: Anvil;
  let client: ChainClient;
  let deployer: Wallet;
  const at = async (c: Contract) => (await c.getAddress()).toLowerCase();
  const deploy = (file: string, name: string, args: unknown[] = []) => deployContract(deployer, file, name, args);
  const noisy = (name: string) => deploy('NoisyLogs.sol', name).then(at);

  beforeAll(async () => {
    anvil = await startAnvil();
    client = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl });
    deployer = devWallet(anvil, 0);
  });

  afterAll(async () => {
    await client?.close();
    await anvil?.stop();
  });

  it('classifies the test tokens', async () => {
    const erc20 = await deploy('TestERC20.sol', 'TestERC20', ['Test Dollar', 'TUSD', 6]);
    const erc721 = await deploy('TestERC721.sol', 'TestERC721', ['Test NFT', 'TNFT']);
    const erc1155 = await deploy('TestERC1155.sol', 'TestERC1155', ['ipfs://x/{id}.json']);
    const market = await deploy('Marketplace.sol', 'Marketplace');

    const code = await client.eth_getCode(await at(erc20));
    expect(await readContractBasics(client, await at(erc20))).toEqual({
      type: 'ERC20',
      name: 'Test Dollar',
      symbol: 'TUSD',
      decimals: 6,
      deployed: true,
      bytecodeHash: keccak256(code),
    });
    expect(await readContractBasics(client, await at(erc721))).toMatchObject({ type: 'ERC721', name: 'Test NFT', symbol: 'TNFT', decimals: null, deployed: true });
    expect(await readContractBasics(client, await at(erc1155))).toMatchObject({ type: 'ERC1155', name: '', symbol: '', decimals: null, deployed: true });
    const m = await readContractBasics(client, await at(market));
    expect(m).toMatchObject({ type: 'UNKNOWN', name: '', symbol: '', decimals: null, deployed: true });
    expect(m.bytecodeHash).toMatch(/^0x[0-9a-f]{64}$/);
  });

  it('reports an EOA, and a contract before its deployment block, as not deployed', async () => {
    expect(await readContractBasics(client, deployer.address)).toEqual({
      type: 'UNKNOWN',
      name: '',
      symbol: '',
      decimals: null,
      deployed: false,
      bytecodeHash: '0x',
    });
    const before = await client.eth_blockNumber();
    const token = await at(await deploy('TestERC20.sol', 'TestERC20', ['Later', 'LTR', 18]));
    expect(await readContractBasics(client, token, before)).toMatchObject({ deployed: false, bytecodeHash: '0x' });
    expect(await readContractBasics(client, token, before + 1)).toMatchObject({ deployed: true, name: 'Later' });
  });

  it('tolerates hostile names, symbols and decimals', async () => {
    expect(await readContractBasics(client, await noisy('EmptyNameToken'))).toMatchObject({ type: 'ERC20', name: '', symbol: '', decimals: 18 });
    expect(await readContractBasics(client, await noisy('NulNameToken'))).toMatchObject({ type: 'ERC20', name: 'NulToken', symbol: 'NL', decimals: 6 });
    expect(await readContractBasics(client, await noisy('Bytes32NameToken'))).toMatchObject({ type: 'ERC20', name: 'Maker', symbol: 'MKR', decimals: 18 });
    expect(await readContractBasics(client, await noisy('RevertingNameToken'))).toMatchObject({ type: 'ERC20', name: '', symbol: '', decimals: null });
    const long = await readContractBasics(client, await noisy('LongNameToken'));
    expect(long).toMatchObject({ type: 'ERC20', name: 'A'.repeat(200), symbol: 'A\uFFFDB', decimals: 0 });
    expect(await readContractBasics(client, await noisy('BadDecimalsToken'))).toMatchObject({ type: 'UNKNOWN', name: 'Bad Decimals', decimals: null });
    // Says yes to every interface including 0xffffffff, so ERC-165 does not trust it.
    expect((await readContractBasics(client, await noisy('YesMan'))).type).not.toMatch(/ERC721|ERC1155/);
  });

  it('bounds the gas of every read', async () => {
    const guzzler = await noisy('GasGuzzler');
    const started = Date.now();
    expect(await readContractBasics(client, guzzler)).toMatchObject({ type: 'UNKNOWN', name: '', symbol: '', deployed: true });
    expect(await readTokenURI(client, guzzler, 1n, { gas: 1_000_000n })).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reads tokenURI, uri and contractURI', async () => {
    const nft = await deploy('TestERC721.sol', 'TestERC721', ['Test NFT', 'TNFT']);
    const nftAt = await at(nft);
    await (await nft.mint(deployer.address, 1n)).wait();
    await (await nft.mint(deployer.address, 2n)).wait();
    expect(await readTokenURI(client, nftAt, 1n)).toBeNull(); // no base, no token URI: ''
    await (await nft.setBaseURI('https://meta.test/')).wait();
    await (await nft.setTokenURI(2n, 'two.json')).wait();
    expect(await readTokenURI(client, nftAt, 1n)).toBe('https://meta.test/1');
    expect(await readTokenURI(client, nftAt, 2n)).toBe('https://meta.test/two.json');
    expect(await readTokenURI(client, nftAt, 99n)).toBeNull(); // reverts: nonexistent token
    expect(await readContractURI(client, nftAt)).toBeNull();
    await (await nft.setContractURI('ipfs://collection.json')).wait();
    expect(await readContractURI(client, nftAt)).toBe('ipfs://collection.json');

    const multi = await deploy('TestERC1155.sol', 'TestERC1155', ['https://meta.test/{id}.json']);
    expect(await readERC1155Uri(client, await at(multi), 5n)).toBe('https://meta.test/{id}.json');
    await (await multi.setURI('ar://new/{id}')).wait();
    expect(await readERC1155Uri(client, await at(multi), 5n)).toBe('ar://new/{id}');
    expect(await readERC1155Uri(client, nftAt, 1n)).toBeNull(); // not an ERC-1155
    expect(await readTokenURI(client, deployer.address, 1n)).toBeNull(); // EOA
  });

  it('propagates node trouble instead of reporting an empty contract', async () => {
    const token = await at(await deploy('TestERC20.sol', 'TestERC20', ['Real', 'REAL', 18]));
    // Answers eth_chainId (so the client starts) and eth_getCode, then fails every eth_call with 503.
    const server = http.createServer(async (req, res) => {
      let body = '';
      for await (const c of req) body += c;
      if (JSON.parse(body).method === 'eth_call') return res.writeHead(503).end();
      const upstream = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end(await upstream.text());
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const flaky = await createChainClient({
      chainId: anvil.chainId,
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      retryMinDelayMs: 1,
    });
    try {
      await expect(readContractBasics(client, token)).resolves.toMatchObject({ name: 'Real' });
      await expect(readContractBasics(flaky, token, 'latest', { retries: 1 })).rejects.toBeInstanceOf(RetryableChainError);
      await expect(readTokenURI(flaky, token, 1n, { retries: 0 })).rejects.toBeInstanceOf(RetryableChainError);
    } finally {
      await flaky.close();
      await new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r())));
    }
  });
});
