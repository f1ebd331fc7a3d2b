// A listener's URL is checked when it is given: every loopback name (localhost, LOCALHOST, localhost., *.localhost) is
// refused like 127.0.0.1 and [::1], on add and on update, unless WEBHOOK_ALLOW_HOSTS names it (tests and development
// keep reaching a local receiver). The delivery-time guard stays the authority: a URL it refuses at delivery (here a
// `http://localhost/` listener the operator had allowed, after the allowance was withdrawn) ends DEAD with the reason
// in lastError and in the listener's disabledReason. Driven through the published client (@0xsequence/indexer 3.x)
// and GraphQL against the real server, with real transfers on anvil and a real local receiver.
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
type WebrpcError = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebrpcError;
type WebhookListener = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebhookListener;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { InvalidArgumentError, SequenceIndexer } = require('@0xsequence/indexer-v3') as V3;
type SequenceIndexer = InstanceType<V3['SequenceIndexer']>;
import { Wallet } from 'ethers';
import { devWallet, freePort, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { PATIENCE_MS } from '../../helpers/patience';
import { rejectionOf as rejectionOfCall } from '../../helpers/rejection';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { startReceiver, verifiedDeliveries, type Receiver } from './receiver';

let anvil: Anvil;
let tokens: Tokens;
let database: TestDatabase;
let server: TestServer;
let receiver: Receiver;
let closedPort: number;
let project: { projectId: number; accessKey: string; bearerToken: string };
let indexer: SequenceIndexer;
const MAX_ATTEMPTS = 2;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

const waitFor = async <T>(what: string, pick: () => T | undefined | Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const v = await pick();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

/** One server on the test's database (the one database outlives the servers: a restart keeps every listener). */
const serve = async (allowHosts: string) => {
  server = await startTestServer({
    ...database.env,
    CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`,
    WEBHOOK_ALLOW_HOSTS: allowHosts,
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_RETRY_MAX_MS: '100',
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_POLL_MS: '50',
  });
  project ??= await server.createProject('url check');
  indexer = new SequenceIndexer(`${server.url}/chains/${anvil.chainId}`, project.accessKey, project.bearerToken);
  await waitForIndexed(server.app, anvil);
};

const filters = () => ({ contractAddresses: [tokens.erc20.target as string], accounts: [Wallet.createRandom().address] });

const gql = async (query: string, variables: Record<string, unknown>) => {
  const res = await server.graphql(query, variables, bearer(project.bearerToken));
  expect(res.body.errors).toBeUndefined();
  return res.body.data;
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(devWallet(anvil, 0).address, 1_000_000n));
  receiver = await startReceiver();
  // Allowed, but nothing listens there: deliveries to it are refused by the network, not by the guard.
  closedPort = await freePort();
  database = await createTestDatabase();
  // The receiver is allowed by address and, for development, by the name localhost on its port.
  await serve(`127.0.0.1:${receiver.port},localhost:${receiver.port}`);
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  await receiver?.close();
  await anvil?.stop();
});

const LOOPBACK = [
  'http://localhost/hook',
  'http://LOCALHOST/hook',
  'https://LocalHost/hook',
  'http://localhost./hook',
  'http://localhost../hook',
  'http://hooks.localhost/hook',
  'http://a.b.LOCALHOST./hook',
  `http://localhost:${443}/hook`,
  'http://127.0.0.1/hook',
  'http://127.1.2.3/hook',
  'http://[::1]/hook',
  'http://[::ffff:127.0.0.1]/hook',
];

it('refuses every loopback name and address on add, with the client’s InvalidArgument naming the url', async () => {
  for (const url of LOOPBACK) {
    const err = await rejectionOf(indexer.addWebhookListener({ url, filters: filters() }));
    expect([url, err]).toEqual([url, expect.any(InvalidArgumentError)]);
    expect(err.message).toMatch(/^url: /);
  }
  expect((await indexer.getAllWebhookListeners({})).listeners).toEqual([]);
  // The name rule is about loopback names only: one that merely starts with "localhost" is not refused for it (and a
  // name that does not resolve is left to the delivery-time guard).
  const { listener } = await indexer.addWebhookListener({ url: 'http://localhost.example.invalid/hook', filters: filters() });
  expect(listener.active).toBe(true);
  await indexer.removeWebhookListener({ id: listener.id });
});

it('refuses them on update too, leaving the listener as it was', async () => {
  const { listener } = await indexer.addWebhookListener({ url: receiver.url('/kept'), filters: filters() });
  const { listener: current } = await indexer.getWebhookListener({ id: listener.id });
  for (const url of LOOPBACK) {
    const err = await rejectionOf(indexer.updateWebhookListener({ listener: { ...current, url } }));
    expect([url, err]).toEqual([url, expect.any(InvalidArgumentError)]);
  }
  expect((await indexer.getWebhookListener({ id: listener.id })).listener.url).toBe(receiver.url('/kept'));
  await indexer.removeWebhookListener({ id: listener.id });
});

it('keeps WEBHOOK_ALLOW_HOSTS working: localhost on the allowed port is accepted and a real transfer is delivered there', async () => {
  const to = Wallet.createRandom().address.toLowerCase();
  const url = `http://localhost:${receiver.port}/dev`;
  const { listener } = await indexer.addWebhookListener({ url, filters: { contractAddresses: [tokens.erc20.target as string], accounts: [to] } });
  const secret = (listener as WebhookListener & { secret: string }).secret;
  expect(listener).toMatchObject({ url, active: true });
  // Only that port: localhost elsewhere is still refused.
  expect(await rejectionOf(indexer.addWebhookListener({ url: 'http://localhost/dev', filters: filters() }))).toBeInstanceOf(InvalidArgumentError);
  const tx = (await (await tokens.erc20.transfer(to, 9n)).wait())!;
  const delivered = await waitFor('the transfer delivered through localhost', () => {
    const events = verifiedDeliveries(receiver, '/dev', secret).flatMap((d) => d.body.data as Array<{ kind: string; event?: any }>);
    return events.find((i) => i.kind === 'event' && i.event.txHash === tx.hash);
  });
  expect(delivered.event.blockNumber).toBe(tx.blockNumber);
  await indexer.removeWebhookListener({ id: listener.id });
});

it('a delivery the address guard refuses ends DEAD with why in lastError, and the listener disabled with it', async () => {
  // Allowed when added (the operator allowed localhost), refused once the allowance is withdrawn and the server restarts.
  await server.stop();
  await serve('localhost');
  const to = Wallet.createRandom().address.toLowerCase();
  const { listener } = await indexer.addWebhookListener({ url: 'http://localhost/hook', filters: { contractAddresses: [tokens.erc20.target as string], accounts: [to] } });
  await server.stop();
  await serve(`127.0.0.1:${receiver.port},127.0.0.1:${closedPort}`);
  expect((await indexer.getWebhookListener({ id: listener.id })).listener).toMatchObject({ url: 'http://localhost/hook', active: true });

  const tx = (await (await tokens.erc20.transfer(to, 3n)).wait())!;
  const LISTENER = `query($id: Int!) { webhookListener(id: $id) { active disabledReason } }`;
  const off = await waitFor('the listener disabled', async () => {
    const l = (await gql(LISTENER, { id: listener.id })).webhookListener;
    return l.active ? undefined : l;
  });
  const LOG = `query($id: Int!) { webhookDeliveries(listenerId: $id) { nodes { status attempts lastStatus lastError firstBlock lastBlock } } }`;
  const [dead] = (await gql(LOG, { id: listener.id })).webhookDeliveries.nodes;
  expect(dead).toMatchObject({ status: 'DEAD', attempts: MAX_ATTEMPTS, lastStatus: null, firstBlock: tx.blockNumber, lastBlock: tx.blockNumber });
  const refused = /localhost resolves to (127\.0\.0\.1|::1), which is not public \(loopback\): http:\/\/localhost\/hook/;
  expect(dead.lastError).toMatch(refused);
  expect(off.disabledReason).toMatch(new RegExp(`failed ${MAX_ATTEMPTS} times; last: ${refused.source}`));
  // Nothing reached any receiver.
  expect(receiver.received.filter((r) => r.path === '/hook')).toEqual([]);
  expect((await indexer.getWebhookListener({ id: listener.id })).listener.active).toBe(false);
});

it('a delivery that ends DEAD for another reason records it too: a receiver that refuses connections', async () => {
  const to = Wallet.createRandom().address.toLowerCase();
  const url = `http://127.0.0.1:${closedPort}/gone`;
  const { listener } = await indexer.addWebhookListener({ url, filters: { contractAddresses: [tokens.erc20.target as string], accounts: [to] } });
  await sendAndWait(tokens.erc20.transfer(to, 4n));
  await waitFor('the listener disabled', async () => ((await indexer.getWebhookListener({ id: listener.id })).listener.active ? undefined : true));
  const LOG = `query($id: Int!) { webhookDeliveries(listenerId: $id) { nodes { status attempts lastStatus lastError } } }`;
  const [dead] = (await gql(LOG, { id: listener.id })).webhookDeliveries.nodes;
  expect(dead).toMatchObject({ status: 'DEAD', attempts: MAX_ATTEMPTS, lastStatus: null });
  expect(dead.lastError).toContain(url);
  expect(dead.lastError).toMatch(/ECONNREFUSED/);
});
