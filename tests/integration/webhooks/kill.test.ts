// A SIGKILL of the process delivering a listener, in the middle of a POST, loses nothing: the deliveries were
// recorded with the batches that produced them, the lease lapses, and another `strata index` sends the interrupted
// delivery again with the same webhook-id, then the rest, in order.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, type Tokens } from '../../helpers/chain-fixtures';
import { createTestDatabase, type TestDatabase } from '../../helpers/database';
import { startStrata, type StrataProcess } from '../../helpers/processes';
import { startReceiver, verifiedDeliveries, type Receiver } from './receiver';
import { loadConfig } from '../../../src/config';
import { createLogger } from '../../../src/config/logger';
import { createApp, type App } from '../../../src/main/app';
import { leaseHolder, WebhookDeliveryEntity } from '../../../src/db';
import { webhookLeaseName } from '../../../src/domain/webhooks/leases';

let anvil: Anvil;
let tokens: Tokens;
let database: TestDatabase;
let receiver: Receiver;
let app: App;
let env: Record<string, string>;
const procs: StrataProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const waitFor = async <T>(what: string, pick: () => T | undefined | Promise<T | undefined>, timeoutMs = 60_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await pick();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${procs.map((p) => p.output().slice(-3000)).join('\n---\n')}`);
    await sleep(20);
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(devWallet(anvil, 0).address, 1_000_000n));
  database = await createTestDatabase();
  receiver = await startReceiver();
  env = {
    ...database.env,
    PORT: '0',
    HOST: '127.0.0.1',
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]),
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    WEBHOOK_BATCH_SIZE: '1',
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_LEASE_MS: '1500',
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_RETRY_MAX_MS: '200',
  };
  // The listener is created in this process (services only: no ingestion, no deliverer here).
  app = await createApp(loadConfig({ ...env, LOG_LEVEL: 'silent' }), createLogger({ logLevel: 'silent' }), { serve: false, index: false });
});

afterAll(async () => {
  await Promise.all(procs.map((p) => p.kill()));
  await app?.stop();
  await receiver?.close();
  await database?.drop();
  await anvil?.stop();
});

it('loses nothing when the delivering process is killed mid-delivery', async () => {
  const { bearerToken } = await app.services.projects.create('kill');
  const creds = { authorization: `Bearer ${bearerToken}` };
  const R = devWallet(anvil, 1).address.toLowerCase();
  const { secret, listener } = await app.services.webhooks.add(creds, { url: receiver.url('/k'), filters: { accounts: [R] } });
  // Every answer takes a while, so a kill lands while a POST is in flight.
  receiver.setBehaviour('/k', () => ({ status: 200, delayMs: 300 }));
  const hashes: string[] = [];
  for (let i = 1; i <= 10; i++) hashes.push((await (await tokens.erc20.transfer(R, BigInt(i))).wait())!.hash);

  // Two processes, both delivering: the one holding the listener's lease is killed, the other takes over.
  const started = await Promise.all([0, 1].map(() => startStrata(['index'], env, /strata is indexing/, 90_000)));
  procs.push(...started);
  // Everything is recorded in the outbox before the kill (ingestion is not what this test is about).
  await waitFor('the outbox', async () => ((await app.db.getRepository(WebhookDeliveryEntity).countBy({ kind: 'data' })) >= 10 ? true : undefined));
  await waitFor('a POST in flight', () => (receiver.requests('/k') >= 3 ? true : undefined));
  const leaseHeldBy = (await leaseHolder(app.db, webhookLeaseName(listener.id))) ?? '';
  const holder = started.find((p) => leaseHeldBy.includes(`:${p.child.pid}:`));
  expect(holder).toBeDefined();
  await holder!.kill('SIGKILL');
  const atKill = verifiedDeliveries(receiver, '/k', secret).length;
  expect(atKill).toBeLessThan(10);

  const all = await waitFor('every transfer delivered', () => {
    const got = verifiedDeliveries(receiver, '/k', secret);
    const hashesGot = got.flatMap((d) => d.body.data).filter((i: any) => i.kind === 'event').map((i: any) => i.event.txHash);
    return hashes.every((h) => hashesGot.includes(h)) ? got : undefined;
  });
  const events = all.flatMap((d) => d.body.data).filter((i: any) => i.kind === 'event');
  // Exactly once after dedup by webhook-id, in chain order.
  expect(events.map((e: any) => e.event.txHash)).toEqual(hashes);
  // The POST in flight at the kill reached the receiver and was sent again under the same webhook-id.
  const raw = receiver.received.filter((r) => r.path === '/k').map((r) => r.id);
  expect(raw.length).toBeGreaterThan(new Set(raw).size);
});
