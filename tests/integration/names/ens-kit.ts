// Deploys the real ENS contracts (tests/fixtures/ens: ENSRegistry and ReverseRegistrar of @ensdomains/ens 0.6.2,
// PublicResolver of @ensdomains/resolver 0.3.1) on anvil, as mainnet wires them: `eth` and `addr.reverse` owned by
// the deployer and the reverse registrar, names registered under `eth` with the public resolver.
import fs from 'node:fs';
import path from 'node:path';
import { Contract, ContractFactory, id, namehash, type Signer } from 'ethers';

const FIXTURES = path.resolve(__dirname, '..', '..', 'fixtures', 'ens');
const artifact = (name: string): { abi: any[]; bytecode: string } => JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8'));

export type EnsKit = {
  registry: Contract;
  resolver: Contract;
  reverseRegistrar: Contract;
  /** Registers `<label>.eth` to `owner` with the public resolver and sets its address record to `address`. */
  register(label: string, owner: Signer, address?: string): Promise<string>;
  /** `owner` changes the address record of a name it owns. */
  setAddr(name: string, owner: Signer, address: string): Promise<void>;
  /** `wallet` writes its reverse record (what its primary name claims to be). */
  setReverseName(wallet: Signer, name: string): Promise<void>;
};

const deploy = async (deployer: Signer, name: string, ...args: unknown[]): Promise<Contract> => {
  const { abi, bytecode } = artifact(name);
  const c = await new ContractFactory(abi, bytecode, deployer).deploy(...args);
  await c.waitForDeployment();
  return c as Contract;
};

export const deployEns = async (deployer: Signer): Promise<EnsKit> => {
  // Every transaction is mined before the next is sent: the deployer's nonce is read fresh each time, so other
  // helpers may use the same account in between.
  const registry = await deploy(deployer, 'ENSRegistry');
  const resolver = await deploy(deployer, 'PublicResolver', await registry.getAddress());
  const me = await deployer.getAddress();
  const root = '0x' + '00'.repeat(32);
  await (await registry.setSubnodeOwner(root, id('eth'), me)).wait();
  await (await registry.setSubnodeOwner(root, id('reverse'), me)).wait();
  const reverseRegistrar = await deploy(deployer, 'ReverseRegistrar', await registry.getAddress(), await resolver.getAddress());
  await (await registry.setSubnodeOwner(namehash('reverse'), id('addr'), await reverseRegistrar.getAddress())).wait();
  const as = (c: Contract, s: Signer) => c.connect(s) as Contract;
  return {
    registry,
    resolver,
    reverseRegistrar,
    async register(label, owner, address) {
      const ownerAddress = await owner.getAddress();
      await (await registry.setSubnodeRecord(namehash('eth'), id(label), ownerAddress, await resolver.getAddress(), 0)).wait();
      const name = `${label}.eth`;
      await (await as(resolver, owner)['setAddr(bytes32,address)'](namehash(name), address ?? ownerAddress)).wait();
      return name;
    },
    async setAddr(name, owner, address) {
      await (await as(resolver, owner)['setAddr(bytes32,address)'](namehash(name), address)).wait();
    },
    async setReverseName(wallet, name) {
      await (await as(reverseRegistrar, wallet).setName(name)).wait();
    },
  };
};
