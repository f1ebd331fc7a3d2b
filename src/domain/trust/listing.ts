// What the token directory adds to a contract's info: a listed token's name, symbol, decimals and logo (the first list
// naming it wins; an operator's override wins over the lists, applied after this), and its place in the directory.
import type { ContractInfo } from '../contracts/types';
import type { DirectoryListing } from './store';

export type { DirectoryListing } from './store';

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
  applyListing(
    {
      chainId,
      address,
      name: '',
      type: 'ERC20',
      symbol: '',
      decimals: null,
      logoURI: '',
      deployed: false,
      bytecodeHash: '0x',
      extensions: {
        link: '',
        description: '',
        ogImage: '',
        ogName: '',
        originChainId: 0,
        originAddress: '',
        blacklist: false,
        verified: false,
        verifiedBy: '',
        featured: false,
      },
      updatedAt: null,
      source: 'TOKEN_LIST',
      status: 'AVAILABLE',
    },
    l,
  );
