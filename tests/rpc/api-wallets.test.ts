// API wallet-linking RPC (LinkWallet, GetLinkedWallets, RemoveLinkedWallet): wire shapes, every refusal, and no row left behind.
import { WalletLinkNonceEntity } from '../../src/db';
import { startTestServer, type TestServer } from '../helpers/server';
import { startAnvil, type Anvil } from '../helpers/anvil';
import { linkBody, listBody, mangle, nonce, randomEoa, removeBody, signIn, text, walletRows, type Signs } from '../integration/wallets/wallet-kit';

let anvil: Anvil;
let server: TestServer;
let key: { 'X-Access-Key': string };
let otherKey: { 'X-Access-Key': string };
let chainId: number;

beforeAll(async () => {
  anvil = await startAnvil();
  chainId = anvil.chainId;
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId, name: 'anvil', url: anvil.rpcUrl }]) }, { index: false });
  key = { 'X-Access-Key': (await server.createProject('wallets')).accessKey };
  otherKey = { 'X-Access-Key': (await server.createProject('other')).accessKey };
});
afterAll(async () => {
  await server.stop();
  await anvil.stop();
});

const RFC3339_TRIMMED = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d*[1-9])?Z$/;

type Expected = { status: number; error: string; code: number; msg: RegExp };
const invalid = (msg: RegExp): Expected => ({ status: 400, error: 'InvalidArgument', code: 2000, msg });

/** Asserts the webrpc error and that neither wallet table changed. */
const expectRefused = async (route: string, body: unknown, want: Expected, headers: Record<string, string> = key) => {
  const before = await walletRows(server);
  const r = await server.rpc(`API/${route}`, body, headers);
  const where = `${route} → ${r.status} ${JSON.stringify(r.body)}`;
  expect({ where, status: r.status }).toEqual({ where, status: want.status });
  expect(r.body).toEqual({ error: want.error, code: want.code, msg: expect.stringMatching(want.msg), message: r.body.msg, status: want.status });
  expect(await walletRows(server)).toEqual(before);
  return r.body;
};

const link = async (body: unknown, headers = key) => {
  const r = await server.rpc('API/LinkWallet', body, headers);
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: { status: true } });
};

const list = async (parent: Signs, headers = key) => {
  const r = await server.rpc('API/GetLinkedWallets', await listBody(parent, chainId), headers);
  expect(r.status).toBe(200);
  return r.body.linkedWallets as Array<Record<string, unknown>>;
};

describe('LinkWallet and GetLinkedWallets', () => {
  it('links a child and lists it with exactly the LinkedWallet fields, lower-case', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    await link(await linkBody(parent, child, chainId));
    const r = await server.rpc('API/GetLinkedWallets', await listBody(parent, chainId), key);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body).toEqual({
      linkedWallets: [
        {
          id: expect.any(Number),
          walletAddress: parent.address.toLowerCase(),
          linkedWalletAddress: child.address.toLowerCase(),
          walletType: 'MetaMask',
          createdAt: expect.stringMatching(RFC3339_TRIMMED),
        },
      ],
    });
  });

  it('linking the same pair again answers status true without a second row', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    await link(await linkBody(parent, child, chainId));
    const before = await walletRows(server);
    await link(await linkBody(parent, child, chainId, { linkedWalletType: 'Other' }));
    expect(await walletRows(server)).toEqual(before);
    expect(await list(parent)).toEqual([expect.objectContaining({ walletType: 'MetaMask' })]);
  });

  it('accepts addresses in any case, a numeric or named signatureChainId, and no linkedWalletType (walletType null)', async () => {
    const parent = randomEoa();
    const [c1, c2, c3] = [randomEoa(), randomEoa(), randomEoa()];
    const upper = (a: string) => '0x' + a.slice(2).toUpperCase();
    const body = await linkBody(parent, c1, chainId, {
      parentWalletMessage: text.parentOf(upper(c1.address)),
      linkedWalletMessage: text.linkTo(parent.address.toLowerCase()),
    });
    await link({ ...body, parentWalletMessage: body.parentWalletMessage, parentWalletSignature: await parent.sign(body.parentWalletMessage), parentWalletAddress: upper(parent.address), linkedWalletAddress: c1.address.toLowerCase() });
    await link({ ...(await linkBody(parent, c2, chainId)), signatureChainId: chainId });
    const { linkedWalletType: _, ...noType } = await linkBody(parent, c3, chainId);
    await link({ ...noType, signatureChainId: 'anvil' });
    const got = await list(parent);
    expect(got.map((w) => w.linkedWalletAddress)).toEqual([c1, c2, c3].map((c) => c.address.toLowerCase()));
    expect(got[2].walletType).toBeNull();
  });

  it('lists an empty array for a parent without links, and scopes links to the access key’s project', async () => {
    const parent = randomEoa();
    expect(await list(parent)).toEqual([]);
    await link(await linkBody(parent, randomEoa(), chainId));
    expect(await list(parent, otherKey)).toEqual([]);
    expect(await list(parent)).toHaveLength(1);
  });

  it('refuses a child already linked to another parent (RequestConflict), in the same project only', async () => {
    const child = randomEoa();
    await link(await linkBody(randomEoa(), child, chainId));
    await expectRefused('LinkWallet', await linkBody(randomEoa(), child, chainId), {
      status: 409,
      error: 'RequestConflict',
      code: 1004,
      msg: /^linkedWalletAddress: 0x[0-9a-f]{40} is already linked to another parent wallet/,
    });
    await link(await linkBody(randomEoa(), child, chainId), otherKey);
  });

  it('settles concurrent requests: one parent wins a contested child, a repeated pair stays one row', async () => {
    const child = randomEoa();
    const [p1, p2] = [randomEoa(), randomEoa()];
    const contested = await Promise.all([linkBody(p1, child, chainId), linkBody(p2, child, chainId)].map(async (b) => server.rpc('API/LinkWallet', await b, key)));
    expect(contested.map((r) => r.status).sort()).toEqual([200, 409]);
    const pair = await linkBody(p1, randomEoa(), chainId);
    const before = await walletRows(server);
    const same = await Promise.all([1, 2, 3].map(() => server.rpc('API/LinkWallet', pair, key)));
    expect(same.map((r) => r.body)).toEqual([{ status: true }, { status: true }, { status: true }]);
    expect((await walletRows(server)).links).toBe(before.links + 1);
  });

  it('refuses linking a wallet to itself', async () => {
    const w = randomEoa();
    await expectRefused('LinkWallet', await linkBody(w, w, chainId), invalid(/^linkedWalletAddress: is the parent wallet itself/));
  });
});

