// The Indexer's webhook methods of the published clients (indexer.gen.ts 3.0.13): each a GraphQL document
// (schema/rpc/Indexer.<Op>.graphql) plus renaming (rpc/wire/webhooks.ts), no rules. The chain is the request's
// `chainID` (set from the per-chain base URL); the project is the bearer token's.
import { loadRpcDocument } from './documents';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import { addWebhookListenerIn, updateWebhookListenerIn, webhookIdIn, webhookListenerOut, webhookScopeIn } from './wire/webhooks';

const entry = <Data>(operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service: 'Indexer',
  operation,
  document: loadRpcDocument(`Indexer.${operation}`),
  ...e,
});

export const webhookEntries = (): RpcEntry[] => [
  entry<Ops.AddWebhookListenerMutation>('AddWebhookListener', {
    variables: addWebhookListenerIn,
    // The secret rides along as an extra field of the listener: shown this once, ignored by clients that do not know it.
    reply: ({ addWebhookListener: n }) => ({ status: true, listener: { ...webhookListenerOut(n.listener), secret: n.secret } }),
  }),
  entry<Ops.UpdateWebhookListenerMutation>('UpdateWebhookListener', { variables: updateWebhookListenerIn, reply: () => ({ status: true }) }),
  entry<Ops.RemoveWebhookListenerMutation>('RemoveWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ status: d.removeWebhookListener }),
  }),
  entry<Ops.ToggleWebhookListenerMutation>('ToggleWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ webhookListener: webhookListenerOut(d.toggleWebhookListener) }),
  }),
  entry<Ops.PauseAllWebhookListenersMutation>('PauseAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.ResumeAllWebhookListenersMutation>('ResumeAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.RemoveAllWebhookListenersMutation>('RemoveAllWebhookListeners', { variables: webhookScopeIn, reply: () => ({ status: true }) }),
  entry<Ops.GetWebhookListenerQuery>('GetWebhookListener', {
    variables: webhookIdIn,
    reply: (d) => ({ listener: webhookListenerOut(d.webhookListener) }),
  }),
  entry<Ops.GetAllWebhookListenersQuery>('GetAllWebhookListeners', {
    variables: webhookScopeIn,
    reply: (d) => ({ listeners: d.webhookListeners.map(webhookListenerOut) }),
  }),
];
