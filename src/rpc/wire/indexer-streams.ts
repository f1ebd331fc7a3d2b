// Indexer Subscribe* wire shapes: one {"balance"|"log"|"receipt": …} object per NDJSON line.
import type { SubscribeBalanceUpdatesSubscription, SubscribeEventsSubscription, SubscribeReceiptsSubscription } from '../generated/operations';
import { obj, type Body } from './common';

type Balance = SubscribeBalanceUpdatesSubscription['balanceUpdates'];
type Log = SubscribeEventsSubscription['events'];
type Receipt = SubscribeReceiptsSubscription['receipts'];

/** TokenBalance as SubscribeBalanceUpdates pushes it (tokenID omitted for ERC-20, as Go's omitempty does). */
export const balanceOut = (b: Balance) => ({
  contractType: b.contractType,
  contractAddress: b.contractAddress,
  accountAddress: b.accountAddress,
  ...(b.tokenID !== null ? { tokenID: b.tokenID } : {}),
  balance: b.balance,
  blockHash: b.blockHash,
  blockNumber: b.blockNumber,
  chainId: b.chainId,
});

export const logOut = (l: Log) => ({
  uid: l.uid,
  type: l.type,
  blockNumber: l.blockNumber,
  blockHash: l.blockHash,
  parentBlockHash: l.parentBlockHash,
  contractAddress: l.contractAddress,
  contractType: l.contractType,
  txnHash: l.txnHash,
  txnIndex: l.txnIndex,
  txnLogIndex: l.txnLogIndex,
  logDataType: 'EVENT',
  ts: l.ts,
  txnInfo: l.txnInfo,
  rawLog: l.rawLog,
  event: l.event,
});

export const receiptOut = (r: Receipt) => ({ ...r, gasUsed: Number(r.gasUsed) });

/** The filter object as clients send it; other keys are ignored. */
export const filterIn = (v: unknown, keys: string[]): Body | unknown => {
  const f = obj(v);
  if (!f) return v;
  return Object.fromEntries(keys.filter((k) => f[k] !== undefined).map((k) => [k, f[k]]));
};