describe('LinkWallet refusals leave no row behind', () => {
  let parent: Signs;
  let child: Signs;
  let good: Awaited<ReturnType<typeof linkBody>>;
  beforeAll(async () => {
    parent = randomEoa();
    child = randomEoa();
    good = await linkBody(parent, child, chainId);
  });

  const notSigned = (field: string) => invalid(new RegExp(`^${field}: is not a valid signature of \\w+Message by 0x[0-9a-f]{40} on chain \\d+: `));

  it('a forged parent signature (another key)', async () => {
    await expectRefused('LinkWallet', { ...good, parentWalletSignature: await randomEoa().sign(good.parentWalletMessage) }, notSigned('parentWalletSignature'));
  });
  it('a forged child signature (another key)', async () => {
    await expectRefused('LinkWallet', { ...good, linkedWalletSignature: await randomEoa().sign(good.linkedWalletMessage) }, notSigned('linkedWalletSignature'));
  });
  it('swapped signatures', async () => {
    await expectRefused('LinkWallet', { ...good, parentWalletSignature: good.linkedWalletSignature, linkedWalletSignature: good.parentWalletSignature }, notSigned('parentWalletSignature'));
  });
  it('swapped messages', async () => {
    await expectRefused(
      'LinkWallet',
      { ...good, parentWalletMessage: good.linkedWalletMessage, linkedWalletMessage: good.parentWalletMessage },
      invalid(/^parentWalletMessage: must be "child wallet with address 0x[0-9a-f]{40}"/),
    );
  });
  it('a signature of another text (signed exactly what it claims, but not the documented message)', async () => {
    const msg = 'I agree to anything';
    await expectRefused('LinkWallet', { ...good, parentWalletMessage: msg, parentWalletSignature: await parent.sign(msg) }, invalid(/^parentWalletMessage: must be "child wallet/));
  });
  it('a text naming another address', async () => {
    const msg = text.linkTo(randomEoa().address);
    await expectRefused('LinkWallet', { ...good, linkedWalletMessage: msg, linkedWalletSignature: await child.sign(msg) }, invalid(/^linkedWalletMessage: must be "Link to parent wallet with address /));
  });
  it('a signature over a different text than the message sent', async () => {
    await expectRefused('LinkWallet', { ...good, linkedWalletSignature: await child.sign(text.unlinkFrom(parent.address)) }, notSigned('linkedWalletSignature'));
  });
  it('truncated, empty and non-hex signatures', async () => {
    await expectRefused('LinkWallet', { ...good, parentWalletSignature: mangle.truncated(good.parentWalletSignature) }, notSigned('parentWalletSignature'));
    await expectRefused('LinkWallet', { ...good, linkedWalletSignature: good.linkedWalletSignature.slice(0, -1) }, invalid(/^linkedWalletSignature: must be 0x-prefixed hex bytes/));
    await expectRefused('LinkWallet', { ...good, linkedWalletSignature: '0x' }, invalid(/^linkedWalletSignature: must be 0x-prefixed hex bytes/));
    await expectRefused('LinkWallet', { ...good, parentWalletSignature: '' }, invalid(/^parentWalletSignature: is required/));
  });
  it('missing or malformed required fields, named', async () => {
    const { parentWalletSignature: _, ...noSig } = good;
    await expectRefused('LinkWallet', noSig, invalid(/^parentWalletSignature: is required/));
    await expectRefused('LinkWallet', { ...good, linkedWalletAddress: '0x1234' }, invalid(/^linkedWalletAddress: must be a 0x-prefixed 20-byte hex address/));
    await expectRefused('LinkWallet', { ...good, linkedWalletAddress: 42 }, invalid(/^linkedWalletAddress\b/));
  });
  it('a signatureChainId that is not configured (UnsupportedNetwork)', async () => {
    await expectRefused('LinkWallet', { ...good, signatureChainId: '999' }, { status: 422, error: 'UnsupportedNetwork', code: 3008, msg: /^signatureChainId: chain "999" is not configured/ });
    await expectRefused('LinkWallet', { ...good, signatureChainId: undefined }, invalid(/^signatureChainId: is required/));
  });
  it('no or an unknown access key', async () => {
    await expectRefused('LinkWallet', good, { status: 401, error: 'Unauthorized', code: 1000, msg: /access key/ }, {});
    await expectRefused('LinkWallet', good, { status: 401, error: 'AccessKeyNotFound', code: 1101, msg: /access key not found/ }, { 'X-Access-Key': 'AQAAAAAAAAAB-nope' });
  });
  it('and the good request still links afterwards', async () => {
    await link(good);
    expect(await list(parent)).toHaveLength(1);
  });
});

describe('RemoveLinkedWallet', () => {
  it('unlinks with the parent’s proof only (current clients), and again answers true', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    await link(await linkBody(parent, child, chainId));
    const body = await removeBody(parent, child, chainId);
    expect((await server.rpc('API/RemoveLinkedWallet', body, key)).body).toEqual({ status: true });
    expect(await list(parent)).toEqual([]);
    expect((await server.rpc('API/RemoveLinkedWallet', body, key)).body).toEqual({ status: true });
  });

  it('verifies the child’s optional proof when sent', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    await link(await linkBody(parent, child, chainId));
    const good = await removeBody(parent, child, chainId, { childProof: true });
    await expectRefused('RemoveLinkedWallet', { ...good, linkedWalletSignature: await randomEoa().sign(good.linkedWalletMessage!) }, invalid(/^linkedWalletSignature: is not a valid signature/));
    await expectRefused('RemoveLinkedWallet', { ...good, linkedWalletMessage: text.linkTo(parent.address), linkedWalletSignature: await child.sign(text.linkTo(parent.address)) }, invalid(/^linkedWalletMessage: must be "Unlink from parent wallet with address /));
    await expectRefused('RemoveLinkedWallet', { ...good, linkedWalletSignature: undefined }, invalid(/^linkedWalletSignature: is required/));
    expect(await list(parent)).toHaveLength(1);
    expect((await server.rpc('API/RemoveLinkedWallet', good, key)).body).toEqual({ status: true });
    expect(await list(parent)).toEqual([]);
  });

  it('refuses a forged parent proof, or the listing proof reused to unlink, and keeps the link', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    await link(await linkBody(parent, child, chainId));
    const good = await removeBody(parent, child, chainId);
    await expectRefused('RemoveLinkedWallet', { ...good, parentWalletSignature: await child.sign(good.parentWalletMessage) }, invalid(/^parentWalletSignature: is not a valid signature/));
    const listing = await listBody(parent, chainId);
    await expectRefused('RemoveLinkedWallet', { ...good, parentWalletMessage: listing.parentWalletMessage, parentWalletSignature: listing.parentWalletSignature }, invalid(/^parentWalletMessage: must be "child wallet with address/));
    await expectRefused('RemoveLinkedWallet', { ...good, signatureChainId: '5' }, { status: 422, error: 'UnsupportedNetwork', code: 3008, msg: /signatureChainId/ });
    expect(await list(parent)).toHaveLength(1);
  });
});

describe('GetLinkedWallets refusals', () => {
  it('a forged, wrong-text or other-chain proof', async () => {
    const parent = randomEoa();
    const good = await listBody(parent, chainId);
    await expectRefused('GetLinkedWallets', { ...good, parentWalletSignature: await randomEoa().sign(good.parentWalletMessage) }, invalid(/^parentWalletSignature: is not a valid signature/));
    await expectRefused('GetLinkedWallets', await listBody(parent, chainId, text.parentOf(parent.address)), invalid(/^parentWalletMessage: must be "parent wallet with address/));
    await expectRefused('GetLinkedWallets', { ...good, signatureChainId: '10' }, { status: 422, error: 'UnsupportedNetwork', code: 3008, msg: /signatureChainId/ });
  });
});

describe('EIP-4361 form', () => {
  const siweLink = async (parent: Signs, child: Signs, o: { parentNonce?: string; expiresInMs?: number; issuedAt?: Date } = {}) =>
    linkBody(parent, child, chainId, {
      parentWalletMessage: signIn({ address: parent.address, statement: text.parentOf(child.address), chainId, nonce: o.parentNonce, expiresInMs: o.expiresInMs, issuedAt: o.issuedAt }),
      linkedWalletMessage: signIn({ address: child.address, statement: text.linkTo(parent.address), chainId }),
    });

  it('forgets used nonces once their messages have expired (pruned after a sign-in-form request)', async () => {
    const nonces = server.app.db.getRepository(WalletLinkNonceEntity);
    const stale = { address: '0x' + '12'.repeat(20), nonce: 'stalenonce1' };
    await nonces.insert({ ...stale, expiresAt: new Date(Date.now() - 3600_000), createdAt: new Date(Date.now() - 7200_000) });
    await link(await siweLink(randomEoa(), randomEoa()));
    expect(await nonces.existsBy(stale)).toBe(false);
  });

  it('is accepted, and records the form and its nonces', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const before = await walletRows(server);
    await link(await siweLink(parent, child));
    expect(await walletRows(server)).toEqual({ links: before.links + 1, nonces: before.nonces + 2 });
    const [row] = await server.app.services.wallets.list({ accessKey: key['X-Access-Key'] }, await listBody(parent, chainId));
    expect(row).toMatchObject({ parentMessageForm: 'eip4361', linkedMessageForm: 'eip4361', parentSignatureKind: 'eoa' });
  });

  it('refuses a replayed nonce, even after the link was removed', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const body = await siweLink(parent, child);
    await link(body);
    expect((await server.rpc('API/RemoveLinkedWallet', await removeBody(parent, child, chainId), key)).body).toEqual({ status: true });
    await expectRefused('LinkWallet', body, invalid(/^parentWalletMessage: EIP-4361 message refused: nonce [0-9a-f]+ was already used by 0x[0-9a-f]{40}/));
    expect(await list(parent)).toEqual([]);
  });

  it('refuses an expired message, another chain id and another domain', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const expired = await siweLink(parent, child, { issuedAt: new Date(Date.now() - 7200_000), expiresInMs: 3600_000 });
    await expectRefused('LinkWallet', expired, invalid(/^parentWalletMessage: EIP-4361 message refused: the message has expired/));
    const otherChain = signIn({ address: child.address, statement: text.linkTo(parent.address), chainId: 1 });
    await expectRefused('LinkWallet', { ...(await siweLink(parent, child)), linkedWalletMessage: otherChain, linkedWalletSignature: await child.sign(otherChain) }, invalid(/^linkedWalletMessage: EIP-4361 message refused: Chain ID must be \d+/));
    const phished = signIn({ address: parent.address, statement: text.parentOf(child.address), chainId, domain: 'evil.example' });
    await expectRefused('LinkWallet', { ...(await siweLink(parent, child)), parentWalletMessage: phished, parentWalletSignature: await parent.sign(phished) }, invalid(/domain must be strata\.test/));
  });

  it('a refused request does not burn its nonce', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const body = await siweLink(parent, child, { parentNonce: nonce() });
    await expectRefused('LinkWallet', { ...body, linkedWalletSignature: await randomEoa().sign(body.linkedWalletMessage) }, invalid(/^linkedWalletSignature/));
    await link(body);
  });

  it('GetLinkedWallets accepts the form once per nonce', async () => {
    const parent = randomEoa();
    const msg = signIn({ address: parent.address, statement: text.list(parent.address), chainId });
    const body = await listBody(parent, chainId, msg);
    expect((await server.rpc('API/GetLinkedWallets', body, key)).body).toEqual({ linkedWallets: [] });
    await expectRefused('GetLinkedWallets', body, invalid(/nonce [0-9a-f]+ was already used/));
  });
});
