// Metadata that refreshes itself: ERC-4906 MetadataUpdate / BatchMetadataUpdate and ERC-1155 URI events make the
// served documents change without any refresh call, each through a visible task; a token whose server failed (or
// served a placeholder) is fetched again on the retry schedule. A real anvil, the real server, a local metadata host.
import type http from 'node:http';
import type { Contract } from 'ethers';
import { Metadata, TaskStatus } from '@0xsequence/metadata';
import { ChainCheckpointEntity } from '../../../src/db';
import { devWallet } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { json, startServer, type LocalServer } from '../web/local-server';
import { gql, startMetadataEnv, waitFor, type MetadataEnv } from './fixtures';

let env: MetadataEnv;
let host: LocalServer;
let metadata: Metadata;
let chainID: string;
/** Paths answered with a 500 this many more times, or with an empty JSON object (a placeholder). */
const failuresLeft = new Map<string, number>();
const placeholdersLeft = new Map<string, number>();

const hits = (path: string) => host.requests.filter((r) => r.path === path).length;

beforeAll(async () => {
  host = await startServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const path = req.url ?? '/';
    const fails = failuresLeft.get(path) ?? 0;
    if (fails > 0) {
      failuresLeft.set(path, fails - 1);
      return json(res, { error: 'try later' }, 500);
    }
    const placeholders = placeholdersLeft.get(path) ?? 0;
    if (placeholders > 0) {
      placeholdersLeft.set(path, placeholders - 1);
      return json(res, {});
    }
    return json(res, { name: `Token at ${path}`, image: `https://img.example${path}.png`, attributes: [{ trait_type: 'path', value: path }] });
  });
  env = await startMetadataEnv({ METADATA_ALLOW_HOSTS: `127.0.0.1:${host.port}`, METADATA_TASK_POLL_MS: '50', METADATA_RETRY_BASE_MS: '400' });
  chainID = String(env.anvil.chainId);
  metadata = new Metadata(env.server.url, (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'X-Access-Key': env.accessKey } }));
});
afterAll(async () => {
  await env.stop();
  await host.close();
});

const deploy = async (file: string, args: unknown[]) => {
  const c = await deployContract(devWallet(env.anvil), file, file.replace('.sol', ''), args);
  return Object.assign(c, { address: (await c.getAddress()).toLowerCase() }) as Contract & { address: string };
};

/** Sends a transaction and waits until ingestion has indexed its block; returns the block number. */
const mined = async (tx: Promise<{ wait(): Promise<{ blockNumber: number } | null> }>) => {
  const receipt = (await (await tx).wait())!;
  const repo = env.server.app.db.getRepository(ChainCheckpointEntity);
  await waitFor(async () => (await repo.findOneBy({ chainId: env.anvil.chainId }))?.indexedBlock ?? -1, (n) => n >= receipt.blockNumber, 20_000);
  return receipt.blockNumber;
};

const names = async (contractAddress: string, tokenIDs: string[]) =>
  (await metadata.getTokenMetadata({ chainID, contractAddress, tokenIDs })).tokenMetadata.map((t) => t.name);

/** The contract's tasks queued by events or retries, as GraphQL lists them, newest first. */
const tasksOf = async (contractAddress: string, origin: 'EVENT' | 'RETRY') => {
  const d = await gql(env, `query ($c: String!, $a: String!) { metadataTasks(chainId: $c, contractAddress: $a, last: 50) { id status origin payload result error } }`, {
    c: chainID,
    a: contractAddress,
  });
  return (d.metadataTasks as Array<{ id: number; status: string; origin: string; payload: string[]; result: string[]; error: string | null }>).filter((t) => t.origin === origin);
};

const url = (path: string) => `${host.origin}${path}`;

