// ENS names on anvil with the real ENS contracts (registry, public resolver, reverse registrar: ens-kit.ts), through
// the published @0xsequence/api 3.0.9 client unchanged (API/ResolveENSAddress) and GraphQL: forward and reverse
// (a reverse record naming someone else's name is no primary name), unnormalised and invalid input, unknown names,
// names where an account is input (balances, history), and a change picked up from the ENS events before the cache's
// hour is over.
import { Wallet } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { PATIENCE_MS } from '../../helpers/patience';
import { rejectionOf } from '../../helpers/rejection';
import { startTestServer, type TestServer } from '../../helpers/server';
import { startCountingProxy, type CountingProxy } from '../../helpers/counting-proxy';
import { ETHAuth, Proof } from '@0xsequence/ethauth';
import { deployEns, type EnsKit } from './ens-kit';
type V3 = typeof import('@0xsequence/api-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceAPIClient, InvalidArgumentError, UnavailableError, UnauthorizedError } = require('@0xsequence/api-v3') as V3;

const ZERO = '0x0000000000000000000000000000000000000000';

let anvil: Anvil;
let server: TestServer;
let owner: Record<string, string>;
let proxy: CountingProxy;
let ens: EnsKit;
let tokens: Tokens;
let api: InstanceType<V3['SequenceAPIClient']>;
let key: Record<string, string>;
const alice = () => devWallet(anvil, 1);
const bob = () => devWallet(anvil, 2);
const mallory = () => devWallet(anvil, 3);
const lower = (a: string) => a.toLowerCase();

beforeAll(async () => {
  anvil = await startAnvil();
  ens = await deployEns(devWallet(anvil, 0));
  await ens.register('alice', alice());
  await ens.register('bob', bob());
  await ens.setReverseName(alice(), 'alice.eth');
  // Anyone may write any name into their own reverse record: mallory claims alice's.
  await ens.setReverseName(mallory(), 'alice.eth');
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(alice().address, 1234n));
  // Through a counting proxy: how often the names service asks the node.
  proxy = await startCountingProxy(anvil.rpcUrl);
  server = await startTestServer({
    CHAINS: `${anvil.chainId}=${proxy.url}`,
    ENS_REGISTRIES: `${anvil.chainId}=${await ens.registry.getAddress()}`,
    // An hour: a change seen sooner was seen through the ENS events.
    ENS_CACHE_SECONDS: '3600',
  });
  const { accessKey, bearerToken } = await server.createProject('names');
  api = new SequenceAPIClient(server.url, accessKey);
  key = { 'X-Access-Key': accessKey };
  owner = { Authorization: `Bearer ${bearerToken}` };
});
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

const gql = (query: string, variables: Record<string, unknown> = {}) => server.graphql(query, variables, key);

describe('API/ResolveENSAddress', () => {
  it('resolves a name to its address; normalises case and spaces first (ENSIP-15)', async () => {
    expect(await api.resolveENSAddress({ ens: 'alice.eth' })).toEqual({ address: lower(alice().address), ok: true });
    expect(await api.resolveENSAddress({ ens: ' ALICE.Eth ' })).toEqual({ address: lower(alice().address), ok: true });
    expect(await api.resolveENSAddress({ ens: 'bob.eth' })).toEqual({ address: lower(bob().address), ok: true });
  });

  it('answers ok: false for a name nobody registered', async () => {
    expect(await api.resolveENSAddress({ ens: 'nobody.eth' })).toEqual({ address: ZERO, ok: false });
    expect(await api.resolveENSAddress({ ens: 'alice.nosuchtld' })).toEqual({ address: ZERO, ok: false });
  });

  it('refuses a name ENSIP-15 cannot normalise (InvalidArgument naming ens), and a caller without a key', async () => {
    for (const bad of ['', 'alice..eth', 'ali ce.eth', 'a\u0000b.eth']) {
      const e = await rejectionOf<Error>(api.resolveENSAddress({ ens: bad }));
      expect(e).toBeInstanceOf(InvalidArgumentError);
      expect(e.message).toMatch(/^ens/);
    }
    expect(await rejectionOf(new SequenceAPIClient(server.url).resolveENSAddress({ ens: 'alice.eth' }))).toBeInstanceOf(UnauthorizedError);
  });
});

