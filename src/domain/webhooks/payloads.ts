// What a listener's POST carries: items in chain order, cut into deliveries of at most the batch size, each with a
// stable webhook id; and the envelope and the secret of the Standard Webhooks scheme.
import crypto from 'node:crypto';
import type { BalanceEvent, LogEvent, ReceiptEvent } from '../../pubsub';
import type { WebhookDeliveryKind, WebhookDeliveryRow } from '../../db';
import type { Unstamped } from '../subscriptions/events';
import type { CompiledListener } from './filters';
import type { ApprovalChange } from '../approvals/types';

/** One entry of a POST's `data` (see WebhooksService in types.ts). */
export type WebhookItem =
  | { kind: 'event'; event: Unstamped<LogEvent> }
  | { kind: 'balance'; balance: Unstamped<BalanceEvent> }
  | { kind: 'receipt'; receipt: Unstamped<ReceiptEvent> }
  /** An approval as its block left it (listeners of kind `approvals`). */
  | { kind: 'approval'; approval: ApprovalChange }
  /** The item, delivered (or queued) earlier from a block that a reorg orphaned. */
  | { kind: 'reorged'; item: WebhookItem }
  /** Every block up to blockNumber is final (compact: one notice per listener per finality step). */
  | { kind: 'final'; blockNumber: number };

/** What one committed step produced, unfiltered. */
export type ChainEvents = { logs: Unstamped<LogEvent>[]; balances: Unstamped<BalanceEvent>[]; receipts: Unstamped<ReceiptEvent>[]; approvals?: ApprovalChange[] };

export const blockOf = (item: WebhookItem): number => {
  switch (item.kind) {
    case 'event':
      return item.event.blockNumber;
    case 'balance':
      return item.balance.blockNumber;
    case 'receipt':
      return item.receipt.blockNumber;
    case 'approval':
      return item.approval.blockNumber;
    case 'reorged':
      return blockOf(item.item);
    case 'final':
      return item.blockNumber;
  }
};

/** Within a block: logs in log order, then receipts in transaction order, then the balances and approvals they left. */
const placeOf = (item: WebhookItem): [number, number] => {
  switch (item.kind) {
    case 'event':
      return [0, item.event.logIndex];
    case 'receipt':
      return [1, item.receipt.txIndex];
    case 'balance':
      return [2, 0];
    case 'approval':
      return [3, 0];
    default:
      return [4, 0];
  }
};

export const inChainOrder = (items: WebhookItem[]): WebhookItem[] =>
  items
    .map((item, i) => ({ item, i, block: blockOf(item), place: placeOf(item) }))
    .sort((a, b) => a.block - b.block || a.place[0] - b.place[0] || a.place[1] - b.place[1] || a.i - b.i)
    .map((x) => x.item);

/** What `listener` receives of `events`, in chain order. */
export const itemsFor = (listener: CompiledListener, events: ChainEvents): WebhookItem[] => {
  const items: WebhookItem[] = [];
  if (listener.kinds.has('events')) for (const e of events.logs) if (listener.log(e)) items.push({ kind: 'event', event: e });
  if (listener.kinds.has('receipts')) for (const r of events.receipts) if (listener.receipt(r)) items.push({ kind: 'receipt', receipt: r });
  if (listener.kinds.has('balances')) for (const b of events.balances) if (listener.balance(b)) items.push({ kind: 'balance', balance: b });
  if (listener.kinds.has('approvals')) for (const a of events.approvals ?? []) if (listener.approval(a)) items.push({ kind: 'approval', approval: a });
  return inChainOrder(items);
};

/** Identifies an item across deliveries (a reorg notice is sent once per orphaned item, replayed or not). */
export const itemKey = (item: WebhookItem): string => {
  switch (item.kind) {
    case 'event':
      return `e:${item.event.blockHash}:${item.event.logIndex}`;
    case 'receipt':
      return `r:${item.receipt.blockHash}:${item.receipt.txHash}`;
    case 'balance':
      return `b:${item.balance.blockHash}:${item.balance.contract}:${item.balance.account}:${item.balance.tokenId}`;
    case 'approval':
      return `a:${item.approval.blockHash}:${item.approval.kind}:${item.approval.contract}:${item.approval.owner}:${item.approval.kind === 'TOKEN' ? item.approval.tokenId : item.approval.spender}`;
    case 'reorged':
      return `x:${itemKey(item.item)}`;
    case 'final':
      return `f:${item.blockNumber}`;
  }
};

/** Standard Webhooks message ids are opaque; `msg_` and 32 random hex digits, fixed when the row is written. */
export const newWebhookId = (): string => `msg_${crypto.randomBytes(16).toString('hex')}`;

/** `whsec_` and 32 random bytes in base64, the Standard Webhooks secret form. */
export const newSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64')}`;

export type NewDelivery = Omit<WebhookDeliveryRow, 'id'>;

/** The deliveries carrying `items` (in order) for one listener: at most `batchSize` items each. */
export const deliveriesOf = (listenerId: number, chainId: number, kind: WebhookDeliveryKind, items: WebhookItem[], batchSize: number, now = new Date()): NewDelivery[] => {
  const rows: NewDelivery[] = [];
  for (let i = 0; i < items.length; i += batchSize) {
    const part = items.slice(i, i + batchSize);
    rows.push({
      listenerId,
      chainId,
      webhookId: newWebhookId(),
      kind,
      status: 'pending',
      attempts: 0,
      lastError: null,
      lastStatus: null,
      latencyMs: null,
      firstBlock: blockOf(part[0]),
      lastBlock: blockOf(part[part.length - 1]),
      eventCount: part.length,
      payload: JSON.stringify(part),
      createdAt: now,
      deliveredAt: null,
      nextAttemptAt: now,
    });
  }
  return rows;
};

/** The JSON body of a POST. */
export const envelopeOf = (row: Pick<WebhookDeliveryRow, 'listenerId' | 'chainId' | 'webhookId' | 'kind' | 'payload'>): string =>
  `{"type":"strata.webhook.v1","listenerId":${row.listenerId},"chainId":${row.chainId},"webhookId":${JSON.stringify(row.webhookId)},"kind":${JSON.stringify(row.kind)},"data":${row.payload}}`;