describe('refresh by itself', () => {
  it('ERC-4906 MetadataUpdate: the token’s new URI is served without a refresh call, through a visible task', async () => {
    const nft = await deploy('TestERC721.sol', ['Auto Cats', 'ACAT']);
    await mined(nft.mint('0x00000000000000000000000000000000000000a1', 1));
    await mined(nft.setTokenURI(1, url('/cats/1-v1.json')));
    expect(await names(nft.address, ['1'])).toEqual(['Token at /cats/1-v1.json']);

    const block = await mined(nft.setTokenURI(1, url('/cats/1-v2.json')));
    const served = await waitFor(() => names(nft.address, ['1']), (n) => n[0] === 'Token at /cats/1-v2.json', 20_000);
    expect(served).toEqual(['Token at /cats/1-v2.json']);

    // The document is stored before the task records its end.
    const ofBlock = (ts: Awaited<ReturnType<typeof tasksOf>>) => ts.filter((t) => t.payload.some((l) => l.startsWith(`event: MetadataUpdate block ${block} `)));
    const [task] = ofBlock(await waitFor(() => tasksOf(nft.address, 'EVENT'), (ts) => ofBlock(ts)[0]?.status === 'DONE'));
    expect(task).toMatchObject({ status: 'DONE', result: ['1: AVAILABLE'] });
    expect(task.payload).toEqual(expect.arrayContaining([`contract: ${nft.address}`, 'tokenRanges: 1', 'onlyCached: true']));
    // The published client reads the same task.
    expect((await metadata.getTaskStatus({ taskId: task.id })).status).toBe(TaskStatus.DONE);
    expect((await metadata.getTask({ taskId: task.id })).task).toMatchObject({ id: task.id, queue: 'tokens', result: ['1: AVAILABLE'] });
  });

  it('ERC-4906 BatchMetadataUpdate: exactly the tokens of the range are refreshed', async () => {
    const reveal = await deploy('TestERC4906.sol', [url('/reveal/v1/')]);
    for (const id of [1, 2, 3, 4, 5]) await mined(reveal.mint('0x00000000000000000000000000000000000000a2', id));
    const ids = ['1', '2', '3', '4', '5'];
    expect(await names(reveal.address, ids)).toEqual(ids.map((id) => `Token at /reveal/v1/${id}`));

    const block = await mined(reveal.setBaseURI(url('/reveal/v2/'), 2, 4));
    await waitFor(() => names(reveal.address, ids), (n) => n[2] === 'Token at /reveal/v2/3' && n[3] === 'Token at /reveal/v2/4', 20_000);
    const [task] = await waitFor(
      () => tasksOf(reveal.address, 'EVENT'),
      (ts) => ts.some((t) => t.status === 'DONE' && t.payload.some((l) => l.includes(`BatchMetadataUpdate block ${block} `))),
    );
    expect(task.payload).toEqual(expect.arrayContaining(['tokenRanges: 2-4']));
    expect(task.result).toEqual(['2: AVAILABLE', '3: AVAILABLE', '4: AVAILABLE']);
    // Tokens 1 and 5 were not named: they keep the document they had.
    expect(await names(reveal.address, ids)).toEqual([
      'Token at /reveal/v1/1',
      'Token at /reveal/v2/2',
      'Token at /reveal/v2/3',
      'Token at /reveal/v2/4',
      'Token at /reveal/v1/5',
    ]);
    expect(hits('/reveal/v2/1') + hits('/reveal/v2/5')).toBe(0);

    // A MetadataUpdate of a token nobody read queues nothing to fetch: it is fetched fresh on its first read.
    await mined(reveal.mint('0x00000000000000000000000000000000000000a2', 9));
    const touched = await mined(reveal.touch(9));
    const [quiet] = await waitFor(
      () => tasksOf(reveal.address, 'EVENT'),
      (ts) => ts.some((t) => t.status === 'DONE' && t.payload.some((l) => l.includes(`MetadataUpdate block ${touched} `))),
    );
    expect(quiet.result[0]).toMatch(/^no token to refresh/);
    expect(hits('/reveal/v2/9')).toBe(0);
  });

  it('ERC-1155 URI: the id’s new URI is served', async () => {
    const multi = await deploy('TestERC1155UriStorage.sol', [url('/multi/{id}.json')]);
    await mined(multi.mint('0x00000000000000000000000000000000000000a3', 7, 10));
    const hexId = `${'0'.repeat(63)}7`;
    expect(await names(multi.address, ['7'])).toEqual([`Token at /multi/${hexId}.json`]);

    const block = await mined(multi.setTokenURI(7, url('/multi/7-v2.json')));
    await waitFor(() => names(multi.address, ['7']), (n) => n[0] === 'Token at /multi/7-v2.json', 20_000);
    const tasks = await waitFor(
      () => tasksOf(multi.address, 'EVENT'),
      (ts) => ts.some((t) => t.status === 'DONE' && t.payload.some((l) => l.startsWith(`event: URI block ${block} `))),
    );
    expect(tasks.find((t) => t.payload.some((l) => l.startsWith(`event: URI block ${block} `)))!.result).toEqual(['7: AVAILABLE']);
  });

  it('a token whose server failed, or served a placeholder, is fetched again later and served correctly', async () => {
    const nft = await deploy('TestERC721.sol', ['Flaky Cats', 'FCAT']);
    failuresLeft.set('/flaky/1.json', 2);
    placeholdersLeft.set('/flaky/2.json', 1);
    await mined(nft.mint('0x00000000000000000000000000000000000000a4', 1));
    await mined(nft.mint('0x00000000000000000000000000000000000000a4', 2));
    // Set once, before any read: these events name tokens nobody has read yet.
    await mined(nft.setTokenURI(1, url('/flaky/1.json')));
    await mined(nft.setTokenURI(2, url('/flaky/2.json')));

    const first = (await metadata.getTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['1', '2'] })).tokenMetadata;
    expect(first[0].name).toBe('');
    expect(first[1].name).toBe('');
    // The setTokenURI events were indexed while no token of the contract was cached: they queued nothing.
    expect(await tasksOf(nft.address, 'EVENT')).toEqual([]);
    // No read and no call from here on: the retry schedule fetches both again (400 ms, then 800 ms).
    await waitFor(async () => hits('/flaky/1.json'), (n) => n >= 3, 20_000);
    await waitFor(async () => hits('/flaky/2.json'), (n) => n >= 2, 20_000);
    const retries = await waitFor(
      () => tasksOf(nft.address, 'RETRY'),
      (ts) => ts.some((t) => t.status === 'DONE' && t.result.includes('1: AVAILABLE')),
      20_000,
    );
    // The first retry failed again (the server's second 500) and said so; the next one succeeded.
    expect(retries.some((t) => t.status === 'FAILED' && t.result.some((l) => /^1: FAILED: .*500/.test(l)))).toBe(true);
    expect(retries.some((t) => t.status === 'DONE' && t.result.includes('1: AVAILABLE'))).toBe(true);
    expect(retries.flatMap((t) => t.result)).toContain('2: AVAILABLE');
    expect(await names(nft.address, ['1', '2'])).toEqual(['Token at /flaky/1.json', 'Token at /flaky/2.json']);
    const hitsAfter = hits('/flaky/1.json') + hits('/flaky/2.json');
    // Served correctly, the tokens are not fetched again.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(hits('/flaky/1.json') + hits('/flaky/2.json')).toBe(hitsAfter);
  });

  it('GraphQL queues a refresh and reads the task while and after it runs', async () => {
    const nft = await deploy('TestERC721.sol', ['Graph Cats', 'GCAT']);
    await mined(nft.mint('0x00000000000000000000000000000000000000a5', 1));
    await mined(nft.setTokenURI(1, url('/graph/1.json')));
    const d = await gql(env, `mutation ($c: String!, $a: String!) { queueTokenMetadataRefresh(chainId: $c, contractAddress: $a, tokenIds: ["1"]) { id status origin queue payload } }`, {
      c: chainID,
      a: nft.address,
    });
    // A worker may claim (even finish) the task between its insert and the reply's read of it: any state on the way.
    expect(d.queueTokenMetadataRefresh).toMatchObject({
      status: expect.stringMatching(/^(QUEUED|RUNNING|DONE)$/),
      origin: 'REQUEST',
      queue: 'tokens',
      payload: [`chainId: ${chainID}`, `contract: ${nft.address}`, 'tokenIds: 1'],
    });
    const read = (id: number) => gql(env, `query ($id: Int!) { metadataTask(id: $id) { status tries result error lastRanAt } }`, { id });
    const done = await waitFor(() => read(d.queueTokenMetadataRefresh.id), (r) => r.metadataTask.status === 'DONE');
    expect(done.metadataTask).toMatchObject({ status: 'DONE', tries: 1, result: ['1: AVAILABLE'], error: null });
    const missing = await env.server.graphql(`{ metadataTask(id: 999999) { id } }`, {}, env.key());
    expect(missing.body.errors[0].extensions.code).toBe('NOT_FOUND');
  });
});