describe('GraphQL names', () => {
  it('ensAddress gives the normal form, the address and the chain', async () => {
    const r = await gql('query($n: String!) { ensAddress(name: $n) { name address chainId } }', { n: 'Alice.ETH' });
    expect(r.body).toEqual({ data: { ensAddress: { name: 'alice.eth', address: lower(alice().address), chainId: anvil.chainId } } });
    const bad = await gql('{ ensAddress(name: "alice..eth") { address } }');
    expect(bad.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'name' });
  });

  it('ensPrimaryName is the reverse record only when it resolves back: alice’s is alice.eth, mallory’s claim is none, bob has none', async () => {
    const q = 'query($a: String!) { ensPrimaryName(address: $a) }';
    expect((await gql(q, { a: alice().address })).body).toEqual({ data: { ensPrimaryName: 'alice.eth' } });
    expect((await gql(q, { a: mallory().address })).body).toEqual({ data: { ensPrimaryName: null } });
    expect((await gql(q, { a: bob().address })).body).toEqual({ data: { ensPrimaryName: null } });
  });

  it('accepts a name where balances and history take an account, with the primary name beside the address', async () => {
    await waitForIndexed(server.app, anvil);
    const erc20 = lower(await tokens.erc20.getAddress());
    const balances = await gql(
      'query($a: String!, $c: String) { tokenBalances(accountAddress: $a, contractAddress: $c) { nodes { accountAddress accountPrimaryName balance } } }',
      { a: 'ALICE.eth', c: erc20 },
    );
    expect(balances.body.errors).toBeUndefined();
    expect(balances.body.data.tokenBalances.nodes).toEqual([{ accountAddress: lower(alice().address), accountPrimaryName: 'alice.eth', balance: '1234' }]);
    const history = await gql('query($a: String!) { transactionHistory(filter: { accountAddress: $a }) { nodes { transfers { to } } } }', { a: 'alice.eth' });
    expect(history.body.errors).toBeUndefined();
    expect(history.body.data.transactionHistory.nodes.flatMap((n: { transfers: { to: string }[] }) => n.transfers.map((t) => t.to))).toContain(lower(alice().address));
    const native = await gql('{ nativeBalance(accountAddress: "bob.eth") { accountAddress balance } }');
    expect(native.body.data.nativeBalance).toEqual({ accountAddress: lower(bob().address), balance: String(await bob().provider!.getBalance(bob().address)) });
  });

  it('a name without an address is NOT_FOUND naming the argument; a malformed one INVALID_ARGUMENT', async () => {
    const unknown = await gql('{ tokenBalances(accountAddress: "nobody.eth") { nodes { balance } } }');
    expect(unknown.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'accountAddress' });
    const inList = await gql('{ transactionHistory(filter: { accountAddresses: ["alice.eth", "nobody.eth"] }) { nodes { txnHash } } }');
    expect(inList.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'filter.accountAddresses[1]' });
    const malformed = await gql('{ nativeBalance(accountAddress: "ali ce.eth") { balance } }');
    expect(malformed.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'accountAddress' });
    // Not a name and not an address: the address check's answer, as before.
    const neither = await gql('{ nativeBalance(accountAddress: "nope") { balance } }');
    expect(neither.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'accountAddress' });
  });
});

describe('the cache', () => {
  it('answers a name asked again without reading the registry again', async () => {
    const registry = lower(await ens.registry.getAddress());
    const registryCalls = () => proxy.count('eth_call', (a) => lower(String((a as { to?: string }).to)) === registry);
    const before = registryCalls();
    expect(await api.resolveENSAddress({ ens: 'asked-twice.eth' })).toEqual({ address: ZERO, ok: false });
    const afterFirst = registryCalls();
    expect(afterFirst).toBe(before + 1);
    for (let i = 0; i < 3; i++) expect(await api.resolveENSAddress({ ens: 'Asked-Twice.eth' })).toEqual({ address: ZERO, ok: false });
    expect(registryCalls()).toBe(afterFirst);
  });

  it('gives the primary name beside a session’s wallet and linked wallets', async () => {
    const proof = new Proof({ address: lower(alice().address) });
    proof.claims.app = 'Example';
    proof.setIssuedAtNow();
    proof.setExpiryIn(600);
    proof.signature = await alice().signMessage(proof.messageDigest());
    const { jwtToken } = await api.getAuthToken({ ewtString: await new ETHAuth().encodeProof(proof, true) });
    const child = new Wallet(Wallet.createRandom().privateKey);
    await api.linkWallet({
      signatureChainId: String(anvil.chainId),
      parentWalletAddress: alice().address,
      parentWalletMessage: `child wallet with address ${child.address}`,
      parentWalletSignature: await alice().signMessage(`child wallet with address ${child.address}`),
      linkedWalletAddress: child.address,
      linkedWalletMessage: `Link to parent wallet with address ${alice().address}`,
      linkedWalletSignature: await child.signMessage(`Link to parent wallet with address ${alice().address}`),
    });
    const r = await server.graphql(
      'query($p: String!) { walletSession { walletAddress primaryName } linkedWallets(parentWalletAddress: $p) { walletPrimaryName linkedWalletPrimaryName } }',
      { p: alice().address },
      { ...key, Authorization: `Bearer ${jwtToken}` },
    );
    expect(r.body).toEqual({ data: { walletSession: { walletAddress: lower(alice().address), primaryName: 'alice.eth' }, linkedWallets: [{ walletPrimaryName: 'alice.eth', linkedWalletPrimaryName: null }] } });
  });
});

