import { GraphQLError, GraphQLInt, GraphQLObjectType, GraphQLSchema, GraphQLString, parse, type ExecutionResult } from 'graphql';
import { createSharedSubscribe } from '../../../src/graphql/shared-subscribe';
import { createPubSub, subscribeIterator } from '../../../src/pubsub';
import type { BalanceEvent } from '../../../src/pubsub';

/** A schema with one subscription over the in-process pub/sub, counting field executions. */
const setup = () => {
  const pubsub = createPubSub({ redis: null });
  const executions = { balance: 0 };
  const Event = new GraphQLObjectType<BalanceEvent>({
    name: 'Event',
    fields: {
      account: { type: GraphQLString, resolve: (e) => e.account },
      balance: {
        type: GraphQLString,
        args: { times: { type: GraphQLInt } },
        resolve: (e, args: { times?: number }) => {
          executions.balance++;
          return String(BigInt(e.balance) * BigInt(args.times ?? 1));
        },
      },
    },
  });
  const schema = new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', fields: { ok: { type: GraphQLString } } }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        balances: {
          type: Event,
          args: { contract: { type: GraphQLString } },
          subscribe: (_: unknown, args: { contract: string }) => {
            if (args.contract === 'forbidden') throw new GraphQLError('no access', { extensions: { code: 'UNAUTHORIZED' } });
            return subscribeIterator(pubsub, 'balances', (e) => e.contract === args.contract);
          },
          resolve: (e: unknown) => e,
        },
      },
    }),
  });
  return { pubsub, schema, executions };
};

const event = (contract: string, balance: string): BalanceEvent => ({
  chainId: 1,
  contract,
  contractType: 'ERC20',
  account: '0xa',
  tokenId: '',
  balance,
  delta: balance,
  blockNumber: 1,
  blockHash: '0xh',
  reorged: false,
  seq: 1,
  mark: { block: 1, hash: '0xh', pos: null, final: [-1, 0] },
});

const doc = (times: number) => parse(`subscription S($c: String) { balances(contract: $c) { account balance(times: ${times}) } }`);

describe('createSharedSubscribe', () => {
  it('executes an event once for every subscriber of the same operation and variables', async () => {
    const { pubsub, schema, executions } = setup();
    const subscribe = createSharedSubscribe();
    const subs = await Promise.all(
      Array.from({ length: 20 }, () => subscribe({ schema, document: doc(1), variableValues: { c: '0xc' } })),
    );
    const other = await subscribe({ schema, document: doc(3), variableValues: { c: '0xc' } });
    const iterators = [...subs, other].map((s) => s as AsyncIterableIterator<ExecutionResult>);
    const pending = iterators.map((it) => it.next());
    await pubsub.publish('balances', [event('0xc', '5')]);
    const results = await Promise.all(pending);

    for (const r of results.slice(0, 20)) expect(r.value).toEqual({ data: { balances: { account: '0xa', balance: '5' } } });
    expect(results[20].value).toEqual({ data: { balances: { account: '0xa', balance: '15' } } });
    expect(executions.balance).toBe(2); // one per distinct operation, not one per subscriber
    await Promise.all(iterators.map((it) => it.return!()));
  });

  it('keeps subscribers with different variables apart', async () => {
    const { pubsub, schema } = setup();
    const subscribe = createSharedSubscribe();
    const a = (await subscribe({ schema, document: doc(1), variableValues: { c: '0xa' } })) as AsyncIterableIterator<ExecutionResult>;
    const b = (await subscribe({ schema, document: doc(1), variableValues: { c: '0xb' } })) as AsyncIterableIterator<ExecutionResult>;
    const [na, nb] = [a.next(), b.next()];
    await pubsub.publish('balances', [event('0xb', '2'), event('0xa', '1')]);
    expect((await na).value).toEqual({ data: { balances: { account: '0xa', balance: '1' } } });
    expect((await nb).value).toEqual({ data: { balances: { account: '0xa', balance: '2' } } });
    await a.return!();
    await b.return!();
  });

  it('answers a refused subscription with its errors, not a stream', async () => {
    const { schema } = setup();
    const result = (await createSharedSubscribe()({ schema, document: doc(1), variableValues: { c: 'forbidden' } })) as ExecutionResult;
    expect(result.errors?.[0].message).toBe('no access');
    expect(result.errors?.[0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('ends a pending read and unsubscribes when the subscriber leaves', async () => {
    const { pubsub, schema, executions } = setup();
    const it = (await createSharedSubscribe()({ schema, document: doc(1), variableValues: { c: '0xc' } })) as AsyncIterableIterator<ExecutionResult>;
    const pending = it.next();
    await it.return!();
    await expect(pending).resolves.toEqual({ value: undefined, done: true });
    await pubsub.publish('balances', [event('0xc', '1')]);
    expect(executions.balance).toBe(0);
  });
});
