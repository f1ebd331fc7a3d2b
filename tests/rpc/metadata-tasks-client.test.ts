// Refresh tasks through the published @0xsequence/metadata@2.3.43 `Metadata` and `Admin` classes, unchanged: each
// Refresh* call answers a task id at once, the task worker runs it, GetTask / GetTaskStatus read it.
import { Admin, InvalidArgumentError, Metadata, NotFoundError, PermissionDeniedError, TaskStatus, UnauthorizedError, WebrpcError } from '@0xsequence/metadata';
import { ADMIN_TOKEN, RFC3339_TRIMMED, startMetadataEnv, waitFor, type MetadataEnv } from '../integration/metadata/fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { pruneFinishedTasks } from '../../src/domain/metadata-jobs/task-store';
import { MetadataTaskEntity, toBytes } from '../../src/db';

let env: MetadataEnv;
let metadata: Metadata;
let admin: Admin;
let chainID: string;
let nft: Awaited<ReturnType<MetadataEnv['deploy']>>;
let multi: Awaited<ReturnType<MetadataEnv['deploy']>>;

/** The classes take a fetch: these add the credentials the wrappers (SequenceMetadata, …) would. */
const withHeaders = (headers: Record<string, string>): typeof fetch => (input, init) =>
  fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

const finished = async (taskId: number) => {
  const status = await waitFor(
    async () => (await metadata.getTaskStatus({ taskId })).status,
    (s) => s === TaskStatus.DONE || s === TaskStatus.FAILED,
    20_000,
  );
  return { status, task: (await metadata.getTask({ taskId })).task };
};

beforeAll(async () => {
  env = await startMetadataEnv({ METADATA_TASK_POLL_MS: '50', METADATA_RETRY_BASE_MS: '60000' });
  chainID = String(env.anvil.chainId);
  metadata = new Metadata(env.server.url, withHeaders({ 'X-Access-Key': env.accessKey }));
  admin = new Admin(env.server.url, withHeaders({ Authorization: `BEARER ${ADMIN_TOKEN}` }));
  nft = await env.deploy('TestERC721.sol', ['Task Cats', 'TCAT']);
  for (const id of [1, 2, 3]) await (await nft.mint('0x00000000000000000000000000000000000000a1', id)).wait();
  await (await nft.setTokenURI(1, `${env.docs.origin}/tasks/1.json`)).wait();
  await (await nft.setTokenURI(2, `${env.docs.origin}/tasks/2.json`)).wait();
  await (await nft.setTokenURI(3, `${env.docs.origin}/gone.json`)).wait();
  multi = await env.deploy('TestERC1155.sol', [`${env.docs.origin}/tasks-m/{id}.json`]);
});
afterAll(() => env.stop());

