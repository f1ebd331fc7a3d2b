// The Indexer methods of the newer published clients (indexer.gen.ts 3.0.13) beyond the specification: each a GraphQL
// document (schema/rpc/Indexer.<Op>.graphql) plus renaming (rpc/wire/indexer-extras.ts), no rules.
import { loadRpcDocument } from './documents';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import { chainIdIn } from './wire/common';
import { cursorPageIn, cursorPageOut, nativeBalanceOut, tokenBalanceOut } from './wire/indexer';
import {
  balancesFilterRequestIn,
  byContractFilterIn,
  fetchedReceiptOut,
  nativeTokenBalanceIn,
  optionalIdIn,
  receiptFilterIn,
  tokenBalancesFilterIn,
  tokenIdRangesOut,
  tokenIdsOut,
  tokenMapIn,
  tokenSuppliesMapOut,
  tokenSuppliesOut,
} from './wire/indexer-extras';

const entry = <Data>(operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>, document = operation): RpcEntry<Data> => ({
  service: 'Indexer',
  operation,
  document: loadRpcDocument(`Indexer.${document}`),
  ...e,
});

export const indexerExtrasEntries = (): RpcEntry[] => [
  entry<Ops.GetNativeTokenBalanceQuery>('GetNativeTokenBalance', {
    variables: nativeTokenBalanceIn,
    reply: (d) => ({ balance: nativeBalanceOut(d.nativeBalance) }),
  }),
  // Deprecated in the clients for GetNativeTokenBalance: the same read, in the older EtherBalance shape.
  entry<Ops.GetNativeTokenBalanceQuery>(
    'GetEtherBalance',
    {
      variables: nativeTokenBalanceIn,
      reply: (d) => ({ balance: { accountAddress: d.nativeBalance.accountAddress, balanceWei: d.nativeBalance.balance } }),
    },
    'GetNativeTokenBalance',
  ),
  entry<Ops.GetTokenBalancesDetailsQuery>('GetTokenBalancesDetails', {
    variables: balancesFilterRequestIn(tokenBalancesFilterIn),
    reply: ({ tokenBalancesDetails: c }) => ({
      page: cursorPageOut(c),
      nativeBalances: c.nativeBalances.map(nativeBalanceOut),
      balances: c.edges.map((e) => tokenBalanceOut(e.node)),
    }),
  }),
  entry<Ops.GetTokenBalancesByContractQuery>('GetTokenBalancesByContract', {
    variables: balancesFilterRequestIn(byContractFilterIn),
    reply: ({ tokenBalancesByContract: c }) => ({ page: cursorPageOut(c), balances: c.edges.map((e) => tokenBalanceOut(e.node)) }),
  }),
  entry<Ops.GetTokenSuppliesQuery>('GetTokenSupplies', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, includeMetadata: b.includeMetadata ?? false, ...cursorPageIn(b.page) }),
    reply: tokenSuppliesOut,
  }),
  entry<Ops.GetTokenSuppliesMapQuery>('GetTokenSuppliesMap', { variables: tokenMapIn, reply: tokenSuppliesMapOut }),
  entry<Ops.GetTokenIDsQuery>('GetTokenIDs', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, ...cursorPageIn(b.page) }),
    reply: tokenIdsOut,
  }),
  entry<Ops.GetTokenIdRangesQuery>('GetTokenIDRanges', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress, lastTokenID: optionalIdIn(b.lastTokenID) }),
    reply: tokenIdRangesOut,
  }),
  entry<Ops.FetchTransactionReceiptQuery>('FetchTransactionReceipt', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: { txnHash: b.txnHash }, maxBlockWait: b.maxBlockWait }),
    reply: fetchedReceiptOut,
  }),
  entry<Ops.FetchTransactionReceiptQuery>(
    'FetchTransactionReceiptWithFilter',
    {
      variables: (b) => ({ chainID: chainIdIn(b.chainID), filter: receiptFilterIn(b.filter) ?? {}, maxBlockWait: b.maxBlockWait }),
      reply: fetchedReceiptOut,
    },
    'FetchTransactionReceipt',
  ),
  entry<Ops.SyncBalanceMutation>('SyncBalance', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), accountAddress: b.accountAddress, contractAddress: b.contractAddress, tokenID: optionalIdIn(b.tokenID) }),
    reply: () => ({}),
  }),
  entry<Ops.GetChainIdQuery>('GetChainID', { variables: (b) => ({ chainID: chainIdIn(b.chainID) }), reply: (d) => ({ chainID: d.chainId }) }),
];
