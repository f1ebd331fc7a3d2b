// A method is either served by the RPC table or listed as not available, never both: the table would silently win.
import { createRpcTable } from '../../../src/rpc/table';
import { UNAVAILABLE } from '../../../src/rpc/unavailable';

it('no route is both served and listed as not available', () => {
  const served = new Set(createRpcTable().keys());
  expect([...UNAVAILABLE.keys()].filter((route) => served.has(route))).toEqual([]);
});
