// A whole-contract RefreshTokenMetadata (no tokenIDs) covers every token, however many: the task pages through the
// contract's token ids in a stable order, one chunk per run, its cursor and counters kept between runs, and reads DONE
// (or FAILED) only after the last chunk. Driven through the published @0xsequence/metadata `Metadata` class against a
// real anvil and a real local HTTP server of token documents, whose request log shows every token fetched exactly once.
// The chunk size is the task worker’s option (TASK_MAX_ITEMS by default): the test runs the real worker over the
// server's own services with small chunks instead of minting 10,000 tokens.
import { Metadata, TaskStatus } from '@0xsequence/metadata';
import { startMetadataEnv, waitFor, type MetadataEnv } from '../integration/metadata/fixtures';
import { PATIENCE_MS } from '../helpers/patience';
import { createMetadataTaskWorker, type MetadataTaskWorker } from '../../src/workers/metadata-tasks';
import { TASK_MAX_ITEMS } from '../../src/domain/metadata-jobs/task-types';
import { toBytes } from '../../src/db';

let env: MetadataEnv;
let metadata: Metadata;
let chainID: string;
let worker: MetadataTaskWorker | undefined;
let nft: Awaited<ReturnType<MetadataEnv['deploy']>>;
let multi: Awaited<ReturnType<MetadataEnv['deploy']>>;

const OWNER = '0x00000000000000000000000000000000000000b1';
/** 25 tokens (more than the chunks of 10 below), ids whose text order is not their numeric order, one huge. */
const IDS = [...Array.from({ length: 24 }, (_, i) => String(i + 1)), '100000000000000000000'];
/** Token 13's document is gone (410): its fetch fails. */
const GONE = '13';
/** Every fetch waits this long at the server, so a chunk takes a while and the polls see the task between chunks. */
const SLOW_MS = 150;
const pathOf = (id: string) => (id === GONE ? '/gone.json' : `/slow/${SLOW_MS}/paged/${id}.json`);

const withHeaders = (headers: Record<string, string>): typeof fetch => (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });

/** Runs the server's task worker again with `chunkTokens` per chunk (the one the app started is stopped). */
const useWorker = async (chunkTokens: number) => {
  await worker?.stop();
  const app = env.server.app;
  worker = createMetadataTaskWorker({
    deps: { db: app.db, tokenMetadata: app.services.tokenMetadata, contracts: app.services.contracts },
    logger: app.logger,
    pollMs: 50,
    retryBaseMs: 60_000,
    chunkTokens,
  });
  worker.start();
};

type Seen = { status: string | undefined; taskStatus: string; first: string | undefined };

/** Polls GetTaskStatus and GetTask until the task ends, keeping what each poll read; then the finished task. */
const followTask = async (taskId: number) => {
  const seen: Seen[] = [];
  const end = await waitFor(
    async () => {
      // GetTask first: a task that ends between the two reads then ends this poll (the status only moves forward).
      const { task } = await metadata.getTask({ taskId });
      const { status } = await metadata.getTaskStatus({ taskId });
      seen.push({ status, taskStatus: task.status, first: task.result[0] });
      return status;
    },
    (s) => s === TaskStatus.DONE || s === TaskStatus.FAILED,
    PATIENCE_MS,
  );
  return { end, seen, task: (await metadata.getTask({ taskId })).task };
};

/** How often each path was asked for since request number `from` of the document server's log. */
const hitsSince = (from: number, prefix: (p: string) => boolean) => {
  const counts = new Map<string, number>();
  for (const r of env.docs.requests.slice(from)) if (prefix(r.path)) counts.set(r.path, (counts.get(r.path) ?? 0) + 1);
  return counts;
};
const isTokenPath = (p: string) => p.startsWith(`/slow/${SLOW_MS}/paged/`) || p === '/gone.json';

