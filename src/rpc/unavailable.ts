// Methods of the published clients that Strata does not serve (yet), each with the reason an app developer reads in the
// MethodNotFound error, instead of webrpc's bad route (which reads like a wrong base URL). A method leaves this list
// when the RPC table serves it; tests/unit/rpc/unavailable.test.ts checks the two never overlap.

const NIFTYSWAP = 'Niftyswap markets are not indexed by Strata';
const MARKETPLACE = 'Strata does not index marketplace orders';

const list: Record<string, Record<string, string>> = {
  Metadata: {
    GetNiftyswapTokenQuantity: NIFTYSWAP,
    GetNiftyswapUnitPrices: NIFTYSWAP,
    GetNiftyswapUnitPricesWithQuantities: NIFTYSWAP,
  },
  Indexer: {
    GetMarketplaceOrders: MARKETPLACE,
    GetMarketplaceTopOrders: MARKETPLACE,
  },
};

/** `/rpc/<Service>/<Operation>` → why it is not served. */
export const UNAVAILABLE: ReadonlyMap<string, string> = new Map(
  Object.entries(list).flatMap(([service, ops]) => Object.entries(ops).map(([op, reason]) => [`/rpc/${service}/${op}`, reason] as const)),
);
