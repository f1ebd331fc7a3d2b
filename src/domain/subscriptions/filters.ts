// Subscription filters: validated once, then applied to every event.
import { eventTopic } from '../../chain/event-topic';
import { NATIVE_CONTRACT } from '../../chain/native-transfers';
import type { BalanceEvent, LogEvent, ReceiptEvent } from '../../pubsub';
import { invalidArgument } from '../errors';
import { optionalAddressList, requireAddress, requireUint256, type Maybe } from '../validate';

const MAX_ITEMS = 1000;

const optionalStringList = (field: string, v: unknown): string[] => {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw invalidArgument(field, 'must be an array of strings');
  if (v.length > MAX_ITEMS) throw invalidArgument(field, `must have at most ${MAX_ITEMS} entries`);
  return v as string[];
};

/** `Transfer(address indexed from, …)` and `Transfer(address,address,uint256)` name the same event. */
export const canonicalEventSignature = (sig: string): string => {
  const m = /^\s*(\w+)\s*\((.*)\)\s*$/.exec(sig);
  if (!m) return sig.trim();
  const types = m[2]
    .split(',')
    .map((p) => p.trim().split(/\s+/)[0])
    .filter(Boolean);
  return `${m[1]}(${types.join(',')})`;
};

export const balanceFilter = (chainId: number, contractAddress: string) => {
  const contract = requireAddress('contractAddress', contractAddress);
  return { contract, match: (e: BalanceEvent) => e.chainId === chainId && e.contract === contract };
};

/** EventFilterInput as GraphQL types it (token ids in decimal). */
export type EventFilterRequest = { events?: Maybe<string[]>; contractAddresses?: Maybe<string[]>; accounts?: Maybe<string[]>; tokenIds?: Maybe<string[]> };
/** TransactionFilterInput as GraphQL types it. */
export type ReceiptFilterRequest = { txnHash?: Maybe<string>; from?: Maybe<string>; to?: Maybe<string>; contractAddress?: Maybe<string>; event?: Maybe<string> };

export const eventFilter = (chainId: number, filter: Maybe<EventFilterRequest>) => {
  const f = filter ?? {};
  const events = new Set(optionalStringList('filter.events', f.events).map(canonicalEventSignature));
  const contracts = new Set(optionalAddressList('filter.contractAddresses', f.contractAddresses, MAX_ITEMS));
  const accounts = new Set(optionalAddressList('filter.accounts', f.accounts, MAX_ITEMS));
  const tokenIds = new Set(
    (f.tokenIds ?? []).map((t, i) => requireUint256(`filter.tokenIds[${i}]`, t)),
  );
  if (!contracts.size && !accounts.size) {
    throw invalidArgument('filter', 'one of contractAddresses or accounts must be given');
  }
  // Native transfers are asked for by naming the zero address, the contract they carry: a filter written before they
  // were indexed (accounts only) keeps receiving token events alone.
  const native = contracts.has(NATIVE_CONTRACT);
  const match = (e: LogEvent) =>
    e.chainId === chainId &&
    (e.contractType !== 'NATIVE' || native) &&
    (!contracts.size || contracts.has(e.contract)) &&
    (!accounts.size || e.accounts.some((a) => accounts.has(a))) &&
    (!tokenIds.size || e.tokenIds.some((t) => tokenIds.has(t))) &&
    (!events.size || events.has(canonicalEventSignature(e.event.eventSig)));
  return { contracts: [...contracts], match };
};

export const receiptFilter = (chainId: number, filter: Maybe<ReceiptFilterRequest>) => {
  const f = filter ?? {};
  const opt = (field: string, v: unknown) => (v === undefined || v === null || v === '' ? null : requireAddress(field, v));
  const txnHash = f.txnHash ? f.txnHash.toLowerCase() : null;
  if (txnHash !== null && !/^0x[0-9a-f]{64}$/.test(txnHash)) throw invalidArgument('filter.txnHash', 'must be a 32-byte hex hash');
  const from = opt('filter.from', f.from);
  const to = opt('filter.to', f.to);
  const contract = opt('filter.contractAddress', f.contractAddress);
  const topic = f.event ? eventTopic(canonicalEventSignature(f.event)) : null;
  return (e: ReceiptEvent) =>
    e.chainId === chainId &&
    (txnHash === null || e.txHash === txnHash) &&
    (from === null || e.from === from) &&
    (to === null || e.to === to) &&
    (contract === null || e.to === contract || e.logs.some((l) => l.contractAddress === contract)) &&
    (topic === null || e.logs.some((l) => l.topics[0] === topic));
};