/** Every poll before the end read a task not finished, whose result (once a chunk ran) said how far it was. */
const expectHonestProgress = (seen: Seen[], soFar: number[]) => {
  const before = seen.slice(0, -1);
  for (const s of before) {
    expect(s.status).toBe(TaskStatus.QUEUED);
    expect(s.taskStatus).toBe(TaskStatus.QUEUED);
    if (s.first !== undefined) expect(s.first).toMatch(/^tokens refreshed so far: (\d+) /);
  }
  const counts = new Set(before.flatMap((s) => (s.first ? [Number(/so far: (\d+)/.exec(s.first)![1])] : [])));
  // Polls read between chunks (each takes several slow fetches): the partial counts seen are the chunks' ends.
  expect(counts.size).toBeGreaterThan(0);
  for (const n of counts) expect(soFar).toContain(n);
};

beforeAll(async () => {
  env = await startMetadataEnv({ METADATA_TASK_POLL_MS: '50', METADATA_RETRY_BASE_MS: '60000' });
  chainID = String(env.anvil.chainId);
  metadata = new Metadata(env.server.url, withHeaders({ 'X-Access-Key': env.accessKey }));
  // The app's own worker (default chunks) leaves the tasks to the test's.
  await env.server.app.workers.metadataTasks.stop();
  await useWorker(10);
  nft = await env.deploy('TestERC721.sol', ['Paged Cats', 'PCAT']);
  // URIs first (their MetadataUpdate events find nothing cached, so queue nothing), then the mints; the last mint
  // indexed means every earlier block was.
  for (const id of IDS) await (await nft.setTokenURI(id, `${env.docs.origin}${pathOf(id)}`)).wait();
  for (const id of IDS) await (await nft.mint(OWNER, id)).wait();
  multi = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/multi/{id}.json`]);
  const multiIds = Array.from({ length: 12 }, (_, i) => i + 1);
  await (await multi.mintBatch(OWNER, multiIds, multiIds.map(() => 1))).wait();
  const db = env.server.app.db;
  const minted = async (address: string) =>
    Number((await db.query('SELECT COUNT(*) AS n FROM token_transfers WHERE contract = ?', [toBytes(address)]))[0].n);
  await waitFor(() => minted(nft.address), (n) => n === IDS.length, PATIENCE_MS);
  await waitFor(() => minted(multi.address), (n) => n === multiIds.length, PATIENCE_MS);
  expect(await minted(nft.address)).toBe(IDS.length);
  expect(await minted(multi.address)).toBe(multiIds.length);
});
afterAll(async () => {
  await worker?.stop();
  await env?.stop();
});

describe('RefreshTokenMetadata of a whole contract pages through its tokens', () => {
  it('newMints: the cached tokens and the minted ones never fetched, each refreshed once, in chunks of 10; the status ends only after the last', async () => {
    // 8 tokens read first: cached. The other 17 were only minted.
    const cachedFirst = IDS.slice(0, 8);
    await metadata.getTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: cachedFirst });
    const db = env.server.app.db;
    const cachedCount = async () => Number((await db.query('SELECT COUNT(*) AS n FROM token_metadata WHERE contract = ?', [nft.address]))[0].n);
    await waitFor(cachedCount, (n) => n === cachedFirst.length, PATIENCE_MS);
    expect(await cachedCount()).toBe(cachedFirst.length);

    const from = env.docs.requests.length;
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address, newMints: true });
    const { end, seen, task } = await followTask(taskID);

    // Every token id asked for exactly once by the task, nothing else of the collection.
    const hits = hitsSince(from, isTokenPath);
    expect([...hits.keys()].sort()).toEqual(IDS.map(pathOf).sort());
    expect([...hits.values()].every((n) => n === 1)).toBe(true);

    expect(end).toBe(TaskStatus.FAILED);
    expect(task.status).toBe(TaskStatus.FAILED);
    expect(task.try).toBe(1);
    expect(task.payload).toEqual([`chainId: ${chainID}`, `contract: ${nft.address}`, 'allCachedTokens: true', 'newMints: true', 'contractInfo: true']);
    expect(task.result[0]).toBe('tokens refreshed: 25 (24 AVAILABLE, 1 FAILED) in 3 chunks of at most 10');
    const lines = task.result.slice(1);
    expect(lines).toHaveLength(1 + IDS.length);
    expect(lines).toContain('contract info: refreshed');
    const tokenLines = lines.filter((l) => l !== 'contract info: refreshed');
    expect(tokenLines.map((l) => l.split(':')[0]).sort()).toEqual([...IDS].sort());
    expect(tokenLines.find((l) => l.startsWith(`${GONE}: `))).toMatch(/^13: FAILED: .*410/);
    expect(tokenLines.filter((l) => l.endsWith(': AVAILABLE'))).toHaveLength(24);
    // GraphQL has the error the client's Task leaves out.
    const g = await env.server.graphql(`query($id: Int!) { metadataTask(id: $id) { status error } }`, { id: taskID }, env.key());
    expect(g.body.data.metadataTask.status).toBe('FAILED');
    expect(g.body.data.metadataTask.error).toMatch(/^1 of 26 failed; .*First: 13: FAILED/);
    expectHonestProgress(seen, [10, 20]);
  });

  it('without newMints, every cached token (all 25 now), each once, in chunks of 5: a full last chunk ends the task', async () => {
    await useWorker(5);
    const from = env.docs.requests.length;
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address });
    const { end, seen, task } = await followTask(taskID);
    const hits = hitsSince(from, isTokenPath);
    expect([...hits.keys()].sort()).toEqual(IDS.map(pathOf).sort());
    expect([...hits.values()].every((n) => n === 1)).toBe(true);
    expect(end).toBe(TaskStatus.FAILED);
    expect(task.payload).toEqual([`chainId: ${chainID}`, `contract: ${nft.address}`, 'allCachedTokens: true', 'contractInfo: true']);
    // 25 = 5 × 5: the fifth chunk knows it is the last (no empty sixth run).
    expect(task.result[0]).toBe('tokens refreshed: 25 (24 AVAILABLE, 1 FAILED) in 5 chunks of at most 5');
    expect(task.result).toHaveLength(2 + IDS.length);
    expectHonestProgress(seen, [5, 10, 15, 20]);
  });

  it('tokenIDs with newMints: the named tokens, then the minted ones never fetched, each once', async () => {
    await useWorker(10);
    const from = env.docs.requests.length;
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: multi.address, tokenIDs: ['1'], newMints: true });
    const { end, task } = await followTask(taskID);
    expect(end).toBe(TaskStatus.DONE);
    const hits = hitsSince(from, (p) => p.startsWith('/multi/'));
    const hex = (n: number) => `/multi/${n.toString(16).padStart(64, '0')}.json`;
    expect([...hits.keys()].sort()).toEqual(Array.from({ length: 12 }, (_, i) => hex(i + 1)).sort());
    expect([...hits.values()].every((n) => n === 1)).toBe(true);
    expect(task.payload).toEqual([`chainId: ${chainID}`, `contract: ${multi.address}`, 'tokenIds: 1', 'newMints: true']);
    // Token 1 and the first 10 others in the first run, the last one in the second.
    expect(task.result[0]).toBe('tokens refreshed: 12 (12 AVAILABLE) in 2 chunks of at most 10');
    expect(task.result.slice(1).map((l) => l.split(':')[0]).sort()).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 1)).sort());

    // Asked again: all 12 are cached now, so only the named one is refreshed (the minted ones are skipped in one run).
    const again = await followTask((await metadata.refreshTokenMetadata({ chainID, contractAddress: multi.address, tokenIDs: ['1'], newMints: true })).taskID);
    expect(again.end).toBe(TaskStatus.DONE);
    expect(again.task.result).toEqual(['tokens refreshed: 1 (1 AVAILABLE) in 1 chunk of at most 10', '1: AVAILABLE']);
  });

  it('the app’s own worker takes chunks of TASK_MAX_ITEMS: the 25 tokens in one run', async () => {
    await worker?.stop();
    worker = undefined;
    env.server.app.workers.metadataTasks.start();
    const from = env.docs.requests.length;
    const { end, task } = await followTask((await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address })).taskID);
    expect(end).toBe(TaskStatus.FAILED);
    expect(task.result[0]).toBe(`tokens refreshed: 25 (24 AVAILABLE, 1 FAILED) in 1 chunk of at most ${TASK_MAX_ITEMS}`);
    expect([...hitsSince(from, isTokenPath).values()]).toEqual(IDS.map(() => 1));
  });
});
