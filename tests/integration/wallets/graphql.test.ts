// Wallet linking over GraphQL on a real anvil: contract wallets as parents (ERC-1271 deployed, ERC-6492 counterfactual).
import { Wallet } from 'ethers';
import { startTestServer, type TestServer } from '../../helpers/server';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { contractWallets, linkBody, listBody, randomEoa, removeBody, walletRows, type ContractWallets, type Signs } from './wallet-kit';

let anvil: Anvil;
let server: TestServer;
let kit: ContractWallets;
let key: Record<string, string>;

beforeAll(async () => {
  anvil = await startAnvil();
  kit = await contractWallets(devWallet(anvil, 0));
  server = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}` }, { index: false });
  key = { 'X-Access-Key': (await server.createProject('graphql wallets')).accessKey };
});
afterAll(async () => {
  await server.stop();
  await anvil.stop();
});

const FIELDS = 'id walletAddress linkedWalletAddress walletType createdAt signatureChainId parentMessageForm linkedMessageForm parentSignatureType linkedSignatureType';

const LINK = `mutation($signatureChainId: String!, $linkedWalletType: String, $parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $linkedWalletAddress: String!, $linkedWalletMessage: String!, $linkedWalletSignature: String!) {
  linkWallet(signatureChainId: $signatureChainId, linkedWalletType: $linkedWalletType, parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, linkedWalletAddress: $linkedWalletAddress, linkedWalletMessage: $linkedWalletMessage, linkedWalletSignature: $linkedWalletSignature) { ${FIELDS} }
}`;
const LIST = `query($parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $signatureChainId: String!) {
  linkedWallets(parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, signatureChainId: $signatureChainId) { ${FIELDS} }
}`;
const REMOVE = `mutation($signatureChainId: String!, $parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $linkedWalletAddress: String!, $linkedWalletMessage: String, $linkedWalletSignature: String) {
  removeLinkedWallet(signatureChainId: $signatureChainId, parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, linkedWalletAddress: $linkedWalletAddress, linkedWalletMessage: $linkedWalletMessage, linkedWalletSignature: $linkedWalletSignature)
}`;

const linkOk = async (parent: Signs, child: Signs) => {
  const r = await server.graphql(LINK, await linkBody(parent, child, anvil.chainId), key);
  expect(r.body.errors).toBeUndefined();
  return r.body.data.linkWallet;
};
const owner = () => new Wallet(Wallet.createRandom().privateKey);

describe('GraphQL wallet linking', () => {
  it('links EOAs, lists and unlinks, recording the proof forms and signature types', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const linked = await linkOk(parent, child);
    expect(linked).toEqual({
      id: expect.any(Number),
      walletAddress: parent.address.toLowerCase(),
      linkedWalletAddress: child.address.toLowerCase(),
      walletType: 'MetaMask',
      createdAt: expect.any(String),
      signatureChainId: anvil.chainId,
      parentMessageForm: 'PLAIN',
      linkedMessageForm: 'PLAIN',
      parentSignatureType: 'EOA',
      linkedSignatureType: 'EOA',
    });
    expect((await linkOk(parent, child)).id).toBe(linked.id);
    const listed = await server.graphql(LIST, await listBody(parent, anvil.chainId), key);
    expect(listed.body.data.linkedWallets).toEqual([linked]);
    const removed = await server.graphql(REMOVE, await removeBody(parent, child, anvil.chainId, { childProof: true }), key);
    expect(removed.body).toEqual({ data: { removeLinkedWallet: true } });
  });

  it('reports refusals with the domain error kind and field in extensions', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const body = await linkBody(parent, child, anvil.chainId);
    const r = await server.graphql(LINK, { ...body, parentWalletSignature: body.linkedWalletSignature }, key);
    // The failed root field is null; the rest of `data` would survive it.
    expect(r.body.data).toEqual({ linkWallet: null });
    expect(r.body.errors[0]).toMatchObject({ message: expect.stringMatching(/^parentWalletSignature: is not a valid signature/), extensions: { code: 'INVALID_ARGUMENT', field: 'parentWalletSignature' } });
    const unknownChain = await server.graphql(LINK, { ...body, signatureChainId: '4242' }, key);
    expect(unknownChain.body.errors[0].extensions).toMatchObject({ code: 'CHAIN_NOT_FOUND', field: 'signatureChainId' });
    const noKey = await server.graphql(LINK, body);
    expect(noKey.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('contract wallets as parents', () => {
  it('a deployed ERC-1271 wallet (owner-EOA based) links a child', async () => {
    const parent = await kit.deployed(owner());
    const child = randomEoa();
    expect(await linkOk(parent, child)).toMatchObject({ walletAddress: parent.address.toLowerCase(), parentSignatureType: 'ERC1271', linkedSignatureType: 'EOA' });
    const listed = await server.graphql(LIST, await listBody(parent, anvil.chainId), key);
    expect(listed.body.data.linkedWallets).toHaveLength(1);
  });

  it('an ERC-1271 wallet signature by someone other than the owner is refused and leaves no row', async () => {
    const parent = await kit.deployed(owner());
    const impostor: Signs = { address: parent.address, sign: (m) => owner().signMessage(m) };
    const before = await walletRows(server);
    const r = await server.graphql(LINK, await linkBody(impostor, randomEoa(), anvil.chainId), key);
    expect(r.body.errors[0].message).toMatch(/^parentWalletSignature: is not a valid signature .*ERC-1271/);
    expect(await walletRows(server)).toEqual(before);
  });

  it('a counterfactual ERC-6492 wallet links a child and stays undeployed', async () => {
    const parent = kit.counterfactual(owner());
    const child = randomEoa();
    expect(await linkOk(parent, child)).toMatchObject({ walletAddress: parent.address.toLowerCase(), parentSignatureType: 'ERC6492' });
    expect(await anvil.rpc('eth_getCode', [parent.address, 'latest'])).toBe('0x');
    const forged = kit.counterfactual(owner());
    const r = await server.graphql(LINK, await linkBody({ address: forged.address, sign: parent.sign }, randomEoa(), anvil.chainId), key);
    expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'parentWalletSignature' });
  });
});
