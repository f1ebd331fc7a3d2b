// verifyMessageSignature on a real anvil: EOAs without a call, ERC-1271 wallets, ERC-6492 counterfactual wallets in one eth_call.
import { Wallet } from 'ethers';
import { createChainClient, type ChainClient } from '../../../src/chain';
import { verifyMessageSignature, type SignatureClient } from '../../../src/chain/signatures';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { contractWallets, mangle, wrap6492, type ContractWallets } from './wallet-kit';

let anvil: Anvil;
let client: ChainClient;
let kit: ContractWallets;

beforeAll(async () => {
  anvil = await startAnvil();
  client = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl });
  kit = await contractWallets(devWallet(anvil, 0));
});
afterAll(async () => {
  await client.close();
  await anvil.stop();
});

/** The client, recording every JSON-RPC method the verifier sends. */
const recording = () => {
  const calls: string[] = [];
  const c: SignatureClient = {
    request: (method, params, opts) => (calls.push(method), client.request(method, params, opts)),
    eth_call: (call, block, opts) => (calls.push('eth_call'), client.eth_call(call, block, opts)),
  };
  return { calls, client: c };
};

const message = 'child wallet with address 0x00000000000000000000000000000000000000aa';
const owner = () => new Wallet(Wallet.createRandom().privateKey);

describe('EOA signatures', () => {
  it('recover locally, with no node call (65-byte v 27/28 and 0/1, 64-byte EIP-2098)', async () => {
    const w = owner();
    const sig = await w.signMessage(message);
    const noNode = () => Promise.reject(new Error('no node call expected'));
    for (const signature of [sig, mangle.v01(sig), mangle.compact(sig)]) {
      const r = await verifyMessageSignature({ client: noNode, address: w.address.toLowerCase(), message, signature });
      expect(r).toEqual({ valid: true, kind: 'eoa', reason: expect.any(String) });
    }
  });

  it('refuses another key’s, another message’s and a truncated signature', async () => {
    const w = owner();
    const cases = [await owner().signMessage(message), await w.signMessage(`${message}!`), mangle.truncated(await w.signMessage(message))];
    for (const signature of cases) {
      const rec = recording();
      const r = await verifyMessageSignature({ client: rec.client, address: w.address, message, signature });
      expect(r).toMatchObject({ valid: false, kind: 'eoa' });
      expect(r.reason).toMatch(/no contract code/);
      expect(rec.calls).toEqual(['eth_call']); // the ERC-1271 probe finds no code
    }
  });
});

describe('ERC-1271 (deployed contract wallet)', () => {
  it('is valid when the owner signed, with one isValidSignature call', async () => {
    const o = owner();
    const wallet = await kit.deployed(o);
    const rec = recording();
    const r = await verifyMessageSignature({ client: rec.client, address: wallet.address, message, signature: await wallet.sign(message) });
    expect(r).toEqual({ valid: true, kind: 'erc1271', reason: expect.stringMatching(/0x1626ba7e/) });
    expect(rec.calls).toEqual(['eth_call']);
  });

  it('is refused when someone else signed or the message differs', async () => {
    const wallet = await kit.deployed(owner());
    for (const signature of [await owner().signMessage(message), await wallet.sign('something else')]) {
      const r = await verifyMessageSignature({ client, address: wallet.address, message, signature });
      expect(r).toMatchObject({ valid: false, kind: 'erc1271' });
    }
  });
});

describe('ERC-6492 (counterfactual wallet)', () => {
  it('is valid with exactly one eth_call, and the wallet stays undeployed', async () => {
    const wallet = kit.counterfactual(owner());
    expect(await client.eth_getCode(wallet.address.toLowerCase())).toBe('0x');
    const rec = recording();
    const r = await verifyMessageSignature({ client: rec.client, address: wallet.address, message, signature: await wallet.sign(message) });
    expect(r).toEqual({ valid: true, kind: 'erc6492', reason: expect.any(String) });
    expect(rec.calls).toEqual(['eth_call']);
    expect(await client.eth_getCode(wallet.address.toLowerCase())).toBe('0x');
  });

  it('is refused for a wrong owner, a wrong address and a broken wrapper', async () => {
    const o = owner();
    const wallet = kit.counterfactual(o);
    const other = kit.counterfactual(owner());
    const forged = wrap6492(await kit.factory.getAddress(), kit.factory.interface.encodeFunctionData('deploy', [o.address, wallet.salt]), await owner().signMessage(message));
    expect(await verifyMessageSignature({ client, address: wallet.address, message, signature: forged })).toMatchObject({ valid: false, kind: 'erc6492' });
    // A valid wrapped signature of one counterfactual wallet proves nothing for another address.
    expect(await verifyMessageSignature({ client, address: other.address, message, signature: await wallet.sign(message) })).toMatchObject({
      valid: false,
      kind: 'erc6492',
    });
    const noNode = () => Promise.reject(new Error('no node call expected'));
    const broken = '0x1234' + '6492'.repeat(16);
    expect(await verifyMessageSignature({ client: noNode, address: wallet.address, message, signature: broken })).toMatchObject({ valid: false, kind: 'erc6492' });
  });

  it('still verifies once the wallet is deployed (the wallet is asked directly)', async () => {
    const o = owner();
    const wallet = kit.counterfactual(o);
    const signature = await wallet.sign(message);
    await kit.deployed(o, wallet.salt);
    expect(await verifyMessageSignature({ client, address: wallet.address, message, signature })).toMatchObject({ valid: true, kind: 'erc6492' });
  });
});

describe('bounds', () => {
  it('a node that does not answer in time fails the check with a timeout, not a refusal', async () => {
    const hang: SignatureClient = { request: () => new Promise(() => undefined), eth_call: () => new Promise(() => undefined) };
    const started = Date.now();
    await expect(verifyMessageSignature({ client: hang, address: owner().address, message, signature: '0x1234', timeoutMs: 200 })).rejects.toMatchObject({
      name: 'RetryableChainError',
      reason: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});
