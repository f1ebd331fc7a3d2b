// A WHERE clause over (chain id, address) pairs: one branch per chain with an IN list, in one statement.
export type ChainAddressKey = { chainId: number; address: string };

/** `chainProp`/`addressProp` are entity properties, qualified by `alias`; parameters are named per branch. */
export const chainAddressWhere = (alias: string, chainProp: string, addressProp: string, keys: ChainAddressKey[]) => {
  const byChain = new Map<number, string[]>();
  for (const k of keys) byChain.set(k.chainId, [...(byChain.get(k.chainId) ?? []), k.address]);
  const params: Record<string, unknown> = {};
  const branches = [...byChain].map(([chainId, addresses], i) => {
    params[`c${i}`] = chainId;
    params[`a${i}`] = addresses;
    return `(${alias}.${chainProp} = :c${i} AND ${alias}.${addressProp} IN (:...a${i}))`;
  });
  return { where: branches.join(' OR '), params };
};
