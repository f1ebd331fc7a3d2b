// Listener filters: validated with the subscriptions' own filter (subscriptions/filters.ts), then compiled into the
// matchers that decide which events, balance updates and receipts of a batch a listener receives.
import { eventTopic } from '../../chain/event-topic';
import type { BalanceEvent, LogEvent, ReceiptEvent } from '../../pubsub';
import type { WebhookListenerRow } from '../../db';
import { invalidArgument } from '../errors';
import { canonicalEventSignature, eventFilter } from '../subscriptions/filters';
import type { Unstamped } from '../subscriptions/events';
import type { ApprovalChange } from '../approvals/types';
import { optionalAddressList, requireUint256 } from '../validate';
import { WEBHOOK_KINDS, type WebhookFilters, type WebhookKind, type WebhookListenerInput } from './types';

const MAX_ITEMS = 1000;

/** The filters as stored: addresses lower-case, token ids decimal, signatures trimmed; empty lists left out. */
export const validateFilters = (chainId: number, input: WebhookListenerInput['filters']): WebhookFilters => {
  const f = input ?? {};
  if (typeof f !== 'object' || Array.isArray(f)) throw invalidArgument('filters', 'must be an object');
  // The subscriptions' checks, with their messages (one of contractAddresses or accounts is required).
  eventFilter(chainId, { events: f.events, contractAddresses: f.contractAddresses, accounts: f.accounts, tokenIds: f.tokenIDs });
  const out: WebhookFilters = {};
  const events = (f.events ?? []).map((s) => s.trim()).filter(Boolean);
  const contracts = optionalAddressList('filters.contractAddresses', f.contractAddresses, MAX_ITEMS);
  const accounts = optionalAddressList('filters.accounts', f.accounts, MAX_ITEMS);
  const tokenIDs = (f.tokenIDs ?? []).map((t, i) => requireUint256(`filters.tokenIDs[${i}]`, t));
  if (tokenIDs.length > MAX_ITEMS) throw invalidArgument('filters.tokenIDs', `must have at most ${MAX_ITEMS} entries`);
  if (events.length) out.events = events;
  if (contracts.length) out.contractAddresses = [...new Set(contracts)];
  if (accounts.length) out.accounts = [...new Set(accounts)];
  if (tokenIDs.length) out.tokenIDs = [...new Set(tokenIDs)];
  return out;
};

/** Absent or empty: events only. */
export const validateKinds = (input: unknown): WebhookKind[] => {
  if (input === undefined || input === null) return ['events'];
  if (!Array.isArray(input) || input.some((k) => typeof k !== 'string')) throw invalidArgument('kinds', 'must be a list of events, balances, receipts, approvals');
  const kinds = [...new Set(input.map((k: string) => k.trim().toLowerCase()))];
  for (const k of kinds) {
    if (!WEBHOOK_KINDS.includes(k as WebhookKind)) throw invalidArgument('kinds', `unknown kind "${k}" (events, balances, receipts, approvals)`);
  }
  return kinds.length ? (kinds as WebhookKind[]) : ['events'];
};

/** A listener as ingestion sees it: what it matches, nothing else. */
export type CompiledListener = {
  id: number;
  chainId: number;
  kinds: ReadonlySet<WebhookKind>;
  /** Contracts named by the filter (empty: any), to narrow replay reads. */
  contracts: string[];
  log(e: Unstamped<LogEvent>): boolean;
  balance(e: Unstamped<BalanceEvent>): boolean;
  receipt(e: Unstamped<ReceiptEvent>): boolean;
  approval(e: ApprovalChange): boolean;
};

const padded = (account: string) => `0x${account.slice(2).padStart(64, '0')}`;

export const compileListener = (row: Pick<WebhookListenerRow, 'id' | 'chainId' | 'filters' | 'kinds'>): CompiledListener => {
  const f = JSON.parse(row.filters) as WebhookFilters;
  const logs = eventFilter(row.chainId, { events: f.events, contractAddresses: f.contractAddresses, accounts: f.accounts, tokenIds: f.tokenIDs });
  const contracts = new Set(f.contractAddresses ?? []);
  const accounts = new Set(f.accounts ?? []);
  const accountTopics = new Set([...accounts].map(padded));
  const tokenIds = new Set(f.tokenIDs ?? []);
  const topics = new Set((f.events ?? []).map((s) => eventTopic(canonicalEventSignature(s))));
  return {
    id: row.id,
    chainId: row.chainId,
    kinds: new Set(row.kinds.split(',') as WebhookKind[]),
    contracts: [...contracts],
    log: (e) => logs.match(e as LogEvent),
    balance: (e) =>
      e.chainId === row.chainId &&
      (!contracts.size || contracts.has(e.contract)) &&
      (!accounts.size || accounts.has(e.account)) &&
      (!tokenIds.size || tokenIds.has(e.tokenId)),
    // An approval matches a named contract, and a named account as its owner or spender (a token id: that token's).
    approval: (e) =>
      e.chainId === row.chainId &&
      (!contracts.size || contracts.has(e.contract)) &&
      (!accounts.size || accounts.has(e.owner) || accounts.has(e.spender)) &&
      (!tokenIds.size || (e.tokenId !== null && tokenIds.has(e.tokenId))),
    // A receipt matches when it touches a named contract (called, or one of its logs) and a named account (sender,
    // recipient, or an indexed topic), and carries a named event when events are given.
    receipt: (e) =>
      e.chainId === row.chainId &&
      (!contracts.size || contracts.has(e.to) || e.logs.some((l) => contracts.has(l.contractAddress))) &&
      (!accounts.size || accounts.has(e.from) || accounts.has(e.to) || e.logs.some((l) => l.topics.slice(1).some((t) => accountTopics.has(t)))) &&
      (!topics.size || e.logs.some((l) => topics.has(l.topics[0]))),
  };
};
