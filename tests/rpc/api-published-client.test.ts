// The published @0xsequence/api@2.1.4 SequenceAPIClient, unchanged, links, lists and unlinks wallets against Strata.
import { InvalidArgumentError, SequenceAPIClient, UnauthorizedError, WebrpcError, type RemoveLinkedWalletArgs } from '@0xsequence/api';
import { startTestServer, type TestServer } from '../helpers/server';
import { startAnvil, type Anvil } from '../helpers/anvil';
import { linkBody, listBody, randomEoa, removeBody, walletRows } from '../integration/wallets/wallet-kit';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

let anvil: Anvil;
let server: TestServer;
let api: SequenceAPIClient;

beforeAll(async () => {
  anvil = await startAnvil();
  server = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}` }, { index: false });
  const { accessKey } = await server.createProject('sdk');
  // Exactly as an app constructs it: base URL and the project's public access key.
  api = new SequenceAPIClient(server.url, accessKey);
});
afterAll(async () => {
  await server.stop();
  await anvil.stop();
});

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

describe('SequenceAPIClient against Strata', () => {
  it('sends X-Access-Key to /rpc/API/LinkWallet', async () => {
    // The client binds the global fetch at load time; observe (not alter) what its own fetch hook sends.
    const sent: Array<{ url: string; init: RequestInit }> = [];
    const hooked = api as unknown as { fetch: typeof fetch };
    const own = hooked.fetch;
    hooked.fetch = (url, init) => {
      const p = own(url, init);
      sent.push({ url: String(url), init: init! });
      return p;
    };
    try {
      await api.linkWallet(await linkBody(randomEoa(), randomEoa(), anvil.chainId));
    } finally {
      hooked.fetch = own;
    }
    expect(sent).toHaveLength(1);
    expect(sent[0].url).toBe(`${server.url}/rpc/API/LinkWallet`);
    expect(sent[0].init.method).toBe('POST');
    expect(sent[0].init.headers).toMatchObject({ 'X-Access-Key': expect.any(String), 'Content-Type': 'application/json' });
  });

  it('links, lists and unlinks (with and without the child’s unlink proof)', async () => {
    const parent = randomEoa();
    const [a, b] = [randomEoa(), randomEoa()];
    expect(await api.linkWallet(await linkBody(parent, a, anvil.chainId))).toEqual({ status: true });
    expect(await api.linkWallet(await linkBody(parent, b, anvil.chainId, { linkedWalletType: 'Coinbase Wallet' }))).toEqual({ status: true });

    const { linkedWallets } = await api.getLinkedWallets(await listBody(parent, anvil.chainId));
    expect(linkedWallets).toEqual([
      { id: expect.any(Number), walletAddress: parent.address.toLowerCase(), linkedWalletAddress: a.address.toLowerCase(), walletType: 'MetaMask', createdAt: expect.any(String) },
      { id: expect.any(Number), walletAddress: parent.address.toLowerCase(), linkedWalletAddress: b.address.toLowerCase(), walletType: 'Coinbase Wallet', createdAt: expect.any(String) },
    ]);
    // The demo app's check: the link is found by comparing lower-case addresses.
    expect(linkedWallets.some((w) => w.linkedWalletAddress === a.address.toLowerCase())).toBe(true);

    expect(await api.removeLinkedWallet((await removeBody(parent, a, anvil.chainId, { childProof: true })) as RemoveLinkedWalletArgs)).toEqual({ status: true });
    expect(await api.removeLinkedWallet((await removeBody(parent, b, anvil.chainId)) as RemoveLinkedWalletArgs)).toEqual({ status: true });
    expect((await api.getLinkedWallets(await listBody(parent, anvil.chainId))).linkedWallets).toEqual([]);
  });

  it('surfaces refusals as the client’s error classes', async () => {
    const parent = randomEoa();
    const child = randomEoa();
    const body = await linkBody(parent, child, anvil.chainId);
    const before = await walletRows(server);

    const forged = await rejectionOf(api.linkWallet({ ...body, linkedWalletSignature: body.parentWalletSignature }));
    expect(forged).toBeInstanceOf(InvalidArgumentError);
    expect(forged).toMatchObject({ code: 2000, status: 400, message: expect.stringMatching(/^linkedWalletSignature: is not a valid signature/) });

    const chain = await rejectionOf(api.linkWallet({ ...body, signatureChainId: '137' }));
    expect(chain).toMatchObject({ name: 'UnsupportedNetwork', code: 3008, status: 422, message: expect.stringMatching(/^signatureChainId: chain "137" is not configured/) });

    const anonymous = await rejectionOf(new SequenceAPIClient(server.url).linkWallet(body));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
    expect(await walletRows(server)).toEqual(before);
  });
});
