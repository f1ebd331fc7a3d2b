// Webhook listener wire shapes (indexer.gen.ts 3.0.13): the client's WebhookListener and EventFilter renamed into the
// GraphQL arguments and back. Renaming only: the rules (ownership, URL guard, filters) are the webhooks service's.
import type { WebhookListenerFieldsFragment } from '../generated/operations';
import { chainIdIn, obj, type Body } from './common';
import { eventFilterIn } from './indexer-streams';

/** `kinds` is Strata's (the published clients never send it): names in any case, as the GraphQL enum spells them. */
const kindsIn = (v: unknown): unknown => (Array.isArray(v) ? v.map((k) => (typeof k === 'string' ? k.toUpperCase() : k)) : v);

/** A string field the client sent; the typed client's empty strings stay (the service decides what '' means). */
const fieldsIn = (src: Body) => ({
  url: src.url,
  name: src.name,
  filters: src.filters === undefined ? undefined : eventFilterIn(src.filters),
  kinds: kindsIn(src.kinds),
});

const scopeIn = (b: Body) => ({ chainId: chainIdIn(b.chainID), projectId: b.projectId });

/** Requests naming only the project (and the chain, from the base URL). */
export const webhookScopeIn = scopeIn;

/** GetWebhookListener, RemoveWebhookListener, ToggleWebhookListener: `id`. */
export const webhookIdIn = (b: Body) => ({ ...scopeIn(b), id: b.id });

export const addWebhookListenerIn = (b: Body) => ({ ...scopeIn(b), ...fieldsIn(b) });

/** UpdateWebhookListener sends the whole listener: `listener.id` names it; url, name, filters and active replace. */
export const updateWebhookListenerIn = (b: Body) => {
  const l = obj(b.listener) ?? {};
  return { ...scopeIn(b), id: l.id, ...fieldsIn(l), active: l.active };
};

/** The client's WebhookListener; `kinds` and `disabledReason` are Strata's, which clients ignore. */
export const webhookListenerOut = (l: WebhookListenerFieldsFragment) => ({
  id: l.id,
  projectID: l.projectId,
  url: l.url,
  filters: {
    ...(l.filters.events.length ? { events: l.filters.events } : {}),
    ...(l.filters.contractAddresses.length ? { contractAddresses: l.filters.contractAddresses } : {}),
    ...(l.filters.accounts.length ? { accounts: l.filters.accounts } : {}),
    ...(l.filters.tokenIds.length ? { tokenIDs: l.filters.tokenIds } : {}),
  },
  name: l.name,
  updatedAt: l.updatedAt,
  active: l.active,
  kinds: l.kinds,
  ...(l.disabledReason ? { disabledReason: l.disabledReason } : {}),
});
