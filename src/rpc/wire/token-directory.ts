// Token directory wire shapes (Metadata GetTokenDirectory*, SearchTokenDirectory and their deprecated Directory* names;
// Admin curation): requests renamed into GraphQL variables, results into the published clients' JSON
// (metadata.gen.ts 2.3.43; the deprecated names as go-sequence's metadata client sends them).
import type { GetTokenDirectoryNetworksQuery, GetTokenDirectoryQuery, SearchTokenDirectoryQuery } from '../generated/operations';
import { DIRECTORY_PAGE } from '../../domain/trust/directory';
import { chainIdIn, numberedPageIn, numberedPageOut, obj, type Answered, type Body } from './common';
import { contractInfoOut } from './metadata';

/** Go clients send 0 (or "") for no chain: every chain. */
const optionalChainIn = (v: unknown) => (v === 0 || v === '' || v === '0' || v === null ? null : chainIdIn(v));

const filterIn = (b: Body, chain: unknown) => ({
  chainID: optionalChainIn(chain),
  includeTestnets: b.includeTestnets ?? null,
  onlyFeatured: b.onlyFeatured ?? null,
  ...numberedPageIn(b.page, DIRECTORY_PAGE),
});

/** GetTokenDirectory takes `chainID`; the deprecated DirectoryGetCollections `chainId`. */
export const tokenDirectoryIn = (b: Body) => filterIn(b, b.chainID ?? b.chainId);
export const searchTokenDirectoryIn = (b: Body) => ({ query: b.query, ...filterIn(b, b.chainID ?? b.chainId) });

type Directory = Answered<GetTokenDirectoryQuery>['tokenDirectory'] | Answered<SearchTokenDirectoryQuery>['searchTokenDirectory'];

/** The page's contracts as ContractInfo, a featured one with its featureIndex (ContractInfoExtensions.featureIndex). */
export const directoryContractsOut = (d: Directory) =>
  d.nodes.map(({ tokenDirectory, ...c }) => {
    const out = contractInfoOut(c);
    const index = tokenDirectory?.featureIndex ?? 0;
    return index > 0 ? { ...out, extensions: { ...out.extensions, featureIndex: index } } : out;
  });

export const directoryPageOut = (d: Directory, b: Body) => numberedPageOut(d, b.page);

/** GetTokenDirectoryNetworks: chain ids and names (a chain configured without a name is named by its id). */
export const directoryNetworksOut = (d: Answered<GetTokenDirectoryNetworksQuery>) => ({
  chainIDs: d.tokenDirectoryNetworks.map((n) => n.chainId),
  networks: d.tokenDirectoryNetworks.map((n) => n.name ?? String(n.chainId)),
});

/** AddContractsToTokenDirectory's ContractInfo list and parallel featureIndexes as the mutation's contract inputs. */
export const contractsToAddIn = (b: Body) => {
  if (!Array.isArray(b.contracts)) return b.contracts;
  const indexes = Array.isArray(b.featureIndexes) ? b.featureIndexes : [];
  return b.contracts.map((c, i) => {
    const o = obj(c);
    return o ? { chainId: chainIdIn(o.chainId), contractAddress: o.address, featureIndex: indexes[i] ?? null } : c;
  });
};
