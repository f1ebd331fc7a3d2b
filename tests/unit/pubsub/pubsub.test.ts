// The in-process pub/sub hands a batch to LISTENERS_PER_TURN listeners per turn of the event loop: every
// listener still gets every event, in publish order, and publish resolves once all of them have it.
import { LISTENERS_PER_TURN, createPubSub, type BalanceEvent } from '../../../src/pubsub';

const event = (blockNumber: number): BalanceEvent => ({
  chainId: 1,
  contract: '0x00000000000000000000000000000000000000c1',
  contractType: 'ERC20',
  account: '0x00000000000000000000000000000000000000a1',
  tokenId: '',
  balance: String(blockNumber),
  delta: '1',
  blockNumber,
  blockHash: `0x${blockNumber.toString(16).padStart(64, '0')}`,
  reorged: false,
  seq: 1,
  mark: { block: blockNumber, hash: `0x${blockNumber.toString(16).padStart(64, '0')}`, pos: null, final: [-1, 0] },
});

const listeners = 3 * LISTENERS_PER_TURN + 7;

it('delivers every event to every listener in publish order, across slices and overlapping publishes', async () => {
  const pubsub = createPubSub({ redis: null });
  const seen = Array.from({ length: listeners }, () => [] as number[]);
  seen.forEach((list, i) => pubsub.subscribe('balances', (e) => list.push(e.blockNumber * 1000 + i)));
  // Not awaited one by one: the second batch is published while the first is still being handed out.
  await Promise.all([pubsub.publish('balances', [event(1), event(2)]), pubsub.publish('balances', [event(3)])]);
  seen.forEach((list, i) => expect(list).toEqual([1000 + i, 2000 + i, 3000 + i]));
  await pubsub.close();
});

it('resolves publish once the last listener has the batch, and yields to other work in between', async () => {
  const pubsub = createPubSub({ redis: null });
  let received = 0;
  for (let i = 0; i < listeners; i++) pubsub.subscribe('balances', () => received++);
  let otherWorkRanAt = -1;
  setImmediate(() => (otherWorkRanAt = received));
  await pubsub.publish('balances', [event(1)]);
  expect(received).toBe(listeners);
  // Something scheduled by someone else ran while the batch was handed out, not after all of it.
  expect(otherWorkRanAt).toBeGreaterThanOrEqual(LISTENERS_PER_TURN);
  expect(otherWorkRanAt).toBeLessThan(listeners);
  await pubsub.close();
});

it('reports a throwing listener and still delivers to the others and to later batches', async () => {
  const errors: unknown[] = [];
  const pubsub = createPubSub({ redis: null, onError: (err) => errors.push(err) });
  const got: number[] = [];
  pubsub.subscribe('balances', () => {
    throw new Error('listener failed');
  });
  pubsub.subscribe('balances', (e) => got.push(e.blockNumber));
  await pubsub.publish('balances', [event(1)]);
  await pubsub.publish('balances', [event(2)]);
  expect(got).toEqual([1, 2]);
  expect(errors).toHaveLength(2);
  await pubsub.close();
});

it('does not deliver to a listener that unsubscribed', async () => {
  const pubsub = createPubSub({ redis: null });
  const got: number[] = [];
  const off = pubsub.subscribe('balances', (e) => got.push(e.blockNumber));
  await pubsub.publish('balances', [event(1)]);
  off();
  await pubsub.publish('balances', [event(2)]);
  expect(got).toEqual([1]);
  await pubsub.close();
});