describe('Metadata refresh tasks through the published classes', () => {
  it('refreshTokenMetadata answers a task id; the task runs and getTask reads it in the client’s shape', async () => {
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['1', '2'] });
    expect(Number.isInteger(taskID)).toBe(true);
    const { status, task } = await finished(taskID);
    expect(status).toBe(TaskStatus.DONE);
    expect(task).toEqual({
      id: taskID,
      queue: 'tokens',
      status: TaskStatus.DONE,
      try: 1,
      runAt: expect.stringMatching(RFC3339_TRIMMED),
      lastRanAt: expect.stringMatching(RFC3339_TRIMMED),
      createdAt: expect.stringMatching(RFC3339_TRIMMED),
      payload: [`chainId: ${chainID}`, `contract: ${nft.address}`, 'tokenIds: 1,2'],
      result: ['1: AVAILABLE', '2: AVAILABLE'],
    });
    // The documents were fetched by the task: a read answers them without a fetch of its own.
    const hits = env.docs.hits('/tasks/');
    const { tokenMetadata } = await metadata.getTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['1', '2'] });
    expect(tokenMetadata.map((t) => t.name)).toEqual(['Doc /tasks/1.json', 'Doc /tasks/2.json']);
    expect(env.docs.hits('/tasks/')).toBe(hits);
  });

  it('a token whose fetch fails makes the task FAILED with the reason; the others are still refreshed', async () => {
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['3', '1'] });
    const { status, task } = await finished(taskID);
    expect(status).toBe(TaskStatus.FAILED);
    expect(task.result[0]).toMatch(/^3: FAILED: .*410/);
    expect(task.result[1]).toBe('1: AVAILABLE');
  });

  it('without tokenIDs, every cached token of the contract and its contract info are refreshed', async () => {
    const before = env.docs.hits('/tasks/1.json');
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address });
    const { task } = await finished(taskID);
    expect(task.payload).toEqual([`chainId: ${chainID}`, `contract: ${nft.address}`, 'allCachedTokens: true', 'contractInfo: true']);
    expect(task.result).toEqual(expect.arrayContaining(['contract info: refreshed', '1: AVAILABLE', '2: AVAILABLE']));
    expect(task.result.find((l) => l.startsWith('3: '))).toMatch(/^3: FAILED/);
    expect(env.docs.hits('/tasks/1.json')).toBe(before + 1);
  });

  it('newMints fetches minted tokens that were never fetched', async () => {
    await (await multi.mint('0x00000000000000000000000000000000000000a2', 7, 5)).wait();
    // The indexer sees the mint first.
    await waitFor(
      () => env.server.app.db.query('SELECT COUNT(*) AS n FROM token_transfers WHERE contract = ?', [toBytes(multi.address)]),
      (r: Array<{ n: number | string }>) => Number(r[0].n) > 0,
    );
    const { taskID } = await metadata.refreshTokenMetadata({ chainID, contractAddress: multi.address, tokenIDs: [], newMints: true });
    const { status, task } = await finished(taskID);
    expect(status).toBe(TaskStatus.DONE);
    expect(task.result).toContain('7: AVAILABLE');
  });

  it('refreshContractInfo and refreshContractInfoBatch queue contract tasks', async () => {
    const one = await metadata.refreshContractInfo({ chainID, contractAddress: nft.address.toUpperCase().replace('0X', '0x') });
    const a = await finished(one.taskID!);
    expect(a.status).toBe(TaskStatus.DONE);
    expect(a.task).toMatchObject({ queue: 'contracts', payload: [`chainId: ${chainID}`, `contract: ${nft.address}`, `contracts: ${nft.address}`], result: [`${nft.address}: refreshed`] });
    const batch = await metadata.refreshContractInfoBatch({ chainID, contractAddresses: [nft.address, multi.address] });
    const b = await finished(batch.taskID!);
    expect(b.status).toBe(TaskStatus.DONE);
    expect(b.task.result.sort()).toEqual([`${nft.address}: refreshed`, `${multi.address}: refreshed`].sort());
    const info = await metadata.getContractInfo({ chainID, contractAddress: multi.address });
    expect(info.contractInfo.type).toBe('ERC1155');
  });

  it('Admin refreshes what is older than a time, operator only', async () => {
    const before = new Date(Date.now() + 60_000).toISOString();
    const tokens = await admin.refreshTokenMetadataUpdatedBefore({ before, maxTokenNumber: 2 });
    expect(tokens.taskIDs).toHaveLength(1);
    const t = await finished(tokens.taskIDs[0]);
    expect(t.task.result).toHaveLength(2);
    const contracts = await admin.refreshContractInfoUpdatedBefore({ before, maxContractNumber: 10 });
    expect(contracts.taskIDs.length).toBeGreaterThanOrEqual(1);
    for (const id of contracts.taskIDs) expect((await finished(id)).status).toBe(TaskStatus.DONE);
    const none = await admin.refreshTokenMetadataUpdatedBefore({ before: '2001-01-01T00:00:00Z', maxTokenNumber: 10 });
    expect(none.taskIDs).toEqual([]);

    const anonymous = await rejectionOf(new Admin(env.server.url, fetch).refreshContractInfoUpdatedBefore({ before, maxContractNumber: 1 }));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
    const wrong = await rejectionOf(new Admin(env.server.url, withHeaders({ Authorization: 'BEARER not-the-admin-token' })).refreshTokenMetadataUpdatedBefore({ before, maxTokenNumber: 1 }));
    expect(wrong).toBeInstanceOf(PermissionDeniedError);
    const badTime = await rejectionOf(admin.refreshTokenMetadataUpdatedBefore({ before: 'yesterday', maxTokenNumber: 1 }));
    expect(badTime).toBeInstanceOf(InvalidArgumentError);
    const tooMany = await rejectionOf(admin.refreshContractInfoUpdatedBefore({ before, maxContractNumber: 0 }));
    expect(tooMany).toBeInstanceOf(InvalidArgumentError);
    expect(tooMany.message).toMatch(/maxContractNumber/);
  });

  it('bad requests answer the client’s error classes', async () => {
    expect(await rejectionOf(metadata.getTask({ taskId: 987654 }))).toBeInstanceOf(NotFoundError);
    expect(await rejectionOf(metadata.getTaskStatus({ taskId: -1 }))).toBeInstanceOf(InvalidArgumentError);
    const badId = await rejectionOf(metadata.refreshTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['one'] }));
    expect(badId).toBeInstanceOf(InvalidArgumentError);
    const badAddress = await rejectionOf(metadata.refreshContractInfoBatch({ chainID, contractAddresses: ['0x12'] }));
    expect(badAddress).toBeInstanceOf(InvalidArgumentError);
    const empty = await rejectionOf(metadata.refreshContractInfoBatch({ chainID, contractAddresses: [] }));
    expect(empty).toBeInstanceOf(InvalidArgumentError);
    const anonymous = await rejectionOf(new Metadata(env.server.url, fetch).refreshTokenMetadata({ chainID, contractAddress: nft.address, tokenIDs: ['1'] }));
    expect(anonymous).toBeInstanceOf(UnauthorizedError);
  });

  it('finished tasks are pruned after their retention; queued ones are kept', async () => {
    const { taskID } = await metadata.refreshContractInfo({ chainID, contractAddress: nft.address });
    await finished(taskID!);
    const db = env.server.app.db;
    expect(await pruneFinishedTasks(db, new Date(Date.now() - 60_000))).toBe(0);
    // A task due in an hour: queued, never run, and not pruned however old the cut.
    const now = new Date();
    await db.getRepository(MetadataTaskEntity).insert({
      queue: 'tokens', status: 'QUEUED', origin: 'request', chainId: env.anvil.chainId, contract: nft.address, payload: '{"tokenIds":["1"]}',
      result: null, error: null, tries: 0, runAt: new Date(now.getTime() + 3_600_000), leaseUntil: null, lastRanAt: null, createdAt: now, updatedAt: now,
    });
    expect(await pruneFinishedTasks(db, new Date(Date.now() + 1_000))).toBeGreaterThanOrEqual(1);
    expect(await rejectionOf(metadata.getTask({ taskId: taskID! }))).toBeInstanceOf(NotFoundError);
    const [{ n }] = await db.query(`SELECT COUNT(*) AS n FROM metadata_tasks WHERE status = 'QUEUED'`);
    expect(Number(n)).toBe(1);
  });
});
