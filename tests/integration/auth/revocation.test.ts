// Revoking or rotating an access key ends the subscriptions and NDJSON streams opened with it, at once, with the error
// a new request with that key gets (AccessKeyNotFound); streams of the project's other keys go on.
import WebSocket from 'ws';
import { createClient, type Client } from 'graphql-ws';
import { STREAM_KEY_SWEEP_MS } from '../../../src/domain/auth/key-notices';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';

const CONTRACT = `0x${'22'.repeat(20)}`;
/** What the README promises: a notice on the event bus reaches every stream within a second. */
const BOUND_MS = 1_000;

let server: TestServer;
let owner: Record<string, string>;
const clients: Client[] = [];
const readers: NdjsonReader[] = [];

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9' }, { index: false });
  owner = bearer((await server.createProject('revocation')).bearerToken);
});
afterAll(async () => {
  for (const c of clients) await c.dispose();
  for (const r of readers) r.close();
  await server?.stop();
});

const newKey = async (): Promise<{ id: number; key: string }> => {
  const r = await server.graphql(`mutation { createAccessKey { key accessKey { id } } }`, {}, owner);
  expect(r.body.errors).toBeUndefined();
  return { id: r.body.data.createAccessKey.accessKey.id, key: r.body.data.createAccessKey.key };
};

/** An NDJSON balance stream, open (status 200) once this resolves. */
const ndjson = async (key: string) => {
  const s = await openNdjson(`${server.url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: CONTRACT }, { 'X-Access-Key': key });
  expect(s.status).toBe(200);
  readers.push(s);
  return s;
};

/** A graphql-ws subscription; its `ended` resolves with its errors (or 'complete') when the server ends it. */
const subscription = async (key: string) => {
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  clients.push(client);
  const ended = new Promise<any>((resolve) => {
    client.subscribe(
      { query: `subscription { balanceEvents(contractAddress: "${CONTRACT}") { balance } }` },
      { next: () => undefined, error: (e) => resolve(Array.isArray(e) ? e : { closed: (e as CloseEvent).code }), complete: () => resolve('complete') },
    );
  });
  // The client connects and subscribes; give the server a moment to admit the subscription and open its stream.
  await new Promise((r) => setTimeout(r, 500));
  // In an object: an async function returning the promise itself would wait for it.
  return { ended };
};

const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);

const ENDINGS = [
  ['revokeAccessKey', 'mutation($id: Int!) { revokeAccessKey(id: $id) }'],
  ['rotateAccessKey', 'mutation($id: Int!) { rotateAccessKey(id: $id) { key } }'],
];

it.each(ENDINGS)('%s ends the key’s open graphql-ws subscription and NDJSON stream with AccessKeyNotFound', async (_name, mutation) => {
  const { id, key } = await newKey();
  const kept = await newKey();
  const stream = await ndjson(key);
  const ws = await subscription(key);
  const keptStream = await ndjson(kept.key);

  const r = await server.graphql(mutation, { id }, owner);
  expect(r.body.errors).toBeUndefined();
  const revokedAt = Date.now();

  expect(await within(stream.next(), BOUND_MS)).toEqual({ webrpcError: expect.objectContaining({ error: 'AccessKeyNotFound', code: 1101, status: 401 }) });
  await within(stream.ended, BOUND_MS);
  const wsErrors = await within(ws.ended, BOUND_MS);
  expect(wsErrors).toEqual([expect.objectContaining({ message: expect.stringMatching(/access key not found/), extensions: { code: 'ACCESS_KEY_NOT_FOUND' } })]);
  expect(Date.now() - revokedAt).toBeLessThan(BOUND_MS);

  // A new request with the old key gets the same error; the project's other key streams on.
  expect((await server.rpc('Indexer/GetTokenBalances', { accountAddress: CONTRACT }, { 'X-Access-Key': key })).body).toMatchObject({ error: 'AccessKeyNotFound', code: 1101 });
  await expect(keptStream.next(500)).rejects.toThrow(/no NDJSON message in time/);
});

it('ends a stream whose key went without a notice (a message lost on the way) at the next sweep of stream keys', async () => {
  const { id, key } = await newKey();
  const stream = await ndjson(key);
  // Deleted behind the services' back: no notice is published, as when Redis drops one.
  await server.app.db.query('DELETE FROM access_keys WHERE id = ?', [id]);
  const deletedAt = Date.now();
  expect(await stream.next(STREAM_KEY_SWEEP_MS + 2_000)).toEqual({ webrpcError: expect.objectContaining({ error: 'AccessKeyNotFound', code: 1101 }) });
  expect(Date.now() - deletedAt).toBeLessThan(STREAM_KEY_SWEEP_MS + 1_000);
});

it('ends a browser’s stream when its key stops allowing the stream’s origin', async () => {
  const { id, key } = await newKey();
  const stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: CONTRACT }, { 'X-Access-Key': key, Origin: 'https://app.example' });
  readers.push(stream);
  expect(stream.status).toBe(200);
  const r = await server.graphql(`mutation($id: Int!) { updateAccessKey(id: $id, input: { origins: ["https://other.example"] }) { id } }`, { id }, owner);
  expect(r.body.errors).toBeUndefined();
  expect(await stream.next(BOUND_MS)).toEqual({ webrpcError: expect.objectContaining({ error: 'InvalidOrigin', code: 1103, status: 403 }) });
});
