// The API service: wallet links, each a GraphQL document (schema/rpc/API.<Op>.graphql) plus renaming (rpc/wire/api.ts),
// no rules.
import type * as Ops from '../generated/operations';
import { getLinkedWalletsIn, linkWalletIn, linkedWalletOut, removeLinkedWalletIn } from '../wire/api';
import { entry, type RpcEntry } from './entry';

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
];
