// The webhooks contract: listeners (a project's URLs with subscription filters), their delivery log, and the service
// that manages them. GraphQL, the RPC table and the console code against these shapes only.
import type { Credentials } from '../auth/credentials';
import type { Page, PageRequest } from '../paging';
import type { Maybe } from '../validate';

/** What a listener receives: log events (default), balance updates, transaction receipts. */
export type WebhookKind = 'events' | 'balances' | 'receipts' | 'approvals';
export const WEBHOOK_KINDS: readonly WebhookKind[] = ['events', 'balances', 'receipts', 'approvals'];

/**
 * The subscriptions' EventFilter (domain/subscriptions/filters.ts), as the published client names it (`tokenIDs`).
 * Addresses lowercase, token ids decimal, event signatures canonical after validation. One of contractAddresses or
 * accounts is required, as for subscriptions.
 */
export type WebhookFilters = {
  events?: string[];
  contractAddresses?: string[];
  accounts?: string[];
  tokenIDs?: string[];
};

export type WebhookListener = {
  id: number;
  projectId: number;
  chainId: number;
  url: string;
  /** Empty string when none was given. */
  name: string;
  filters: WebhookFilters;
  kinds: WebhookKind[];
  /** False when paused (toggle, pauseAll) or disabled by the deliverer (see disabledReason). */
  active: boolean;
  /** Set when the deliverer gave up (attempts exhausted); cleared when the listener is resumed/toggled on. */
  disabledReason: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** Input as GraphQL types it; the service validates everything (URL through the SSRF guard, filters, kinds). */
export type WebhookListenerInput = {
  url?: Maybe<string>;
  name?: Maybe<string>;
  filters?: Maybe<{ events?: Maybe<string[]>; contractAddresses?: Maybe<string[]>; accounts?: Maybe<string[]>; tokenIDs?: Maybe<string[]> }>;
  kinds?: Maybe<string[]>;
};

/**
 * pending: not yet attempted (or queued behind the listener's earlier deliveries); retrying: attempted and failed,
 * next attempt at nextAttemptAt; delivered: a 2xx was received; dead: attempts exhausted (the listener was disabled).
 */
export type WebhookDeliveryStatus = 'pending' | 'delivered' | 'retrying' | 'dead';

/** One POST (a batch of events of consecutive blocks) in a listener's delivery log. */
export type WebhookDelivery = {
  /** The Standard Webhooks `webhook-id` header: stable across retries, so a receiver deduplicates by it. */
  webhookId: string;
  listenerId: number;
  status: WebhookDeliveryStatus;
  attempts: number;
  lastError: string | null;
  /** HTTP status of the last attempt, null when it got no response (timeout, refused, blocked address). */
  lastStatus: number | null;
  /** Duration of the last attempt in milliseconds, null before the first. */
  latencyMs: number | null;
  firstBlock: number;
  lastBlock: number;
  /** Number of items in the payload's `data` array. */
  eventCount: number;
  createdAt: Date;
  deliveredAt: Date | null;
  nextAttemptAt: Date | null;
};

/** A listener as AddWebhookListener returns it, with its signing secret (`whsec_<base64>`), shown only this once. */
export type NewWebhookListener = { listener: WebhookListener; secret: string };

/** Every request may name the project (it must be the bearer token's) and the chain (optional when only one is configured). */
export type WebhookScope = { projectId?: Maybe<number>; chainId?: Maybe<string | number> };

/**
 * Listeners of a project on one chain, managed with the project's bearer token (Unauthorized without one;
 * PermissionDenied when `projectId` names another project). A listener of another project, or of another chain,
 * answers NotFound exactly like an absent one. Bad input: InvalidArgument with the field.
 *
 * The body each listener receives (JSON, POST, Standard Webhooks headers webhook-id / webhook-timestamp /
 * webhook-signature, signed with the listener's secret; verify with the `standardwebhooks` package):
 *   { type: 'strata.webhook.v1', listenerId, chainId, webhookId, kind: 'data'|'replay'|'reorged'|'final', data: Item[] }
 * where an Item (domain/webhooks/payloads.ts WebhookItem) is one of
 *   { kind: 'event', event: LogEvent }       — the subscriptions' log event (pubsub/types.ts, without seq/mark)
 *   { kind: 'balance', balance: BalanceEvent } — a balance after a block changed it (reorged: true when restored)
 *   { kind: 'receipt', receipt: ReceiptEvent } — sent with final: false; finality comes as the notice below
 *   { kind: 'final', blockNumber: N }         — every block ≤ N is final (one compact notice per listener and
 *                                               finality step, sent only to listeners that were sent items of those blocks)
 *   { kind: 'reorged', item: Item }           — an item sent (or queued) earlier from a block a reorg orphaned; a
 *                                               reorged delivery ends with the balances as they stand again
 * Items arrive in chain order per listener (block, then logs, receipts, balances); a listener's next delivery waits
 * until the previous one was delivered. A webhook-id is fixed when the delivery is recorded, so retries (by any
 * process) repeat it: a receiver that deduplicates by it sees each delivery once. What a listener matches is recorded
 * whether it is on or off: a paused or disabled listener's deliveries wait in the outbox (kept until delivered or the
 * listener is removed), and turning it on again (toggle, update with active, resumeAll) sends them in order, after its
 * dead delivery, which is retried from the first attempt.
 */
export type WebhooksService = {
  /** AddWebhookListener: a new active listener and its secret (shown once). */
  add(creds: Credentials, req: WebhookScope & WebhookListenerInput): Promise<NewWebhookListener>;
  /** UpdateWebhookListener: changes the given fields only; `active` true also clears disabledReason. */
  update(creds: Credentials, req: WebhookScope & WebhookListenerInput & { id: number; active?: Maybe<boolean> }): Promise<WebhookListener>;
  /** RemoveWebhookListener: the listener, its pending deliveries and its log go. True when it existed. */
  remove(creds: Credentials, req: WebhookScope & { id: number }): Promise<boolean>;
  /** ToggleWebhookListener: flips `active` (turning on clears disabledReason); returns the listener after. */
  toggle(creds: Credentials, req: WebhookScope & { id: number }): Promise<WebhookListener>;
  /** PauseAllWebhookListeners: every listener of the project on the chain inactive; the number changed. */
  pauseAll(creds: Credentials, req: WebhookScope): Promise<number>;
  /** ResumeAllWebhookListeners: every listener active again (disabledReason cleared); the number changed. */
  resumeAll(creds: Credentials, req: WebhookScope): Promise<number>;
  /** RemoveAllWebhookListeners: the number removed. */
  removeAll(creds: Credentials, req: WebhookScope): Promise<number>;
  get(creds: Credentials, req: WebhookScope & { id: number }): Promise<WebhookListener>;
  /** GetAllWebhookListeners: oldest first. */
  list(creds: Credentials, req: WebhookScope): Promise<WebhookListener[]>;
  /** A new secret (`whsec_<base64>`), used from the next attempt on; the old one stops signing at once. */
  rotateSecret(creds: Credentials, req: WebhookScope & { id: number }): Promise<string>;
  /** The listener's delivery log, newest first. */
  deliveries(creds: Credentials, req: WebhookScope & { listenerId: number; page?: PageRequest | null }): Promise<Page<WebhookDelivery>>;
  /**
   * Rebuilds what the listener would have received from `fromBlock` (up to the indexed head) out of stored history
   * and queues it behind the listener's pending deliveries, under new webhook ids. Returns the deliveries queued.
   */
  replay(creds: Credentials, req: WebhookScope & { listenerId: number; fromBlock: number }): Promise<number>;
};
