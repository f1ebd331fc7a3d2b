// The published clients' quirks are settled in rpc/wire, and the domain takes what reaches it as given (issue #27): a
// Go client's "" for an unset address, its toBlock of 0 and its pageSize of 0 mean "none" on the RPC only.
import { invalidArgument } from '../../../src/domain/errors';
import { offsetCursor, resolvePageRequest } from '../../../src/domain/paging';
import { optionalAddress, optionalBlock } from '../../../src/domain/indexer/requests';
import { numberedPageRequest } from '../../../src/rpc/wire/common';
import { gatewayNativeTokenBalanceIn } from '../../../src/rpc/wire/gateway';
import { cursorPageIn, getBalanceUpdatesIn, getTokenBalancesIn, getTransactionHistoryIn } from '../../../src/rpc/wire/indexer';
import { nativeTokenBalanceIn } from '../../../src/rpc/wire/indexer-extras';
import { pageOfArgs } from '../../../src/graphql/types/connection';
import { historyFilterOfArgs } from '../../../src/graphql/types/transaction-history-filter-input';

const A = `0x${'ab'.repeat(20)}`;
const LIMITS = { default: 30, max: 100 };

it('the RPC mappers turn a Go client\'s unset fields into absent ones', () => {
  expect(getTokenBalancesIn({ accountAddress: A, contractAddress: '', tokenID: '' })).toMatchObject({ accountAddress: A, contractAddress: null, tokenID: null });
  expect(getTokenBalancesIn({ accountAddress: '' })).toMatchObject({ accountAddress: null });
  expect(getBalanceUpdatesIn({ contractAddress: '' })).toMatchObject({ contractAddress: null });
  expect(nativeTokenBalanceIn({ accountAddress: '' })).toMatchObject({ accountAddress: null });
  expect(gatewayNativeTokenBalanceIn({ accountAddress: '' })).toMatchObject({ accountAddress: null });
  // The filter's account wins over the top-level one even when it is "" (as before the move), and "" is then none.
  const history = getTransactionHistoryIn({ accountAddress: A, filter: { accountAddress: '', contractAddress: '', fromBlock: 0, toBlock: 0 } });
  expect(history.filter).toEqual({ accountAddress: null, contractAddress: null, fromBlock: 0, toBlock: null });
  expect(getTransactionHistoryIn({ filter: { accountAddress: A, toBlock: '0' } }).filter).toMatchObject({ toBlock: null });
  expect(getTransactionHistoryIn({ filter: { accountAddress: A, toBlock: '12' } }).filter).toMatchObject({ toBlock: 12 });
});

it('the RPC reads a page size of 0 or below as the default, and numbers pages itself', () => {
  expect(cursorPageIn({ pageSize: 0, after: '' })).toEqual({ first: null, after: null });
  expect(cursorPageIn({ pageSize: -5 })).toEqual({ first: null, after: null });
  expect(cursorPageIn({ pageSize: '7', after: 'abc' })).toEqual({ first: 7, after: 'abc' });
  const limits = { ...LIMITS, cursorTag: 'c1' };
  expect(numberedPageRequest(limits, 0, 0)).toEqual({ first: 30, after: null });
  expect(numberedPageRequest(limits, 3, 10)).toEqual({ first: 10, after: offsetCursor('c1', 19) });
  expect(numberedPageRequest(limits, 2, 5000)).toEqual({ first: 100, after: offsetCursor('c1', 99) });
});

it('GraphQL keeps its documented leniency at its own boundary', () => {
  expect(pageOfArgs({ first: 0, after: '' })).toEqual({ first: null, after: null, last: null, before: null });
  expect(pageOfArgs({ last: -1, before: 'x' })).toEqual({ first: null, after: null, last: null, before: 'x' });
  expect(historyFilterOfArgs({ accountAddress: A, toBlock: 0 })).toEqual({ accountAddress: A, toBlock: null });
  expect(historyFilterOfArgs({ toBlock: 7 })).toEqual({ toBlock: 7 });
});

it('the domain takes values as given', () => {
  expect(resolvePageRequest({ first: null }, LIMITS).pageSize).toBe(30);
  expect(resolvePageRequest({ first: 500 }, LIMITS).pageSize).toBe(100);
  expect(() => resolvePageRequest({ first: 0 }, LIMITS)).toThrow(invalidArgument('first', 'must be a positive page size'));
  expect(() => resolvePageRequest({ last: -1 }, LIMITS)).toThrow(invalidArgument('last', 'must be a positive page size'));
  expect(() => resolvePageRequest({ last: 5, after: '' }, LIMITS)).toThrow(/after/);
  expect(() => optionalAddress('accountAddress', '')).toThrow(/accountAddress/);
  expect(optionalAddress('accountAddress', null)).toBeNull();
  expect(optionalBlock('filter.toBlock', 0)).toBe(0);
  expect(() => optionalBlock('filter.toBlock', '12')).toThrow(/filter.toBlock/);
});
