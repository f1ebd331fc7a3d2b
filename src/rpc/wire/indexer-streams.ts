// Indexer Subscribe* wire shapes: one {"balance"|"log"|"receipt": …, "cursor": …} object per NDJSON line.
import type { SubscribeBalanceUpdatesSubscription, SubscribeEventsSubscription, SubscribeReceiptsSubscription } from '../generated/operations';
import { obj, type Body, type Answered } from './common';
import { tokenBalanceCoreOut } from './indexer';

type Balance = Answered<SubscribeBalanceUpdatesSubscription>['balanceUpdates'];
type Log = Answered<SubscribeEventsSubscription>['events'];
type Receipt = Answered<SubscribeReceiptsSubscription>['receipts'];

/** TokenBalance as SubscribeBalanceUpdates pushes it. */
export const balanceOut = (b: Balance) => tokenBalanceCoreOut(b);

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
  // The published clients' EventLogDataType: a native transfer is no log.
  logDataType: l.contractType === 'NATIVE' ? 'NATIVE_TOKEN_TRANSFER' : 'EVENT',
  ts: l.ts,
  txnInfo: l.txnInfo,
  rawLog: l.rawLog,
  event: l.event,
});

/** The published clients' names of the envelope types (Strata's GraphQL enum names them by EIP-2718). */
const TXN_TYPE_NAMES: Record<string, string> = {
  LEGACY: 'LegacyTxnType',
  ACCESS_LIST: 'AccessListTxnType',
  DYNAMIC_FEE: 'DynamicFeeTxnType',
  BLOB: 'BlobTxnType',
  SET_CODE: 'SetCodeTxnType',
};

export const receiptOut = (r: Receipt) => ({ ...r, txnType: TXN_TYPE_NAMES[r.txnType] ?? 'UnknownTxnType', gasUsed: Number(r.gasUsed) });

/** SubscribeEvents' filter: its `tokenIDs` are GraphQL's `tokenIds`. */
export const eventFilterIn = (v: unknown) => {
  const f = filterIn(v, ['events', 'contractAddresses', 'accounts', 'tokenIDs']);
  const o = obj(f);
  if (!o) return f;
  const { tokenIDs, ...rest } = o;
  return tokenIDs === undefined ? rest : { ...rest, tokenIds: tokenIDs };
};

/** The filter object as clients send it; other keys are ignored. */
export const filterIn = (v: unknown, keys: string[]): Body | unknown => {
  const f = obj(v);
  if (!f) return v;
  return Object.fromEntries(keys.filter((k) => f[k] !== undefined).map((k) => [k, f[k]]));
};

/**
 * Strata's resume fields, which the published clients never send: `fromBlock` (replay from that block) or `cursor`
 * (the `cursor` of the last line received). Absent ones stay absent; a present one is checked by the service.
 */
export const resumeIn = (b: Body) => ({
  // Numbers may arrive as decimal strings (wire notes, Decision 3); '' is unset.
  ...(b.fromBlock !== undefined && b.fromBlock !== null && b.fromBlock !== ''
    ? { fromBlock: typeof b.fromBlock === 'string' && /^\d{1,15}$/.test(b.fromBlock.trim()) ? Number(b.fromBlock.trim()) : b.fromBlock }
    : {}),
  ...(b.cursor !== undefined && b.cursor !== null ? { cursor: b.cursor as string } : {}),
});
