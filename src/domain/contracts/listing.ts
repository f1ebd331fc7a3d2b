// What the token directory (domain/trust) adds to a contract's info, defined here beside the info it shapes, so that
// trust/ builds on contracts/ and not the other way round: a listed token's name, symbol, decimals and logo (the first list
// naming it wins; an operator's override wins over the lists, applied after this), and its place in the directory.
import { undeployedContractInfo } from './rows';
import type { ContractInfo, DirectoryListing } from './types';

export type { DirectoryListing } from './types';

/** Who vouches for a listed contract, in extensions.verifiedBy when the operator named no one. */
export const vouchedBy = (l: DirectoryListing) => (l.lists.length ? l.lists[0] : 'operator');

export const applyListing = (info: ContractInfo, l: DirectoryListing | undefined): ContractInfo => {
  if (!l) return info;
  const t = l.token;
  return {
    ...info,
    name: t?.name || info.name,
    symbol: t?.symbol || info.symbol,
    decimals: t ? t.decimals : info.decimals,
    logoURI: t?.logoURI || info.logoURI,
    // A listed token is the directory's own: ERC-20 by the Token Lists format, when the chain has not said otherwise.
    type: t && info.type === 'UNKNOWN' ? 'ERC20' : info.type,
    extensions: {
      ...info.extensions,
      verified: true,
      verifiedBy: info.extensions.verifiedBy || vouchedBy(l),
      featured: info.extensions.featured || l.featureIndex > 0,
    },
    source: t ? 'TOKEN_LIST' : info.source,
    status: t && info.status === 'NOT_AVAILABLE' ? 'AVAILABLE' : info.status,
    directory: l,
  };
};

/** The info of a listed token Strata has not read from its chain yet: what the list says, nothing more. */
export const listedContractInfo = (chainId: number, address: string, l: DirectoryListing & { token: NonNullable<DirectoryListing['token']> }): ContractInfo =>
  // The list's token makes it an available ERC-20 from the token list (applyListing), whatever the chain has not said.
  applyListing(undeployedContractInfo(chainId, address), l);
