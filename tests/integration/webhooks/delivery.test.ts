// Webhook delivery end to end: real transfers mined on anvil, the real server (ingestion + deliverer), and real local
// receivers that fail in the ways receivers fail. Every event arrives, every delivery verifies with the
// standardwebhooks library, order per listener holds, and deduplicating by webhook-id leaves no duplicate.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { startTestServer, type TestServer } from '../../helpers/server';
import { startReceiver, verifiedDeliveries, type Receiver } from './receiver';
import type { Credentials } from '../../../src/domain/auth/credentials';

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let receiver: Receiver;
let late: Receiver;
let creds: Credentials;
let other: Credentials;
let A: string, R: string, S: string;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async <T>(what: string, pick: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await pick();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
};

type Item = { kind: string; event?: any; balance?: any; receipt?: any; item?: Item; blockNumber?: number };
const itemsOf = (deliveries: Array<{ body: any }>): Item[] => deliveries.flatMap((d) => d.body.data as Item[]);
const eventKeys = (items: Item[]) => items.filter((i) => i.kind === 'event').map((i) => `${i.event.txHash}:${i.event.logIndex}`);

beforeAll(async () => {
  anvil = await startAnvil();
  [A, R, S] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(A, 1_000_000n));
  receiver = await startReceiver();
  late = await startReceiver();
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port},127.0.0.1:${late.port}`,
    WEBHOOK_TIMEOUT_MS: '300',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_RETRY_MAX_MS: '300',
    WEBHOOK_MAX_ATTEMPTS: '20',
    WEBHOOK_BATCH_SIZE: '3',
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_LEASE_MS: '2000',
  });
  creds = { authorization: `Bearer ${(await server.createProject('a')).bearerToken}` };
  other = { authorization: `Bearer ${(await server.createProject('b')).bearerToken}` };
  await waitForIndexed(server.app, anvil);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await late?.close();
  await anvil?.stop();
});

it('refuses bad listeners: private addresses not allowed, missing filters, unknown kinds, no bearer token', async () => {
  const wh = server.app.services.webhooks;
  await expect(wh.add(creds, { url: 'http://10.0.0.1/hook', filters: { accounts: [R] } })).rejects.toMatchObject({ kind: 'InvalidArgument', field: 'url' });
  await expect(wh.add(creds, { url: 'http://169.254.169.254/latest', filters: { accounts: [R] } })).rejects.toMatchObject({ kind: 'InvalidArgument' });
  await expect(wh.add(creds, { url: 'ftp://example.com/x', filters: { accounts: [R] } })).rejects.toMatchObject({ kind: 'InvalidArgument' });
  await expect(wh.add(creds, { url: receiver.url('/x'), filters: {} })).rejects.toMatchObject({ kind: 'InvalidArgument' });
  await expect(wh.add(creds, { url: receiver.url('/x'), filters: { accounts: [R] }, kinds: ['nope'] })).rejects.toMatchObject({ kind: 'InvalidArgument', field: 'kinds' });
  await expect(wh.add({}, { url: receiver.url('/x'), filters: { accounts: [R] } })).rejects.toMatchObject({ kind: 'Unauthorized' });
});

it('delivers every event, signed, in order, through 500s, timeouts, 429 Retry-After and a receiver that was down', async () => {
  const wh = server.app.services.webhooks;
  receiver.setBehaviour('/flaky', (n) => ({ status: n % 2 === 0 ? 500 : 200 }));
  receiver.setBehaviour('/slow', (n) => (n < 3 ? { status: 200, delayMs: 1_000 } : { status: 200 }));
  receiver.setBehaviour('/limited', (n) => (n < 2 ? { status: 429, headers: { 'Retry-After': '1' } } : { status: 200 }));
  const kinds = ['events', 'balances', 'receipts'];
  const added = {
    flaky: await wh.add(creds, { url: receiver.url('/flaky'), name: 'flaky', filters: { accounts: [R] }, kinds }),
    slow: await wh.add(creds, { url: receiver.url('/slow'), filters: { accounts: [R] } }),
    limited: await wh.add(creds, { url: receiver.url('/limited'), filters: { accounts: [R] } }),
    down: await wh.add(creds, { url: late.url('/down'), filters: { accounts: [R] } }),
  };
  expect(added.flaky.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
  expect(added.flaky.listener).toMatchObject({ name: 'flaky', active: true, disabledReason: null, kinds, filters: { accounts: [R] } });
  await late.down();

  const hashes: string[] = [];
  for (let i = 1; i <= 8; i++) {
    const r = await (await tokens.erc20.transfer(R, BigInt(i))).wait();
    hashes.push(r!.hash);
  }
  await sleep(1_000);
  await late.up();

  for (const [name, { secret }] of Object.entries(added)) {
    const path = `/${name}`;
    const from = name === 'down' ? late : receiver;
    const deliveries = await waitFor(`${name}: every transfer`, () => {
      const got = verifiedDeliveries(from, path, secret);
      const keys = eventKeys(itemsOf(got));
      return hashes.every((h) => keys.some((k) => k.startsWith(h))) ? got : undefined;
    });
    const items = itemsOf(deliveries);
    const keys = eventKeys(items);
    // Exactly once after deduplication by webhook-id, in chain order.
    expect(new Set(keys).size).toBe(keys.length);
    const blocks = items.filter((i) => i.kind === 'event').map((i) => i.event.blockNumber);
    expect(blocks).toEqual([...blocks].sort((a, b) => a - b));
    for (const d of deliveries) {
      expect(d.body).toMatchObject({ type: 'strata.webhook.v1', chainId: anvil.chainId, webhookId: d.id });
      expect(d.body.data.length).toBeLessThanOrEqual(3);
    }
  }
  // Retried deliveries kept their webhook-id: the receiver saw more POSTs than distinct ids.
  expect(receiver.received.filter((r) => r.path === '/flaky').length).toBeGreaterThanOrEqual(verifiedDeliveries(receiver, '/flaky', added.flaky.secret).length);
  const flakyItems = itemsOf(verifiedDeliveries(receiver, '/flaky', added.flaky.secret));
  expect(flakyItems.some((i) => i.kind === 'balance' && i.balance.account === R)).toBe(true);
  expect(flakyItems.some((i) => i.kind === 'receipt' && hashes.includes(i.receipt.txHash))).toBe(true);

  // The delivery log tells what happened, newest first.
  const log = await wh.deliveries(creds, { listenerId: added.limited.listener.id, page: { first: 50 } });
  const rows = log.items.map((i) => i.node);
  expect(rows.every((r) => r.status === 'delivered' || r.status === 'pending' || r.status === 'retrying')).toBe(true);
  expect(rows.some((r) => r.attempts >= 2)).toBe(true);
  const first = rows[rows.length - 1];
  expect(first).toMatchObject({ status: 'delivered', lastStatus: 200 });
  expect(first.deliveredAt).toBeInstanceOf(Date);

  // Blocks becoming final are announced: "every block <= N is final".
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  const lastBlock = Math.max(...flakyItems.filter((i) => i.kind === 'event').map((i) => i.event.blockNumber));
  await waitFor('a final notice', () =>
    itemsOf(verifiedDeliveries(receiver, '/flaky', added.flaky.secret)).find((i) => i.kind === 'final' && i.blockNumber! >= lastBlock),
  );

  // Replay from a block queues the same events again under new webhook ids.
  const before = verifiedDeliveries(receiver, '/slow', added.slow.secret).length;
  const sent = eventKeys(itemsOf(verifiedDeliveries(receiver, '/slow', added.slow.secret)));
  const firstBlock = Math.min(...itemsOf(verifiedDeliveries(receiver, '/slow', added.slow.secret)).filter((i) => i.kind === 'event').map((i) => i.event.blockNumber));
  const queued = await wh.replay(creds, { listenerId: added.slow.listener.id, fromBlock: firstBlock });
  expect(queued).toBeGreaterThan(0);
  const replayed = await waitFor('the replay', () => {
    const all = verifiedDeliveries(receiver, '/slow', added.slow.secret);
    return all.length >= before + queued ? all.slice(before) : undefined;
  });
  expect(replayed.every((d) => d.body.kind === 'replay')).toBe(true);
  // The same events as sent live (logs rebuilt from storage), each once, in order.
  expect(eventKeys(itemsOf(replayed))).toEqual(sent);
});

it('disables a listener whose delivery fails every attempt, with its reason; resuming delivers it', async () => {
  const wh = server.app.services.webhooks;
  let failing = true;
  receiver.setBehaviour('/dead', () => ({ status: failing ? 503 : 200, body: 'maintenance' }));
  const { listener, secret } = await wh.add(creds, { url: receiver.url('/dead'), filters: { accounts: [S] } });
  const tx = await (await tokens.erc20.transfer(S, 5n)).wait();
  const disabled = await waitFor('the listener disabled', async () => {
    const l = await wh.get(creds, { id: listener.id });
    return l.active ? undefined : l;
  });
  expect(disabled.disabledReason).toMatch(/failed 20 times; last: HTTP 503: maintenance/);
  const [dead] = (await wh.deliveries(creds, { listenerId: listener.id })).items.map((i) => i.node).filter((d) => d.status === 'dead');
  expect(dead).toMatchObject({ attempts: 20, lastStatus: 503 });
  failing = false;
  expect((await wh.toggle(creds, { id: listener.id })).active).toBe(true);
  await waitFor('the dead delivery, delivered after resuming', () =>
    eventKeys(itemsOf(verifiedDeliveries(receiver, '/dead', secret))).find((k) => k.startsWith(tx!.hash)),
  );
});

it('keeps listeners to their project: another project sees none and reaches none', async () => {
  const wh = server.app.services.webhooks;
  const mine = await wh.list(creds, {});
  expect(mine.length).toBeGreaterThan(0);
  expect(await wh.list(other, {})).toEqual([]);
  const id = mine[0].id;
  await expect(wh.get(other, { id })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.update(other, { id, name: 'x' })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.remove(other, { id })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.toggle(other, { id })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.deliveries(other, { listenerId: id })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.replay(other, { listenerId: id, fromBlock: 0 })).rejects.toMatchObject({ kind: 'NotFound' });
  await expect(wh.rotateSecret(other, { id })).rejects.toMatchObject({ kind: 'NotFound' });
  expect(await wh.pauseAll(other, {})).toBe(0);
  expect(await wh.removeAll(other, {})).toBe(0);
  expect((await wh.get(creds, { id })).active).toBeDefined();
});

it('sends reorged notices for what was sent from orphaned blocks', async () => {
  const wh = server.app.services.webhooks;
  const T = devWallet(anvil, 3).address.toLowerCase();
  const { listener, secret } = await wh.add(creds, { url: receiver.url('/reorg'), filters: { accounts: [T] }, kinds: ['events', 'balances'] });
  await sleep(100);
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  const orphan = await (await tokens.erc20.transfer(T, 77n)).wait();
  await waitFor('the orphaned transfer delivered', () => eventKeys(itemsOf(verifiedDeliveries(receiver, '/reorg', secret))).find((k) => k.startsWith(orphan!.hash)));
  await anvil.rpc('evm_revert', [snapshot]);
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  await sendAndWait(tokens.erc20.transfer(S, 1n));
  const notice = await waitFor('the reorged notice', () =>
    itemsOf(verifiedDeliveries(receiver, '/reorg', secret)).find((i) => i.kind === 'reorged' && i.item!.kind === 'event' && i.item!.event.txHash === orphan!.hash),
  );
  expect(notice.item!.event).toMatchObject({ blockNumber: orphan!.blockNumber, blockHash: orphan!.blockHash });
  const items = itemsOf(verifiedDeliveries(receiver, '/reorg', secret));
  // The balance as it stands again after the rollback (T had none).
  expect(items.some((i) => i.kind === 'balance' && i.balance.account === T && i.balance.reorged === true && i.balance.balance === '0')).toBe(true);
  await wh.remove(creds, { id: listener.id });
});
