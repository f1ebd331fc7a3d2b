// A listener turned on again gets what happened while it was off: disabled by the deliverer (DEAD) and turned on by
// toggle or update, or paused and resumed (one listener by update, all by PauseAll/ResumeAll), it receives the
// transfers mined meanwhile after what it had, in chain order, each once. Driven through the published client
// (@0xsequence/indexer 3.x) against the real server, with real transfers on anvil and a real local receiver.
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
type WebhookListener = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebhookListener;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexer } = require('@0xsequence/indexer-v3') as V3;
type SequenceIndexer = InstanceType<V3['SequenceIndexer']>;
import { Wallet } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { PATIENCE_MS } from '../../helpers/patience';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { startReceiver, verifiedDeliveries, type Receiver } from './receiver';

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let receiver: Receiver;
let indexer: SequenceIndexer;
let bearerToken: string;
const MAX_ATTEMPTS = 3;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async <T>(what: string, pick: () => T | undefined | Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const v = await pick();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

type Item = { kind: string; event?: any };
const eventsOf = (r: Receiver, path: string, secret: string) =>
  verifiedDeliveries(r, path, secret)
    .flatMap((d) => d.body.data as Item[])
    .filter((i) => i.kind === 'event')
    .map((i) => i.event);

/** The listener's secret, shown once by AddWebhookListener. */
const add = async (path: string, account: string) => {
  const { listener } = await indexer.addWebhookListener({ url: receiver.url(path), filters: { contractAddresses: [tokens.erc20.target as string], accounts: [account] } });
  return { listener, secret: (listener as WebhookListener & { secret: string }).secret };
};

/** Mines `n` transfers to `to`, each in its own block, and returns their hashes in chain order. */
const transfers = async (to: string, n: number) => {
  const hashes: string[] = [];
  for (let i = 1; i <= n; i++) hashes.push((await (await tokens.erc20.transfer(to, BigInt(i))).wait())!.hash);
  return hashes;
};

/** Every event delivered to `path` (deduplicated by webhook-id) is one of `hashes`, each once, in chain order. */
const expectExactly = (path: string, secret: string, hashes: string[]) => {
  const events = eventsOf(receiver, path, secret);
  expect(events.map((e) => e.txHash)).toEqual(hashes);
  const blocks = events.map((e) => e.blockNumber);
  expect(blocks).toEqual([...blocks].sort((a, b) => a - b));
  // No POST was accepted twice either: every accepted POST carried a webhook-id of its own.
  const ids = receiver.received.filter((r) => r.path === path).map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
};

const active = async (id: number) => (await indexer.getWebhookListener({ id })).listener.active;

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(devWallet(anvil, 0).address, 1_000_000n));
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`,
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    WEBHOOK_TIMEOUT_MS: '2000',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_RETRY_MAX_MS: '100',
    WEBHOOK_MAX_ATTEMPTS: String(MAX_ATTEMPTS),
    WEBHOOK_BATCH_SIZE: '2',
    WEBHOOK_POLL_MS: '50',
  });
  const project = await server.createProject('resume');
  bearerToken = project.bearerToken;
  indexer = new SequenceIndexer(`${server.url}/chains/${anvil.chainId}`, project.accessKey, project.bearerToken);
  await waitForIndexed(server.app, anvil);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

/**
 * A listener whose receiver answers 503 until `fixed`: its first transfer's delivery fails every attempt and the
 * deliverer disables it; then three more transfers are mined (and indexed) while it is off.
 */
const deadListener = async (path: string) => {
  let fixed = false;
  receiver.setBehaviour(path, () => ({ status: fixed ? 200 : 503, body: 'down for maintenance' }));
  const to = Wallet.createRandom().address.toLowerCase();
  const { listener, secret } = await add(path, to);
  const first = await transfers(to, 1);
  const off = await waitFor(`${path} disabled by the deliverer`, async () => {
    const { listener: l } = await indexer.getWebhookListener({ id: listener.id });
    return l.active ? undefined : l;
  });
  expect(off.active).toBe(false);
  expect(receiver.requests(path)).toBe(MAX_ATTEMPTS);
  // The delivery log says why it died.
  const LOG = `query($id: Int!) { webhookDeliveries(listenerId: $id) { nodes { status attempts lastStatus lastError } } }`;
  const log = await server.graphql(LOG, { id: listener.id }, bearer(bearerToken));
  expect(log.body.data.webhookDeliveries.nodes).toEqual([{ status: 'DEAD', attempts: MAX_ATTEMPTS, lastStatus: 503, lastError: 'HTTP 503: down for maintenance' }]);
  const meanwhile = await transfers(to, 3);
  await waitForIndexed(server.app, anvil);
  fixed = true;
  return { listener, secret, hashes: [...first, ...meanwhile] };
};

it('a DEAD listener turned on by toggleWebhookListener gets its dead delivery and the 3 transfers mined while off, in order, once', async () => {
  const { listener, secret, hashes } = await deadListener('/dead-toggle');
  // Still off: nothing sent while it is.
  await sleep(300);
  expect(eventsOf(receiver, '/dead-toggle', secret)).toEqual([]);
  expect((await indexer.toggleWebhookListener({ id: listener.id })).webhookListener.active).toBe(true);
  await waitFor('every transfer delivered', () => (eventsOf(receiver, '/dead-toggle', secret).length >= hashes.length ? true : undefined));
  await sleep(300);
  expectExactly('/dead-toggle', secret, hashes);
});

it('a DEAD listener turned on by updateWebhookListener (active: true) gets what happened while it was off, in order, once', async () => {
  const { listener, secret, hashes } = await deadListener('/dead-update');
  const { listener: current } = await indexer.getWebhookListener({ id: listener.id });
  expect(await indexer.updateWebhookListener({ listener: { ...current, active: true } })).toEqual({ status: true });
  await waitFor('every transfer delivered', () => (eventsOf(receiver, '/dead-update', secret).length >= hashes.length ? true : undefined));
  await sleep(300);
  expectExactly('/dead-update', secret, hashes);
  expect(await active(listener.id)).toBe(true);
});

it('a listener paused by updateWebhookListener (active: false) and turned on again gets what happened meanwhile', async () => {
  const to = Wallet.createRandom().address.toLowerCase();
  const { listener, secret } = await add('/paused-one', to);
  const before = await transfers(to, 1);
  await waitFor('the first transfer delivered', () => (eventsOf(receiver, '/paused-one', secret).length === 1 ? true : undefined));
  const { listener: current } = await indexer.getWebhookListener({ id: listener.id });
  await indexer.updateWebhookListener({ listener: { ...current, active: false } });
  const meanwhile = await transfers(to, 3);
  await waitForIndexed(server.app, anvil);
  await sleep(300);
  expect(eventsOf(receiver, '/paused-one', secret).map((e) => e.txHash)).toEqual(before);
  await indexer.updateWebhookListener({ listener: { ...current, active: true } });
  await waitFor('the transfers mined while paused', () => (eventsOf(receiver, '/paused-one', secret).length >= 4 ? true : undefined));
  await sleep(300);
  expectExactly('/paused-one', secret, [...before, ...meanwhile]);
});

it('PauseAll then ResumeAll: every listener gets the transfers mined while paused, in order, once', async () => {
  await indexer.removeAllWebhookListeners({});
  const to = Wallet.createRandom().address.toLowerCase();
  const a = await add('/all-a', to);
  const b = await add('/all-b', to);
  // A DEAD one among them: ResumeAll turns it on too, its dead delivery first.
  const dead = await deadListener('/all-dead');
  expect(await indexer.pauseAllWebhookListeners({})).toEqual({ status: true });
  expect((await indexer.getAllWebhookListeners({})).listeners.every((l) => !l.active)).toBe(true);
  const meanwhile = await transfers(to, 3);
  await waitForIndexed(server.app, anvil);
  await sleep(300);
  expect(eventsOf(receiver, '/all-a', a.secret)).toEqual([]);
  expect(eventsOf(receiver, '/all-b', b.secret)).toEqual([]);
  expect(await indexer.resumeAllWebhookListeners({})).toEqual({ status: true });
  for (const [path, secret] of [['/all-a', a.secret], ['/all-b', b.secret]]) {
    await waitFor(`${path}: the transfers mined while paused`, () => (eventsOf(receiver, path, secret).length >= meanwhile.length ? true : undefined));
  }
  await waitFor('/all-dead: everything', () => (eventsOf(receiver, '/all-dead', dead.secret).length >= dead.hashes.length ? true : undefined));
  await sleep(300);
  expectExactly('/all-a', a.secret, meanwhile);
  expectExactly('/all-b', b.secret, meanwhile);
  expectExactly('/all-dead', dead.secret, dead.hashes);
  expect((await indexer.getAllWebhookListeners({})).listeners.every((l) => l.active)).toBe(true);
  expect((await server.app.services.webhooks.list({ authorization: `Bearer ${bearerToken}` }, {})).every((l) => l.disabledReason === null)).toBe(true);
});
