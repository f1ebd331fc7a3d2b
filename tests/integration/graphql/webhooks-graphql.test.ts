// The webhooks in GraphQL, against the real server, a real anvil and a real local receiver: add (secret shown once),
// read, update, toggle, pause/resume/remove all, project isolation and bad input with codes; then a transfer
// delivered and verified with the standardwebhooks package, the delivery log, rotation of the secret and a replay
// from a block.
import http from 'node:http';
import type { Contract } from 'ethers';
import { Webhook } from 'standardwebhooks';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { bearer, startTestServer, type TestServer } from '../../helpers/server';
import { RFC3339_TRIMMED, type Project } from '../../rpc/collections-fixtures';
import { waitFor } from '../metadata/fixtures';
import { startServer, type LocalServer } from '../web/local-server';

type Received = { headers: Record<string, string>; body: string };

let anvil: Anvil;
let receiver: LocalServer;
let server: TestServer;
let A: Project;
let B: Project;
let token: Contract;
let tokenAddress: string;
const received: Received[] = [];

const LISTENER = 'id projectId chainId url name active disabledReason kinds createdAt updatedAt filters { events contractAddresses accounts tokenIds }';

beforeAll(async () => {
  anvil = await startAnvil();
  receiver = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((h) => [h, String(req.headers[h] ?? '')]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  server = await startTestServer({ CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`, WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` });
  [A, B] = [await server.createProject('hooks A'), await server.createProject('hooks B')];
  token = await deployContract(devWallet(anvil, 0), 'TestERC20.sol', 'TestERC20', ['Gold', 'GLD', 18]);
  tokenAddress = (await token.getAddress()).toLowerCase();
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

/** The request as project `p` (or without credentials). */
const as = async (p: Project | null, query: string, variables: Record<string, unknown> = {}) =>
  (await server.graphql(query, variables, p ? bearer(p.bearerToken) : {})).body as { data?: any; errors?: Array<{ message: string; extensions?: { code?: string } }> };
const ok = async (p: Project, query: string, variables: Record<string, unknown> = {}) => {
  const r = await as(p, query, variables);
  if (r.errors) throw new Error(`GraphQL errors: ${JSON.stringify(r.errors)}`);
  return r.data;
};
const codeOf = async (p: Project | null, query: string, variables: Record<string, unknown> = {}) => {
  const r = await as(p, query, variables);
  return { code: r.errors?.[0]?.extensions?.code, message: r.errors?.[0]?.message ?? '' };
};

const ADD = `mutation($input: WebhookListenerInput!, $projectId: Int) { addWebhookListener(input: $input, projectId: $projectId) { secret listener { ${LISTENER} } } }`;
const GET = `query($id: Int!) { webhookListener(id: $id) { ${LISTENER} } }`;
const LIST = `{ webhookListeners { id active } }`;
const url = (path: string) => `${receiver.origin}/${path}`;

describe('webhooks over GraphQL', () => {
  let id: number;

  it('addWebhookListener: the listener on the chain, events by default, with its secret once', async () => {
    const { addWebhookListener: added } = await ok(A, ADD, { input: { url: url('a'), filters: { contractAddresses: [tokenAddress.toUpperCase().replace('0X', '0x')] } } });
    expect(added.secret).toMatch(/^whsec_/);
    expect(added.listener).toMatchObject({
      projectId: A.projectId,
      chainId: anvil.chainId,
      url: url('a'),
      name: '',
      active: true,
      disabledReason: null,
      kinds: ['EVENTS'],
      filters: { contractAddresses: [tokenAddress], accounts: [], events: [], tokenIds: [] },
    });
    expect(added.listener.updatedAt).toMatch(RFC3339_TRIMMED);
    id = added.listener.id;
    expect((await ok(A, GET, { id })).webhookListener).toEqual(added.listener);
    expect((await ok(A, LIST)).webhookListeners).toEqual([{ id, active: true }]);
  });

  it('updateWebhookListener changes the given fields; toggleWebhookListener flips active', async () => {
    const UPDATE = `mutation($id: Int!, $input: WebhookListenerInput, $active: Boolean) { updateWebhookListener(id: $id, input: $input, active: $active) { ${LISTENER} } }`;
    const { updateWebhookListener: l } = await ok(A, UPDATE, { id, input: { name: 'gold', kinds: ['EVENTS', 'BALANCES'] } });
    expect(l).toMatchObject({ name: 'gold', kinds: ['EVENTS', 'BALANCES'], url: url('a'), filters: { contractAddresses: [tokenAddress] } });
    expect((await ok(A, UPDATE, { id, active: false })).updateWebhookListener.active).toBe(false);
    const TOGGLE = `mutation($id: Int!) { toggleWebhookListener(id: $id) { active } }`;
    expect((await ok(A, TOGGLE, { id })).toggleWebhookListener.active).toBe(true);
  });

  it('another project sees nothing of it and cannot touch it; bad input is refused with its code', async () => {
    expect((await ok(B, LIST)).webhookListeners).toEqual([]);
    expect((await codeOf(B, GET, { id })).code).toBe('NOT_FOUND');
    expect((await codeOf(B, `mutation($id: Int!) { toggleWebhookListener(id: $id) { id } }`, { id })).code).toBe('NOT_FOUND');
    expect((await codeOf(B, `mutation($id: Int!) { rotateWebhookSecret(id: $id) }`, { id })).code).toBe('NOT_FOUND');
    expect((await codeOf(B, `query($id: Int!) { webhookDeliveries(listenerId: $id) { totalCount } }`, { id })).code).toBe('NOT_FOUND');
    expect((await codeOf(B, `mutation { removeAllWebhookListeners }`)).code).toBeUndefined();
    expect((await codeOf(B, ADD, { projectId: A.projectId, input: { url: url('b'), filters: { accounts: [tokenAddress] } } })).code).toBe('PERMISSION_DENIED');
    expect((await ok(A, GET, { id })).webhookListener.active).toBe(true);

    expect((await codeOf(null, LIST)).code).toBe('UNAUTHORIZED');
    const badUrl = await codeOf(A, ADD, { input: { url: 'http://169.254.169.254/latest', filters: { accounts: [tokenAddress] } } });
    expect(badUrl.code).toBe('INVALID_ARGUMENT');
    expect(badUrl.message).toMatch(/url/);
    expect((await codeOf(A, ADD, { input: { url: url('x') } })).code).toBe('INVALID_ARGUMENT');
    expect((await codeOf(A, ADD, { input: { url: url('x'), filters: { accounts: ['nobody'] } } })).code).toBe('INVALID_ARGUMENT');
    expect((await codeOf(A, ADD, { input: { url: url('x'), filters: { accounts: [tokenAddress] }, kinds: ['BLOCKS'] } })).code).toBe('BAD_USER_INPUT');
    expect((await codeOf(A, `query { webhookListeners(chainId: "999999") { id } }`)).code).toBe('CHAIN_NOT_FOUND');
  });

  it('a transfer arrives signed with the secret; the log shows it; a rotated secret signs a replay under a new webhook id', async () => {
    const { addWebhookListener: added } = await ok(A, ADD, { input: { url: url('gold'), filters: { contractAddresses: [tokenAddress] } } });
    const listenerId: number = added.listener.id;
    const mined = await (await token.mint(devWallet(anvil, 1).address, 5n)).wait();
    const block: number = mined!.blockNumber;

    const forGold = () => received.filter((r) => JSON.parse(r.body).listenerId === listenerId);
    const first = await waitFor(async () => forGold(), (r) => r.length > 0, 20_000);
    expect(first.length).toBeGreaterThan(0);
    const body = new Webhook(added.secret).verify(first[0].body, first[0].headers) as { chainId: number; data: Array<{ kind: string }> };
    expect(body.chainId).toBe(anvil.chainId);
    expect(body.data.some((d) => d.kind === 'event')).toBe(true);

    const LOG = `query($id: Int!) { webhookDeliveries(listenerId: $id) { totalCount nodes { webhookId status attempts latencyMs lastError firstBlock lastBlock eventCount } } }`;
    const log = await waitFor(
      async () => (await ok(A, LOG, { id: listenerId })).webhookDeliveries,
      (l: any) => l.nodes.some((d: any) => d.status === 'DELIVERED'),
    );
    const delivered = log.nodes.find((d: any) => d.webhookId === first[0].headers['webhook-id']);
    expect(delivered).toMatchObject({ status: 'DELIVERED', attempts: 1, lastError: null });
    expect(delivered.latencyMs).toEqual(expect.any(Number));
    expect(delivered.firstBlock).toBeLessThanOrEqual(block);

    const { rotateWebhookSecret: secret } = await ok(A, `mutation($id: Int!) { rotateWebhookSecret(id: $id) }`, { id: listenerId });
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(added.secret);
    const seen = forGold().length;
    const { replayWebhookListener: queued } = await ok(A, `mutation($id: Int!, $from: Int!) { replayWebhookListener(listenerId: $id, fromBlock: $from) }`, {
      id: listenerId,
      from: block,
    });
    expect(queued).toBeGreaterThan(0);
    const again = await waitFor(async () => forGold().slice(seen), (r) => r.length > 0, 20_000);
    expect(again.length).toBeGreaterThan(0);
    expect(again[0].headers['webhook-id']).not.toBe(first[0].headers['webhook-id']);
    expect(() => new Webhook(added.secret).verify(again[0].body, again[0].headers)).toThrow();
    const replayed = new Webhook(secret).verify(again[0].body, again[0].headers) as { data: unknown[] };
    expect(replayed.data.length).toBeGreaterThan(0);
  });

  it('pauseAll, resumeAll and removeAll answer how many listeners they changed', async () => {
    expect((await ok(A, `mutation { pauseAllWebhookListeners }`)).pauseAllWebhookListeners).toBe(2);
    expect((await ok(A, LIST)).webhookListeners.every((l: { active: boolean }) => !l.active)).toBe(true);
    expect((await ok(A, `mutation { resumeAllWebhookListeners }`)).resumeAllWebhookListeners).toBe(2);
    expect((await ok(A, `mutation($id: Int!) { removeWebhookListener(id: $id) }`, { id })).removeWebhookListener).toBe(true);
    expect((await ok(A, `mutation { removeAllWebhookListeners }`)).removeAllWebhookListeners).toBe(1);
    expect((await ok(A, LIST)).webhookListeners).toEqual([]);
  });
});
