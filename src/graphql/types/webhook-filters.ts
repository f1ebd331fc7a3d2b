// WebhookFilters: the subscriptions' event filter of a webhook listener, as stored (addresses lower-case).
import { builder } from '../builder';
import type { WebhookFilters } from '../../domain/webhooks/types';

export const WebhookFiltersRef = builder.objectRef<WebhookFilters>('WebhookFilters').implement({
  description: 'Which updates a listener receives; every list given must match (an empty list matches anything).',
  fields: (t) => ({
    events: t.stringList({ description: 'Event signatures, canonical.', resolve: (f) => f.events ?? [] }),
    contractAddresses: t.stringList({ description: 'Token contracts, lower-case hex.', resolve: (f) => f.contractAddresses ?? [] }),
    accounts: t.stringList({ description: 'Accounts (from, to or operator), lower-case hex.', resolve: (f) => f.accounts ?? [] }),
    tokenIds: t.field({ type: ['BigInt'], description: 'Token ids, decimal.', resolve: (f) => f.tokenIDs ?? [] }),
  }),
});
