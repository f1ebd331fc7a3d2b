// Request fields that do not fit their variables are found structurally, before execution, and named by their path.
import { buildSchema, GraphQLScalarType, parse } from 'graphql';
import { variableProblemOf } from '../../../src/rpc/variable-problems';

const schema = buildSchema(`
  scalar Address
  input Filter { accounts: [Address!], startDate: String!, note: String }
  input Page { after: String, pageSize: Int }
  type Query { q(chainID: String!, filter: Filter, page: Page, n: Int = 3): Int }
`);
// The schema's scalar refuses what is not an address, with its own message (as src/graphql/scalars do).
Object.assign(schema.getType('Address') as GraphQLScalarType, {
  parseValue: (v: unknown) => {
    if (typeof v !== 'string' || !/^0x[0-9a-f]{40}$/i.test(v)) throw new TypeError('must be a 0x-prefixed 20-byte address');
    return v.toLowerCase();
  },
});
const document = parse('query($chainID: String!, $filter: Filter, $page: Page, $n: Int = 3) { q(chainID: $chainID, filter: $filter, page: $page, n: $n) }');
const check = (variables: Record<string, unknown>) => variableProblemOf(schema, document, variables);
const ADDRESS = `0x${'a'.repeat(40)}`;

it.each<[string, Record<string, unknown>, { field: string; problem: string } | null]>([
  ['fitting fields', { chainID: '1', filter: { accounts: [ADDRESS], startDate: '2026-01-01' }, page: { after: 'x' } }, null],
  ['a default for an absent field', { chainID: '1' }, null],
  ['a required field absent', { filter: null }, { field: 'chainID', problem: 'is required' }],
  ['a required field null', { chainID: null }, { field: 'chainID', problem: 'is required' }],
  ['an object lacking its required field', { chainID: '1', filter: { note: 'x' } }, { field: 'filter.startDate', problem: 'is required' }],
  ['a wrong scalar in a list, by index', { chainID: '1', filter: { accounts: [ADDRESS, 'nope'], startDate: 'd' } }, {
    field: 'filter.accounts[1]',
    problem: 'Expected type "Address". must be a 0x-prefixed 20-byte address',
  }],
  ['a nested number of the wrong type', { chainID: '1', page: { pageSize: 'ten' } }, { field: 'page.pageSize', problem: 'Int cannot represent non-integer value: "ten"' }],
  ['an unknown field', { chainID: '1', page: { size: 1 } }, { field: 'page', problem: 'Field "size" is not defined by type "Page"' }],
])('%s', (_name, variables, expected) => {
  expect(check(variables)).toEqual(expected);
});
