// The nine webhook methods of the published @0xsequence/indexer 3.0.13 SequenceIndexer, unchanged, through the
// per-chain base URL with each project's bearer token: shapes (the secret shown once on add), project isolation, and
// bad input answered with the client's own error classes.
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
type WebhookListener = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebhookListener;
type WebrpcError = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebrpcError;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { InvalidArgumentError, NotFoundError, PermissionDeniedError, SequenceIndexer, UnauthorizedError } = require('@0xsequence/indexer-v3') as V3;
type SequenceIndexer = InstanceType<V3['SequenceIndexer']>;
import { startAnvil, type Anvil } from '../helpers/anvil';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { bearer, startTestServer, type TestServer } from '../helpers/server';
import { startServer, type LocalServer } from '../integration/web/local-server';
import { RFC3339_TRIMMED, type Project } from './collections-fixtures';

let anvil: Anvil;
let receiver: LocalServer;
let server: TestServer;
let A: Project;
let B: Project;
let a: SequenceIndexer;
let b: SequenceIndexer;

const TOKEN = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const ACCOUNT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

beforeAll(async () => {
  [anvil, receiver] = await Promise.all([startAnvil(), startServer((_, res) => res.writeHead(204).end())]);
  server = await startTestServer({ CHAINS: `${anvil.chainId}:anvil=${anvil.rpcUrl}`, WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}` }, { index: false });
  [A, B] = [await server.createProject('webhooks A'), await server.createProject('webhooks B')];
  // As an app configures the client: the chain's base URL, the project's access key and its bearer token.
  const base = `${server.url}/chains/${anvil.chainId}`;
  a = new SequenceIndexer(base, A.accessKey, A.bearerToken);
  b = new SequenceIndexer(base, B.accessKey, B.bearerToken);
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

const hook = (path: string) => `${receiver.origin}/${path}`;

describe('@0xsequence/indexer 3.0.13 SequenceIndexer: webhook listeners', () => {
  let first: WebhookListener;

  it('addWebhookListener: the listener of the caller’s project, active, with its secret shown once', async () => {
    const r = await a.addWebhookListener({ url: hook('one'), filters: { contractAddresses: [TOKEN], accounts: [ACCOUNT] } });
    expect(r.status).toBe(true);
    const { secret, ...listener } = r.listener as WebhookListener & { secret: string };
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{20,}$/);
    expect(listener).toMatchObject({
      projectID: A.projectId,
      url: hook('one'),
      filters: { contractAddresses: [TOKEN.toLowerCase()], accounts: [ACCOUNT.toLowerCase()] },
      name: '',
      active: true,
    });
    expect(listener.id).toEqual(expect.any(Number));
    expect(listener.updatedAt).toMatch(RFC3339_TRIMMED);
    first = r.listener;

    // Read back: the same listener, never its secret.
    const got = await a.getWebhookListener({ id: first.id });
    expect(got.listener).not.toHaveProperty('secret');
    expect(got.listener).toEqual(listener);
    expect((await a.getAllWebhookListeners({})).listeners).toEqual([listener]);
  });

  it('updateWebhookListener replaces url, name, filters and active; toggleWebhookListener flips active', async () => {
    const changed: WebhookListener = {
      ...first,
      url: hook('two'),
      name: 'transfers',
      filters: { contractAddresses: [TOKEN], events: ['Transfer(address indexed from, address indexed to, uint256 value)'], tokenIDs: ['7'] },
      active: false,
    };
    expect(await a.updateWebhookListener({ listener: changed })).toEqual({ status: true });
    const { listener } = await a.getWebhookListener({ id: first.id });
    expect(listener).toMatchObject({ url: hook('two'), name: 'transfers', active: false });
    expect(listener.filters).toMatchObject({ contractAddresses: [TOKEN.toLowerCase()], tokenIDs: ['7'] });
    expect(listener.filters.events).toHaveLength(1);
    expect(listener.filters.accounts ?? []).toEqual([]);

    const on = await a.toggleWebhookListener({ id: first.id });
    expect(on.webhookListener).toMatchObject({ id: first.id, active: true });
    expect((await a.toggleWebhookListener({ id: first.id })).webhookListener.active).toBe(false);
    expect((await a.toggleWebhookListener({ id: first.id })).webhookListener.active).toBe(true);
  });

  it('pauseAll / resumeAll / removeWebhookListener / removeAll', async () => {
    const second = (await a.addWebhookListener({ url: hook('three'), filters: { accounts: [ACCOUNT] } })).listener;
    expect(await a.pauseAllWebhookListeners({})).toEqual({ status: true });
    expect((await a.getAllWebhookListeners({})).listeners.map((l) => [l.id, l.active])).toEqual([
      [first.id, false],
      [second.id, false],
    ]);
    expect(await a.resumeAllWebhookListeners({})).toEqual({ status: true });
    expect((await a.getAllWebhookListeners({})).listeners.every((l) => l.active)).toBe(true);

    expect(await a.removeWebhookListener({ id: second.id })).toEqual({ status: true });
    expect(await rejectionOf(a.getWebhookListener({ id: second.id }))).toBeInstanceOf(NotFoundError);
    expect((await a.getAllWebhookListeners({})).listeners.map((l) => l.id)).toEqual([first.id]);

    expect(await a.removeAllWebhookListeners({})).toEqual({ status: true });
    expect((await a.getAllWebhookListeners({})).listeners).toEqual([]);
  });

  it('a listener of project A is invisible to project B, and B cannot change or remove it', async () => {
    const mine = (await a.addWebhookListener({ url: hook('a'), filters: { accounts: [ACCOUNT] } })).listener;
    const theirs = (await b.addWebhookListener({ url: hook('b'), filters: { accounts: [ACCOUNT] } })).listener;
    expect(theirs.projectID).toBe(B.projectId);

    expect((await b.getAllWebhookListeners({})).listeners.map((l) => l.id)).toEqual([theirs.id]);
    expect(await rejectionOf(b.getWebhookListener({ id: mine.id }))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(b.toggleWebhookListener({ id: mine.id }))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(b.updateWebhookListener({ listener: { ...mine, url: hook('stolen') } }))).toBeInstanceOf(NotFoundError);
    const removed = await b.removeWebhookListener({ id: mine.id }).catch((err: unknown) => err);
    expect(removed instanceof NotFoundError || (removed as { status?: boolean }).status === false).toBe(true);
    await b.pauseAllWebhookListeners({});
    await b.removeAllWebhookListeners({});
    expect((await b.getAllWebhookListeners({})).listeners).toEqual([]);

    // A's listener is untouched by all of it.
    const { listener } = await a.getWebhookListener({ id: mine.id });
    expect(listener).toMatchObject({ url: hook('a'), active: true, projectID: A.projectId });

    // Naming A's project with B's token is refused, on every method.
    const denied = await rejectionOf(b.getAllWebhookListeners({ projectId: A.projectId }));
    expect(denied).toBeInstanceOf(PermissionDeniedError);
    expect(await rejectionOf(b.removeAllWebhookListeners({ projectId: A.projectId }))).toBeInstanceOf(PermissionDeniedError);
    expect(await rejectionOf(b.addWebhookListener({ projectId: A.projectId, url: hook('x'), filters: { accounts: [ACCOUNT] } }))).toBeInstanceOf(
      PermissionDeniedError,
    );
    expect((await a.getAllWebhookListeners({ projectId: A.projectId })).listeners.map((l) => l.id)).toEqual([mine.id]);
  });

  it('bad input and missing credentials: the client’s error classes with a message naming the field', async () => {
    const filters = { accounts: [ACCOUNT] };
    const badScheme = await rejectionOf(a.addWebhookListener({ url: 'ftp://example.com/hook', filters }));
    expect(badScheme).toBeInstanceOf(InvalidArgumentError);
    expect(badScheme.message).toMatch(/url/);
    // A private address the operator did not allow (the SSRF guard).
    const privateUrl = await rejectionOf(a.addWebhookListener({ url: 'http://10.1.2.3/hook', filters }));
    expect(privateUrl).toBeInstanceOf(InvalidArgumentError);
    expect(privateUrl.message).toMatch(/url/);
    const noFilter = await rejectionOf(a.addWebhookListener({ url: hook('x'), filters: {} }));
    expect(noFilter).toBeInstanceOf(InvalidArgumentError);
    const badAddress = await rejectionOf(a.addWebhookListener({ url: hook('x'), filters: { contractAddresses: ['0x1234'] } }));
    expect(badAddress).toBeInstanceOf(InvalidArgumentError);
    expect(badAddress.message).toMatch(/contractAddresses/);
    const badToken = await rejectionOf(a.addWebhookListener({ url: hook('x'), filters: { accounts: [ACCOUNT], tokenIDs: ['seven'] } }));
    expect(badToken).toBeInstanceOf(InvalidArgumentError);
    expect(badToken.message).toMatch(/tokenIDs/);
    expect(await rejectionOf(a.getWebhookListener({ id: 987_654 }))).toBeInstanceOf(NotFoundError);

    // The access key alone does not manage listeners: the bearer token does.
    const keyOnly = new SequenceIndexer(`${server.url}/chains/${anvil.chainId}`, A.accessKey);
    expect(await rejectionOf(keyOnly.getAllWebhookListeners({}))).toBeInstanceOf(UnauthorizedError);

    // What a typed client cannot send, raw: a non-numeric id, a missing listener.
    const headers = { 'X-Access-Key': A.accessKey, ...bearer(A.bearerToken) };
    const badId = await server.rpc('Indexer/GetWebhookListener', { id: 'one' }, headers);
    expect(badId.status).toBe(400);
    expect(badId.body).toMatchObject({ error: 'InvalidArgument', code: 2001 });
    expect(badId.body.msg).toMatch(/^id: /);
    const noListener = await server.rpc('Indexer/UpdateWebhookListener', {}, headers);
    expect(noListener.body).toMatchObject({ error: 'InvalidArgument', code: 2001 });
    // A chain the server does not index.
    const otherChain = await server.rpc('Indexer/GetAllWebhookListeners', { chainID: '999999' }, headers);
    expect(otherChain.body).toMatchObject({ error: 'InvalidArgument', code: 2001 });
    expect(otherChain.body.msg).toMatch(/chainID/);
  });
});
