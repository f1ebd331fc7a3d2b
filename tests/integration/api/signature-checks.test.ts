// API/IsValidSignature, IsValidMessageSignature and IsValidTypedDataSignature through the published @0xsequence/api
// 3.0.9 client (and 2.1.4 for the message form), unchanged, and IsValidETHAuthProof with proofs made by
// @0xsequence/ethauth: an EOA, a deployed ERC-1271 wallet and a counterfactual
// ERC-6492 wallet on anvil (the contracts wallet linking's tests deploy); forged signatures are refused.
import { TypedDataEncoder, Wallet, getBytes, keccak256, toUtf8Bytes } from 'ethers';
import { SequenceAPIClient as ApiV2 } from '@0xsequence/api';
import { ETHAuth, Proof } from '@0xsequence/ethauth';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { rejectionOf } from '../../helpers/rejection';
import { startTestServer, type TestServer } from '../../helpers/server';
import { contractWallets, wrap6492, type ContractWallets } from '../wallets/wallet-kit';
type V3 = typeof import('@0xsequence/api-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceAPIClient, InvalidArgumentError, UnauthorizedError, UnsupportedNetworkError } = require('@0xsequence/api-v3') as V3;
type WebrpcError = InstanceType<V3['WebrpcError']>;

let anvil: Anvil;
let server: TestServer;
let kit: ContractWallets;
let api: InstanceType<V3['SequenceAPIClient']>;
let apiV2: ApiV2;
let chainId: string;

beforeAll(async () => {
  anvil = await startAnvil();
  kit = await contractWallets(devWallet(anvil, 0));
  server = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}` }, { index: false });
  const key = (await server.createProject('sigs')).accessKey;
  api = new SequenceAPIClient(server.url, key);
  apiV2 = new ApiV2(server.url, key);
  chainId = String(anvil.chainId);
});
afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

const owner = () => new Wallet(Wallet.createRandom().privateKey);
const message = 'Sign in to Example at 2026-12-03';
const digest = keccak256(toUtf8Bytes('a 32-byte digest'));
const typedData = {
  domain: { name: 'Example', version: '1', chainId: 31337, verifyingContract: '0x00000000000000000000000000000000000000aa' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0x00000000000000000000000000000000000000bb', contents: 'hello' },
};
const { EIP712Domain: _domainType, ...mailTypes } = typedData.types;
const typedDigest = TypedDataEncoder.hash(typedData.domain, mailTypes, typedData.message);

/** Every form signed by `w` for `address`; `wrap` turns the owner's signature into the wallet's (ERC-6492). */
const checks = async (address: string, w: Wallet, wrap: (sig: string) => string = (s) => s) => ({
  message: (await api.isValidMessageSignature({ chainId, walletAddress: address, message, signature: wrap(await w.signMessage(message)) })).isValid,
  digest: (await api.isValidSignature({ chainId, walletAddress: address, digest, signature: wrap(w.signingKey.sign(digest).serialized) })).isValid,
  typedData: (
    await api.isValidTypedDataSignature({ chainId, walletAddress: address, typedData, signature: wrap(await w.signTypedData(typedData.domain, mailTypes, typedData.message)) })
  ).isValid,
});
const ALL_VALID = { message: true, digest: true, typedData: true };
const NONE_VALID = { message: false, digest: false, typedData: false };

describe('EOA', () => {
  it('the signer’s signatures are valid for all three forms (3.0.9), and the message form for 2.1.4', async () => {
    const w = owner();
    expect(await checks(w.address, w)).toEqual(ALL_VALID);
    const signature = await w.signMessage(message);
    expect(await apiV2.isValidMessageSignature({ chainId, walletAddress: w.address.toLowerCase(), message, signature })).toEqual({ isValid: true });
  });

  it('forged ones are refused: another key, another message, another digest, altered typed data', async () => {
    const w = owner();
    expect(await checks(w.address, owner())).toEqual(NONE_VALID);
    const sig = await w.signMessage(message);
    expect((await api.isValidMessageSignature({ chainId, walletAddress: w.address, message: `${message}!`, signature: sig })).isValid).toBe(false);
    const other = keccak256(toUtf8Bytes('another digest'));
    expect((await api.isValidSignature({ chainId, walletAddress: w.address, digest: other, signature: w.signingKey.sign(digest).serialized })).isValid).toBe(false);
    const altered = { ...typedData, message: { ...typedData.message, contents: 'goodbye' } };
    const typedSig = await w.signTypedData(typedData.domain, mailTypes, typedData.message);
    expect((await api.isValidTypedDataSignature({ chainId, walletAddress: w.address, typedData: altered, signature: typedSig })).isValid).toBe(false);
  });
});

describe('ERC-1271 wallet (deployed)', () => {
  it('its owner’s signatures are valid; another key’s are not', async () => {
    const o = owner();
    const wallet = await kit.deployed(o);
    expect(await checks(wallet.address, o)).toEqual(ALL_VALID);
    expect(await checks(wallet.address, owner())).toEqual(NONE_VALID);
  });
});

describe('ERC-6492 wallet (counterfactual)', () => {
  it('its owner’s wrapped signatures are valid, another key’s are not, and the wallet stays undeployed', async () => {
    const o = owner();
    const salt = '0x' + '11'.repeat(32);
    const wallet = kit.counterfactual(o, salt);
    const factory = await kit.factory.getAddress();
    const calldata = kit.factory.interface.encodeFunctionData('deploy', [o.address, salt]);
    const wrap = (sig: string) => wrap6492(factory, calldata, sig);
    expect(await checks(wallet.address, o, wrap)).toEqual(ALL_VALID);
    expect(await checks(wallet.address, owner(), wrap)).toEqual(NONE_VALID);
    expect(await devWallet(anvil, 0).provider!.getCode(wallet.address)).toBe('0x');
  });
});

/** An ETHAuth proof string of `address`, signed by `sign` over the claims' EIP-712 digest. */
const ethAuthProof = async (address: string, sign: (digest: Uint8Array) => Promise<string> | string, expiresIn = 3600) => {
  const proof = new Proof({ address: address.toLowerCase() });
  proof.claims.app = 'Example';
  proof.setIssuedAtNow();
  proof.setExpiryIn(expiresIn);
  proof.signature = await sign(proof.messageDigest());
  return new ETHAuth().encodeProof(proof, true);
};
const ethAuthValid = async (address: string, proof: string) =>
  (await api.isValidETHAuthProof({ chainId, walletAddress: address, ethAuthProofString: proof })).isValid;

describe('IsValidETHAuthProof', () => {
  it('an EOA’s proof (personal sign of the digest) is valid; another key’s, another address’s and an expired one are not', async () => {
    const w = owner();
    const proof = await ethAuthProof(w.address, (d) => w.signMessage(d));
    expect(await ethAuthValid(w.address, proof)).toBe(true);
    expect(await ethAuthValid(w.address, await ethAuthProof(w.address, (d) => owner().signMessage(d)))).toBe(false);
    expect(await ethAuthValid(owner().address, proof)).toBe(false);
    // Signed correctly, but its exp is past (beyond the library's five minutes of drift).
    const expired = new Proof({ address: w.address.toLowerCase() });
    expired.claims = { app: 'Example', iat: Math.floor(Date.now() / 1000) - 7200, exp: Math.floor(Date.now() / 1000) - 3600, v: '1' };
    const typed = expired.messageTypedData(); // messageDigest() itself refuses expired claims
    const expiredSig = await w.signMessage(getBytes(TypedDataEncoder.hash(typed.domain, typed.types, typed.message)));
    const stale = `eth.${w.address.toLowerCase()}.${Buffer.from(JSON.stringify(expired.claims)).toString('base64url')}.${expiredSig}`;
    expect(await ethAuthValid(w.address, stale)).toBe(false);
  });

  it('a deployed ERC-1271 wallet’s and a counterfactual ERC-6492 wallet’s proofs are valid (the digest itself, as the library checks)', async () => {
    const o = owner();
    const deployed = await kit.deployed(o);
    expect(await ethAuthValid(deployed.address, await ethAuthProof(deployed.address, (d) => o.signingKey.sign(d).serialized))).toBe(true);
    expect(await ethAuthValid(deployed.address, await ethAuthProof(deployed.address, (d) => owner().signingKey.sign(d).serialized))).toBe(false);
    const salt = '0x' + '22'.repeat(32);
    const cf = kit.counterfactual(o, salt);
    const calldata = kit.factory.interface.encodeFunctionData('deploy', [o.address, salt]);
    const wrapped = (d: Uint8Array) => wrap6492(String(kit.factory.target), calldata, o.signingKey.sign(d).serialized);
    expect(await ethAuthValid(cf.address, await ethAuthProof(cf.address, wrapped))).toBe(true);
  });

  it('a string that is not a proof is InvalidArgument naming ethAuthProofString', async () => {
    const w = owner();
    for (const bad of ['nope', 'eth.0x12.abc.0x00', `eth.${w.address}.!!!.0x00`]) {
      const e = await rejectionOf<WebrpcError>(api.isValidETHAuthProof({ chainId, walletAddress: w.address, ethAuthProofString: bad }));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(/ethAuthProofString/);
    }
  });
});

describe('bad requests', () => {
  it('are InvalidArgument naming the field, an unknown chain UnsupportedNetwork; no access key is Unauthorized', async () => {
    const w = owner();
    const signature = await w.signMessage(message);
    const cases: Array<[Promise<unknown>, RegExp]> = [
      [api.isValidMessageSignature({ chainId, walletAddress: 'nope', message, signature }), /walletAddress/],
      [api.isValidMessageSignature({ chainId, walletAddress: w.address, message, signature: 'xyz' }), /signature/],
      [api.isValidSignature({ chainId, walletAddress: w.address, digest: '0x1234', signature }), /digest/],
      [api.isValidTypedDataSignature({ chainId, walletAddress: w.address, typedData: { domain: {}, types: { Mail: [{ name: 'to', type: 'nope' }] }, message: {} }, signature }), /typedData/],
    ];
    for (const [call, field] of cases) {
      const e = await rejectionOf<WebrpcError>(call);
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(field);
    }
    // A chain this server does not serve is the API's UnsupportedNetwork.
    const chain = await rejectionOf<WebrpcError>(api.isValidMessageSignature({ chainId: '999999', walletAddress: w.address, message, signature }));
    expect(chain).toBeInstanceOf(UnsupportedNetworkError);
    expect(chain.message).toMatch(/chainId/);
    const anonymous = new SequenceAPIClient(server.url);
    expect(await rejectionOf(anonymous.isValidMessageSignature({ chainId, walletAddress: w.address, message, signature }))).toBeInstanceOf(UnauthorizedError);
  });
});
