// Receipt waits (FetchTransactionReceipt, transactionReceipt(wait: true)) and the node: a wait ends when its client
// hangs up and the node hears no more of it; every wait for one transaction shares one poll; an access key holds at
// most KEY_RECEIPT_WAITS waits at once. The node is a real anvil behind a proxy that counts what Strata asks it.
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { Transaction } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { waitForIndexed } from '../../helpers/chain-fixtures';
import { startCountingProxy, type CountingProxy, type ProxiedCall } from '../../helpers/counting-proxy';
import { PATIENCE_MS } from '../../helpers/patience';
import { startTestServer, type TestServer } from '../../helpers/server';
import { RECEIPT_POLL_MS } from '../../../src/domain/indexer/receipt-waits';

const CAP = 60;

let anvil: Anvil;
let proxy: CountingProxy;
let server: TestServer;

beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startCountingProxy(anvil.rpcUrl);
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: proxy.url, confirmations: 2 }]),
    KEY_RECEIPT_WAITS: String(CAP),
  });
  await waitForIndexed(server.app, anvil);
});
afterAll(async () => {
  await server?.stop();
  await proxy?.close();
  await anvil?.stop();
});

const newKey = async () => (await server.createProject()).accessKey;
const randomHash = () => `0x${randomBytes(32).toString('hex')}`;
const stats = () => server.app.services.indexerExtras.receiptWaits();
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Returns once `cond` holds; fails saying what it waited for after PATIENCE_MS. */
const until = async (what: string, cond: () => boolean | Promise<boolean>) => {
  const deadline = Date.now() + PATIENCE_MS;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting until ${what} (stats: ${JSON.stringify(stats())})`);
    await pause(25);
  }
};

const receiptCallsOf = (hashes: Iterable<string>) => {
  const set = new Set([...hashes].map((h) => h.toLowerCase()));
  return (a: unknown) => set.has(a as string);
};

type Answer = { status: number; body: any };
/** A request the test may hang up on; `answer` rejects when it does. */
type Waiting = { answer: Promise<Answer>; hangUp(): void };

const post = (path: string, key: string, body: unknown): Waiting => {
  const controller = new AbortController();
  const answer = fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
    body: JSON.stringify(body),
    signal: controller.signal,
  }).then(async (res) => ({ status: res.status, body: await res.json() }));
  // Hung up on: nobody reads the answer.
  answer.catch(() => undefined);
  return { answer, hangUp: () => controller.abort() };
};

const rpcWait = (key: string, txnHash: string) => post('/rpc/Indexer/FetchTransactionReceipt', key, { txnHash });
const RECEIPT_QUERY = 'query ($hash: String!) { transactionReceipt(filter: { txnHash: $hash }, wait: true) { txnHash blockNumber blockHash } }';
const graphqlWait = (key: string, hash: string) => post('/graphql', key, { query: RECEIPT_QUERY, variables: { hash } });

/** The calls, in order, never overlap, and each starts at least `gapMs` after the one before was answered. */
const oneStream = (calls: ProxiedCall[], gapMs: number) => {
  const sorted = [...calls].sort((a, b) => a.startedAt - b.startedAt);
  return sorted.slice(1).every((c, i) => sorted[i].endedAt !== null && c.startedAt - sorted[i].endedAt! >= gapMs);
};

describe('receipt waits', () => {
  it('60 waits for unmined transactions whose clients hang up: the node hears nothing more of them', async () => {
    const key = await newKey();
    const hashes = Array.from({ length: CAP }, randomHash);
    const before = stats();
    const waits = hashes.map((h, i) => (i % 2 ? graphqlWait(key, h) : rpcWait(key, h)));
    const ours = receiptCallsOf(hashes);
    // Each transaction polled (twice: the poll goes on while its request waits).
    await until('every wait is held and its transaction polled twice', () => {
      const s = stats();
      return s.waiting === before.waiting + CAP && hashes.every((h) => proxy.count('eth_getTransactionReceipt', receiptCallsOf([h])) >= 2);
    });
    for (const w of waits) w.hangUp();
    for (const w of waits) await expect(w.answer).rejects.toThrow();

    await until('every wait has ended and no call of theirs is in flight', () => {
      const s = stats();
      return s.waiting === before.waiting && s.polls === before.polls && proxy.inFlight('eth_getTransactionReceipt', ours) === 0;
    });
    // They ended because their clients went away (the 30 s bound was far off).
    expect(stats().abandoned - before.abandoned).toBe(CAP);
    const calls = proxy.count('eth_getTransactionReceipt', ours);
    // Four poll intervals: the node hears nothing more of them.
    await pause(4 * RECEIPT_POLL_MS);
    expect(proxy.count('eth_getTransactionReceipt', ours)).toBe(calls);
  });

  it('50 waits for one transaction share one poll of the node, and every one gets the receipt once it is mined', async () => {
    const key = await newKey();
    const wallet = devWallet(anvil, 5);
    // Signed, not sent: its hash is known and nothing has mined it.
    const raw = await wallet.signTransaction(await wallet.populateTransaction({ to: devWallet(anvil, 6).address, value: 1n }));
    const hash = Transaction.from(raw).hash!.toLowerCase();
    const ofHash = receiptCallsOf([hash]);
    const before = stats();

    const waits = Array.from({ length: 50 }, (_, i) => (i % 2 ? graphqlWait(key, hash) : rpcWait(key, hash)));
    await until('the 50 waits are held, on one poll', () => stats().waiting === before.waiting + 50 && stats().polls === before.polls + 1);
    const joined = proxy.count('eth_getTransactionReceipt', ofHash);
    await until('the poll has asked the node 4 more times while they all wait', () => proxy.count('eth_getTransactionReceipt', ofHash) >= joined + 4);

    // One stream of calls however many wait: never two at once, each a poll interval after the last one's answer
    // (a loaded machine only spaces them more), so at most one call per RECEIPT_POLL_MS for 1 waiter or 50.
    const polled = proxy.calls.filter((c) => c.method === 'eth_getTransactionReceipt' && ofHash(c.arg));
    expect(oneStream(polled, RECEIPT_POLL_MS - 50)).toBe(true);

    await anvil.rpc('eth_sendRawTransaction', [raw]);
    const node = await anvil.rpc<{ blockNumber: string; blockHash: string }>('eth_getTransactionReceipt', [hash]);
    const answers = await Promise.all(waits.map((w) => w.answer));
    answers.forEach((a, i) => {
      expect(a.status).toBe(200);
      const r = i % 2 ? a.body.data.transactionReceipt : a.body.receipt;
      expect(r).toMatchObject({ txnHash: hash, blockNumber: Number(node.blockNumber), blockHash: node.blockHash.toLowerCase() });
    });
    await until('the poll has stopped', () => stats().polls === before.polls && stats().waiting === before.waiting);
    const after = proxy.count('eth_getTransactionReceipt', ofHash);
    await pause(4 * RECEIPT_POLL_MS);
    expect(proxy.count('eth_getTransactionReceipt', ofHash)).toBe(after);
  });

  it(`an access key holding ${CAP} waits is refused one more with ResourceExhausted; other keys, and reads without waiting, are not`, async () => {
    const [key, other] = [await newKey(), await newKey()];
    const hash = randomHash();
    const before = stats();
    const waits = Array.from({ length: CAP }, () => rpcWait(key, hash));
    await until(`the key holds ${CAP} waits`, () => stats().waiting === before.waiting + CAP);

    const refused = await rpcWait(key, randomHash()).answer;
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ResourceExhausted', code: 2004 });
    expect(refused.body.msg).toContain(`${CAP} receipt waits`);
    expect(refused.body.msg).toContain('KEY_RECEIPT_WAITS');
    const refusedGraphql = await graphqlWait(key, hash).answer;
    expect(refusedGraphql.body.errors[0].extensions.code).toBe('RESOURCE_EXHAUSTED');
    // Asking without waiting takes no slot.
    const now = await post('/graphql', key, { query: `{ transactionReceipt(filter: { txnHash: "${hash}" }) { txnHash } }` }).answer;
    expect(now.body).toEqual({ data: { transactionReceipt: null } });

    const another = rpcWait(other, hash);
    await until('the other key holds its wait', () => stats().waiting === before.waiting + CAP + 1);

    // A slot freed by a client that hung up is the key's again.
    waits[0].hangUp();
    await until('the hung-up wait has ended', () => stats().waiting === before.waiting + CAP);
    const again = rpcWait(key, hash);
    await until('the key holds a wait again', () => stats().waiting === before.waiting + CAP + 1);

    for (const w of [...waits, another, again]) w.hangUp();
    await until('every wait has ended', () => stats().waiting === before.waiting && stats().polls === before.polls);
  });

  it('a wait for the next receipt matching a filter (no hash) ends when its client hangs up', async () => {
    const key = await newKey();
    const before = stats();
    const w = post('/rpc/Indexer/FetchTransactionReceiptWithFilter', key, { filter: { from: `0x${randomBytes(20).toString('hex')}` }, maxBlockWait: 1000 });
    await until('the filter wait is held', () => stats().waiting === before.waiting + 1);
    w.hangUp();
    await until('the filter wait has ended', () => stats().waiting === before.waiting);
    expect(stats().abandoned - before.abandoned).toBe(1);
  });

  it('over graphql-ws, a wait ends when the client completes the operation or closes the socket', async () => {
    const key = await newKey();
    const before = stats();
    const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key }, lazy: true });
    const sink = { next: () => undefined, error: () => undefined, complete: () => undefined };
    try {
      const stop = client.subscribe({ query: RECEIPT_QUERY, variables: { hash: randomHash() } }, sink);
      await until('the ws wait is held', () => stats().waiting === before.waiting + 1);
      // A query's dispose sends `complete` for it: the connection stays open.
      stop();
      await until('the completed wait has ended', () => stats().waiting === before.waiting);
      expect(stats().abandoned - before.abandoned).toBe(1);

      client.subscribe({ query: RECEIPT_QUERY, variables: { hash: randomHash() } }, sink);
      client.subscribe({ query: RECEIPT_QUERY, variables: { hash: randomHash() } }, sink);
      await until('two ws waits are held', () => stats().waiting === before.waiting + 2);
    } finally {
      await client.dispose();
    }
    await until('the socket’s waits have ended', () => stats().waiting === before.waiting && stats().polls === before.polls);
    expect(stats().abandoned - before.abandoned).toBe(3);
  });
});
