// The cost of a request: one per field, a connection's fields once per row of its page, plain lists as LIST_ROWS rows
// (or as many as an argument lists), introspection free, fragments counted where they are spread.
import { parse } from 'graphql';
import { DEFAULT_PAGE_ROWS, LIST_ROWS, queryCost } from '../../../src/graphql/cost';
import { schema } from '../../../src/graphql/schema';

const cost = (query: string, variables: Record<string, unknown> = {}) => queryCost(schema, parse(query), undefined, variables);
const A = `"0x${'11'.repeat(20)}"`;

it('counts a page’s fields once per row it may hold', () => {
  // tokenBalances (1) + pageInfo (1 + 1) + edges (1 + node (1 + 2 fields)) per row.
  expect(cost(`{ tokenBalances(accountAddress: ${A}, first: 10) { pageInfo { hasNextPage } edges { node { balance tokenId } } } }`)).toBe(1 + 10 * (2 + 4));
  expect(cost(`query($n: Int) { tokenBalances(accountAddress: ${A}, last: $n) { nodes { balance } } }`, { n: 3 })).toBe(1 + 3 * 2);
  expect(cost(`{ tokenBalances(accountAddress: ${A}) { nodes { balance } } }`)).toBe(1 + DEFAULT_PAGE_ROWS * 2);
  // Nested pages multiply: each transaction's transfers are a plain list.
  expect(cost(`{ transactionHistory(filter: { accountAddress: ${A} }, first: 5) { nodes { txnHash transfers { from to } } } }`)).toBe(1 + 5 * (1 + 1 + (1 + LIST_ROWS * 2)));
});

it('counts a list as long as the list it was asked for, fragments where spread, and introspection as nothing', () => {
  expect(cost(`{ tokenMetadata(chainId: "1", contractAddress: ${A}, tokenIds: ["1", "2", "3"]) { name } }`)).toBe(1 + 3 * 1);
  expect(cost(`fragment F on TokenMetadata { name image } { tokenMetadata(chainId: "1", contractAddress: ${A}, tokenIds: ["1"]) { ...F } }`)).toBe(1 + 2);
  expect(cost(`{ __schema { types { name fields { name } } } }`)).toBe(0);
});
