// The published @0xsequence/api@2.1.4 SequenceAPIClient's blockNumberAtTime, unchanged, against Strata: the blocks
// current at each time, in the order asked, as the chain's own block timestamps say; times outside the index and
// malformed requests come back as the client's error classes.
import { InvalidArgumentError, SequenceAPIClient, WebrpcError } from '@0xsequence/api';
import { startAnvil, type Anvil } from '../helpers/anvil';
import { mine } from '../helpers/chain-kit';
import { waitForCanonical } from '../helpers/ledger';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { startTestServer, type TestServer } from '../helpers/server';

let anvil: Anvil;
let server: TestServer;
let api: SequenceAPIClient;
let start: number;
let indexed: number;

const timeOf = async (n: number) => Number((await anvil.rpc<{ timestamp: string }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).timestamp);
const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

beforeAll(async () => {
  anvil = await startAnvil();
  // Ten seconds between blocks: every block has a time of its own to find.
  await anvil.rpc('anvil_setBlockTimestampInterval', [10]);
  start = Number(await anvil.rpc<string>('eth_blockNumber')) + 1;
  await mine(anvil, 12);
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2, startBlock: start }]) });
  api = new SequenceAPIClient(server.url, (await server.createProject('times')).accessKey);
  indexed = await waitForCanonical(server.app.db, anvil);
});
afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('answers the block current at each time, in the order asked', async () => {
  const blocks = [start + 7, start, indexed, start + 3];
  const times = await Promise.all(blocks.map(timeOf));
  // At a block's time that block; five seconds later still it; one second before, the block before it.
  const timestamps = [...times, ...times.map((t) => t + 5), times[0] - 1, times[3] - 1];
  const expected = [...blocks, ...blocks.slice(0, 2), indexed, blocks[3], blocks[0] - 1, blocks[3] - 1];
  // The indexed block plus five seconds is after the indexed block: asked separately below.
  timestamps.splice(6, 1);
  expected.splice(6, 1);
  expect(await api.blockNumberAtTime({ chainId: anvil.chainId, timestamps })).toEqual({ blocks: expected });
});

it('refuses times outside the index, naming the time, and malformed requests', async () => {
  const before = await rejectionOf(api.blockNumberAtTime({ chainId: anvil.chainId, timestamps: [await timeOf(start), (await timeOf(start)) - 1] }));
  expect(before).toBeInstanceOf(InvalidArgumentError);
  expect(before.message).toMatch(/^timestamps\[1\]: is before the chain’s start block/);
  const after = await rejectionOf(api.blockNumberAtTime({ chainId: anvil.chainId, timestamps: [(await timeOf(indexed)) + 1] }));
  expect(after.message).toMatch(/^timestamps\[0\]: is after the indexed block/);
  expect(await rejectionOf(api.blockNumberAtTime({ chainId: anvil.chainId, timestamps: [] }))).toMatchObject({ code: 2000, message: expect.stringMatching(/^timestamps: must list at least one/) });
  const words = await rejectionOf(api.blockNumberAtTime({ chainId: anvil.chainId, timestamps: ['noon' as unknown as number] }));
  expect(words).toBeInstanceOf(InvalidArgumentError);
  expect(words.message).toMatch(/timestamps/);
  const chain = await rejectionOf(api.blockNumberAtTime({ chainId: 999_999, timestamps: [await timeOf(start)] }));
  expect(chain).toMatchObject({ name: 'UnsupportedNetwork', status: 422 });
});
