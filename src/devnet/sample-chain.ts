// Sample tokens on the devnet and a steady trickle of transfers, so a newcomer sees balances, history and live
// updates at once. The contracts are the test suite's fixtures (tests/fixtures), deployed from their committed
// artifacts; token metadata is inline (data: URIs), so nothing is fetched from the internet.
import fs from 'node:fs';
import { Contract, ContractFactory, JsonRpcProvider, NonceManager, Wallet } from 'ethers';
import { projectPath } from '../config/paths';

/** anvil's well-known dev keys (mnemonic "test test … junk"): accounts 0-4. */
const DEV_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
];

export type SampleChain = {
  contracts: { erc20: string; erc721: string; erc1155: string };
  accounts: string[];
  /** Stops the transfers (the next round is not started). */
  stop(): Promise<void>;
};

const artifact = (name: string): { abi: unknown[]; bytecode: string } =>
  JSON.parse(fs.readFileSync(projectPath('tests', 'fixtures', 'artifacts', `${name}.json`), 'utf8'));

const dataJson = (doc: Record<string, unknown>) => `data:application/json;base64,${Buffer.from(JSON.stringify(doc)).toString('base64')}`;

const svg = (fill: string, label: string) =>
  `data:image/svg+xml;base64,${Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect width="100" height="100" fill="${fill}"/><text x="50" y="58" font-size="20" text-anchor="middle" fill="white">${label}</text></svg>`,
  ).toString('base64')}`;

const COLOURS = ['#e4572e', '#17bebb', '#ffc914', '#2e282a', '#76b041'];

/** Deploys ERC-20, ERC-721 (with per-token metadata) and ERC-1155 samples, then sends a few transfers every `everyMs`. */
export const startSampleChain = async (rpcUrl: string, chainId: number, { everyMs = 2_000 } = {}): Promise<SampleChain> => {
  const provider = new JsonRpcProvider(rpcUrl, chainId, { staticNetwork: true, cacheTimeout: -1, pollingInterval: 100 });
  const wallets = DEV_KEYS.map((k) => new Wallet(k, provider));
  const owner = new NonceManager(wallets[0]);
  const accounts = wallets.map((w) => w.address.toLowerCase());
  const deploy = async (name: string, args: unknown[]): Promise<Contract> => {
    const { abi, bytecode } = artifact(name);
    const contract = await new ContractFactory(abi as never, bytecode, owner).deploy(...args);
    await contract.waitForDeployment();
    return contract as Contract;
  };
  const erc20 = await deploy('TestERC20', ['Strata Dollar', 'SUSD', 6]);
  const erc721 = await deploy('TestERC721', ['Strata Gems', 'GEM']);
  const erc1155 = await deploy('TestERC1155', [dataJson({ name: 'Strata Item', description: 'A sample ERC-1155 item on the devnet', image: svg('#5b5f97', 'ITEM') })]);
  const send = async (tx: Promise<{ wait(): Promise<unknown> }>) => (await tx).wait();
  await send(erc721.setContractURI(dataJson({ name: 'Strata Gems', description: 'Sample NFTs of `strata dev`' })));

  let nextGem = 1;
  const mintGem = async (to: string) => {
    const id = nextGem++;
    await send(erc721.mint(to, id));
    const colour = COLOURS[id % COLOURS.length];
    await send(erc721.setTokenURI(id, dataJson({ name: `Gem #${id}`, description: 'A sample ERC-721 token', image: svg(colour, `#${id}`), attributes: [{ trait_type: 'colour', value: colour }] })));
  };
  for (const to of accounts) await send(erc20.mint(to, 1_000_000_000n));
  for (const to of accounts.slice(0, 3)) await mintGem(to);
  await send(erc1155.mintBatch(accounts[0], [1n, 2n, 3n], [100n, 50n, 10n]));

  let round = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    round++;
    const from = wallets[round % wallets.length];
    const to = accounts[(round + 1) % accounts.length];
    await send((erc20.connect(from) as Contract).transfer(to, BigInt(1 + (round % 97)) * 10_000n));
    if (round % 3 === 0) await mintGem(accounts[round % accounts.length]);
    if (round % 4 === 0) await send(erc1155.mint(to, BigInt(1 + (round % 3)), 1n));
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch(() => undefined).then(schedule);
    }, everyMs);
  };
  schedule();

  return {
    contracts: { erc20: (await erc20.getAddress()).toLowerCase(), erc721: (await erc721.getAddress()).toLowerCase(), erc1155: (await erc1155.getAddress()).toLowerCase() },
    accounts,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      provider.destroy();
    },
  };
};
