// WebhookListenerInput: the fields of a webhook listener a project sets (checked by the webhooks service).
import { builder } from '../builder';
import { EventFilterInput } from './event-filter-input';
import { WebhookKindRef } from './webhook-kind';

export const WebhookListenerInput = builder.inputType('WebhookListenerInput', {
  description: 'A listener’s URL, name, filters and kinds; on update, absent fields keep their value.',
  fields: (t) => ({
    url: t.string({
      required: false,
      description: 'Where deliveries are POSTed: http(s), not a loopback, private or metadata address unless WEBHOOK_ALLOW_HOSTS names it. Required on add.',
    }),
    name: t.string({ required: false, description: 'A name for people; empty when absent.' }),
    filters: t.field({ type: EventFilterInput, required: false, description: 'The subscriptions’ event filter: `contractAddresses` or `accounts` is required.' }),
    kinds: t.field({ type: [WebhookKindRef], required: false, description: 'What the listener receives; EVENTS when absent on add.' }),
  }),
});

type FiltersArg = { events?: string[] | null; contractAddresses?: string[] | null; accounts?: string[] | null; tokenIds?: string[] | null };

/** The input as the service takes it: the filter's `tokenIds` under the service's (and the clients') `tokenIDs`. */
export const listenerInputOf = (input: { url?: string | null; name?: string | null; filters?: FiltersArg | null; kinds?: string[] | null } | null | undefined) => {
  if (!input) return {};
  const { filters, ...rest } = input;
  if (!filters) return { ...rest, filters };
  const { tokenIds, ...f } = filters;
  return { ...rest, filters: tokenIds === undefined ? f : { ...f, tokenIDs: tokenIds } };
};
