// The API service: wallet links, sessions, ENS names, signature checks, runtime and prices, each a GraphQL document (schema/rpc/API.<Op>.graphql) plus renaming (rpc/wire/api.ts),
// no rules.
import type * as Ops from '../generated/operations';
import {
  apiRuntimeStatusOut,
  blockNumberAtTimeIn,
  blockNumberAtTimeOut,
  clockOut,
  getAuthToken2In,
  getAuthTokenIn,
  getAuthTokenOut,
  getCoinPricesIn,
  getCoinPricesOut,
  getExchangeRateIn,
  getExchangeRateOut,
  getLinkedWalletsIn,
  isValidETHAuthProofIn,
  isValidMessageSignatureIn,
  isValidOut,
  isValidSignatureIn,
  isValidTypedDataSignatureIn,
  linkWalletIn,
  linkedWalletOut,
  removeLinkedWalletIn,
  resolveENSAddressIn,
  resolveENSAddressOut,
} from '../wire/api';
import { getPortfolioIn, getPortfolioOut } from '../wire/portfolio';
import { entry, statusEntries, type RpcEntry } from './entry';

export const apiEntries = (): RpcEntry[] => [
  entry<Ops.GetLinkedWalletsQuery>('API', 'GetLinkedWallets', {
    variables: getLinkedWalletsIn,
    reply: (d) => ({ linkedWallets: d.linkedWallets.map(linkedWalletOut) }),
  }),
  entry<Ops.LinkWalletMutation>('API', 'LinkWallet', { variables: linkWalletIn, reply: () => ({ status: true }) }),
  entry<Ops.RemoveLinkedWalletMutation>('API', 'RemoveLinkedWallet', {
    variables: removeLinkedWalletIn,
    reply: (d) => ({ status: d.removeLinkedWallet }),
  }),
  // Strata's own: no published client has it (docs/guide/portfolio.md).
  entry<Ops.GetPortfolioQuery>('API', 'GetPortfolio', { variables: getPortfolioIn, reply: getPortfolioOut }),
  ...statusEntries('API', apiRuntimeStatusOut),
  entry<Ops.BlockNumberAtTimeQuery>('API', 'BlockNumberAtTime', { variables: blockNumberAtTimeIn, reply: blockNumberAtTimeOut }),
  entry<Ops.ClockQuery>('API', 'Clock', { variables: () => ({}), reply: clockOut }),
  entry<Ops.GetCoinPricesQuery>('API', 'GetCoinPrices', { variables: getCoinPricesIn, reply: getCoinPricesOut }),
  entry<Ops.GetExchangeRateQuery>('API', 'GetExchangeRate', { variables: getExchangeRateIn, reply: getExchangeRateOut }),
  entry<Ops.IsValidSignatureQuery>('API', 'IsValidSignature', { variables: isValidSignatureIn, reply: (d) => isValidOut(d.isValidSignature) }),
  entry<Ops.IsValidMessageSignatureQuery>('API', 'IsValidMessageSignature', {
    variables: isValidMessageSignatureIn,
    reply: (d) => isValidOut(d.isValidMessageSignature),
  }),
  entry<Ops.IsValidTypedDataSignatureQuery>('API', 'IsValidTypedDataSignature', {
    variables: isValidTypedDataSignatureIn,
    reply: (d) => isValidOut(d.isValidTypedDataSignature),
  }),
  entry<Ops.ResolveEnsAddressQuery>('API', 'ResolveENSAddress', { variables: resolveENSAddressIn, reply: resolveENSAddressOut }),
  entry<Ops.GetAuthTokenMutation>('API', 'GetAuthToken', { variables: getAuthTokenIn, reply: getAuthTokenOut }),
  entry<Ops.GetAuthTokenMutation>('API', 'GetAuthToken2', { document: 'API.GetAuthToken', variables: getAuthToken2In, reply: getAuthTokenOut }),
  entry<Ops.IsValidEthAuthProofQuery>('API', 'IsValidETHAuthProof', { variables: isValidETHAuthProofIn, reply: (d) => isValidOut(d.isValidETHAuthProof) }),
];