describe('the console’s wallet page', () => {
  it('opens a wallet by its name with the project owner’s bearer token (projectPortfolio)', async () => {
    const Q = `query($w: String!) { projectPortfolio(walletAddress: $w, contractStatus: ALL) { parentWalletAddress walletAddresses } }`;
    const r = await server.graphql(Q, { w: 'alice.eth' }, owner);
    expect(r.body.errors).toBeUndefined();
    // alice is a parent (an earlier test linked wallets to her): her family, her first.
    expect(r.body.data.projectPortfolio.parentWalletAddress).toBe(lower(alice().address));
    expect(r.body.data.projectPortfolio.walletAddresses[0]).toBe(lower(alice().address));
    const unknown = await server.graphql(Q, { w: 'nobody-here.eth' }, owner);
    expect(unknown.body.errors[0].extensions).toMatchObject({ code: 'NOT_FOUND', field: 'walletAddress' });
  });
});

describe('a name change', () => {
  /** Asks until `read` answers `want` (the events are looked at once a second at most). */
  const eventually = async <T>(read: () => Promise<T>, want: T): Promise<T> => {
    const until = Date.now() + PATIENCE_MS;
    let last = await read();
    while (JSON.stringify(last) !== JSON.stringify(want) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      last = await read();
    }
    return last;
  };

  it('is picked up from AddrChanged, NameChanged and NewOwner before the cache’s hour is over, forward and reverse', async () => {
    const carol = new Wallet(Wallet.createRandom().privateKey);
    // Cached first: the answers below must come from the chain's events, not from a cold cache.
    expect((await api.resolveENSAddress({ ens: 'bob.eth' })).address).toBe(lower(bob().address));
    expect(await api.resolveENSAddress({ ens: 'dave.eth' })).toEqual({ address: ZERO, ok: false });
    const primary = async (a: string) => (await gql('query($a: String!) { ensPrimaryName(address: $a) }', { a })).body.data.ensPrimaryName;
    expect(await primary(bob().address)).toBeNull();

    await ens.setAddr('bob.eth', bob(), carol.address);
    expect(await eventually(() => api.resolveENSAddress({ ens: 'bob.eth' }), { address: lower(carol.address), ok: true })).toEqual({ address: lower(carol.address), ok: true });

    // A new name (NewOwner under eth) stops being unknown.
    await ens.register('dave', devWallet(anvil, 4));
    expect(await eventually(() => api.resolveENSAddress({ ens: 'dave.eth' }), { address: lower(devWallet(anvil, 4).address), ok: true })).toMatchObject({ ok: true });

    // Bob's reverse record (NewOwner, NameChanged) now names bob.eth, which resolves to carol for now: no primary name
    // (the forward check); once bob.eth points back at bob (AddrChanged), it is bob's.
    await ens.setReverseName(bob(), 'bob.eth');
    expect(await eventually(() => primary(bob().address), null)).toBeNull();
    await ens.setAddr('bob.eth', bob(), bob().address);
    expect(await eventually(() => primary(bob().address), 'bob.eth')).toBe('bob.eth');
  });
});

describe('without ENS_REGISTRIES', () => {
  it('ResolveENSAddress is Unavailable naming the setting; an account name is INVALID_ARGUMENT', async () => {
    const plain = await startTestServer({ CHAINS: `${anvil.chainId}=${anvil.rpcUrl}` }, { index: false });
    try {
      const { accessKey } = await plain.createProject('no names');
      const e = await rejectionOf<Error>(new SequenceAPIClient(plain.url, accessKey).resolveENSAddress({ ens: 'alice.eth' }));
      expect(e).toBeInstanceOf(UnavailableError);
      expect(e.message).toMatch(/ENS_REGISTRIES/);
      const r = await plain.graphql('{ nativeBalance(accountAddress: "alice.eth") { balance } }', {}, { 'X-Access-Key': accessKey });
      expect(r.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'accountAddress' });
    } finally {
      await plain.stop();
    }
  });
});
