// Wire shapes of the newer clients' Indexer methods (indexer.gen.ts 3.0.13): request fields renamed into GraphQL
// variables, replies renamed into the published JSON. No rules: the service checks every field.
import type {
  FetchTransactionReceiptQuery,
  GetTokenIdRangesQuery,
  GetTokenIDsQuery,
  GetTokenSuppliesMapQuery,
  GetTokenSuppliesQuery,
} from '../generated/operations';
import { chainIdIn, contractStatusIn, obj, unsetIn, type Answered, type Body } from './common';
import { filterIn, receiptOut } from './indexer-streams';
import { cursorPageIn, cursorPageOut } from './indexer';
import { contractInfoOut, metadataTokenOut } from './metadata';

/** Go clients send an unset enum as "": the default. */
/** The clients' `tokenIDs` is GraphQL's `tokenIds`; "" (a Go client's unset string) is no token id. */
const tokenIdsIn = (v: unknown) => (Array.isArray(v) ? v.filter((t) => t !== '') : v);

/** TokenBalancesFilter (GetTokenBalancesSummary / Details); `omitPrices` is accepted and has nothing to omit. */
export const tokenBalancesFilterIn = (v: unknown) => {
  const f = obj(v);
  if (!f) return v;
  const picked = filterIn(f, ['accountAddresses', 'contractWhitelist', 'contractBlacklist', 'omitNativeBalances', 'contractTypes']) as Body;
  return {
    ...picked,
    ...(f.contractStatus !== undefined ? { contractStatus: contractStatusIn(f.contractStatus) } : {}),
    ...(f.tokenIDs !== undefined ? { tokenIds: tokenIdsIn(f.tokenIDs) } : {}),
  };
};

export const byContractFilterIn = (v: unknown) => {
  const f = obj(v);
  if (!f) return v;
  return {
    ...(filterIn(f, ['contractAddresses', 'accountAddresses']) as Body),
    ...(f.contractStatus !== undefined ? { contractStatus: contractStatusIn(f.contractStatus) } : {}),
    ...(f.tokenIDs !== undefined ? { tokenIds: tokenIdsIn(f.tokenIDs) } : {}),
  };
};

export const balancesFilterRequestIn = (filter: (v: unknown) => unknown) => (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  filter: filter(b.filter),
  omitMetadata: b.omitMetadata ?? false,
  ...cursorPageIn(b.page),
});

/** GetNativeTokenBalance (and GetEtherBalance): "" is no account, refused as missing. */
export const nativeTokenBalanceIn = (b: Body) => ({ chainID: chainIdIn(b.chainID), accountAddress: unsetIn(b.accountAddress) });

/** `tokenMap` {contract: [token ids]} as a list of contracts with their ids (an ERC-20 with [] or [0]). */
export const tokenMapIn = (b: Body) => {
  const m = obj(b.tokenMap);
  return {
    chainID: chainIdIn(b.chainID),
    tokens: m ? Object.entries(m).map(([contractAddress, ids]) => ({ contractAddress, tokenIds: Array.isArray(ids) ? ids.map(String) : ids })) : b.tokenMap,
    includeMetadata: b.includeMetadata ?? false,
  };
};

type Supply = Answered<GetTokenSuppliesQuery>['contractSupplies']['nodes'][number] | Answered<GetTokenSuppliesMapQuery>['tokenSuppliesMap'][number]['supplies'][number];

/** TokenSupply; with includeMetadata its contractInfo, and the token's metadata except for an ERC-20 (token id 0 is no token). */
const supplyOut = (contractType: string) => (s: Supply) => ({
  tokenID: s.tokenID,
  supply: s.supply,
  chainId: s.chainId,
  ...(s.contractInfo ? { contractInfo: contractInfoOut(s.contractInfo) } : {}),
  ...(s.tokenMetadata && contractType !== 'ERC20' ? { tokenMetadata: metadataTokenOut(s.tokenMetadata) } : {}),
});

export const tokenSuppliesOut = ({ contractSupplies: c }: Answered<GetTokenSuppliesQuery>) => ({
  page: cursorPageOut(c),
  contractType: c.contractType,
  tokenIDs: c.nodes.map(supplyOut(c.contractType)),
});

export const tokenSuppliesMapOut = ({ tokenSuppliesMap }: Answered<GetTokenSuppliesMapQuery>) => ({
  supplies: Object.fromEntries(tokenSuppliesMap.map((c) => [c.contractAddress, c.supplies.map(supplyOut(c.contractType))])),
});

export const tokenIdsOut = ({ tokenIds: c }: Answered<GetTokenIDsQuery>) => ({
  page: cursorPageOut(c),
  contractType: c.contractType,
  tokenIDs: c.nodes.map((n) => n.tokenId),
});

export const tokenIdRangesOut = ({ tokenIdRanges: r }: Answered<GetTokenIdRangesQuery>) => ({
  contractType: r.contractType,
  tokenIDRanges: r.ranges.map((x) => ({ start: x.start, end: x.end })),
  moreRanges: r.moreRanges,
});

/** The subscription's receipt shape, without the stream cursor (the document does not ask for one). */
export const fetchedReceiptOut = ({ transactionReceipt: r }: Answered<FetchTransactionReceiptQuery>) => ({
  receipt: receiptOut(r as Parameters<typeof receiptOut>[0]),
});

/** FetchTransactionReceiptWithFilter's filter, as SubscribeReceipts takes it. */
export const receiptFilterIn = (v: unknown) => filterIn(v, ['txnHash', 'from', 'to', 'contractAddress', 'event']);

/** "" and null are no token id (Go clients send every field). */
export const optionalIdIn = (v: unknown) => (v === '' ? null : v);
