// Builds the events of the subscription topics from decoded logs and stored rows: ingestion publishes them after
// each commit, replay (replay.ts) rebuilds the same events from storage for a subscriber that resumes.
import type { BalanceChangeRow, BalanceRow, ChainTransactionRow, TransferRow } from '../../db';
import type { BalanceEvent, LogEvent, ReceiptEvent, Stamp } from '../../pubsub';
import { TOPICS, isInternalPosition, type TokenStandard, type TransferKind as Kind, type TransferLog } from '../../chain';

/** An event before ingestion (or replay) stamps it with its commit and place (pubsub/types.ts). */
export type Unstamped<E> = Omit<E, keyof Stamp>;

const SIGNATURES: Record<string, { sig: string; types: string[]; names: string[] }> = {
  ERC20: { sig: 'Transfer(address indexed from, address indexed to, uint256 value)', types: ['address', 'address', 'uint256'], names: ['from', 'to', 'value'] },
  // No log: the transaction's value, named as the wire names a transfer (from, to, value in wei); no topic hash.
  NATIVE: { sig: 'NativeTransfer(address from, address to, uint256 value)', types: ['address', 'address', 'uint256'], names: ['from', 'to', 'value'] },
  ERC721: { sig: 'Transfer(address indexed from, address indexed to, uint256 indexed tokenId)', types: ['address', 'address', 'uint256'], names: ['from', 'to', 'tokenId'] },
  TransferSingle: {
    sig: 'TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
    types: ['address', 'address', 'address', 'uint256', 'uint256'],
    names: ['operator', 'from', 'to', 'id', 'value'],
  },
  ERC6909: {
    sig: 'Transfer(address caller, address indexed sender, address indexed receiver, uint256 indexed id, uint256 amount)',
    types: ['address', 'address', 'address', 'uint256', 'uint256'],
    names: ['caller', 'sender', 'receiver', 'id', 'amount'],
  },
  TransferBatch: {
    sig: 'TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
    types: ['address', 'address', 'address', 'uint256[]', 'uint256[]'],
    names: ['operator', 'from', 'to', 'ids', 'values'],
  },
};

const decodedEvent = (t: Pick<TransferLog, 'kind' | 'topics' | 'from' | 'to' | 'operator' | 'tokenIds' | 'amounts'>) => {
  const list = (xs: bigint[]) => JSON.stringify(xs.map(String));
  if (t.kind === 'NATIVE') {
    const s = SIGNATURES.NATIVE;
    return { topicHash: '', eventSig: s.sig, types: s.types, names: s.names, values: [t.from, t.to, String(t.amounts[0])] };
  }
  if (t.kind === 'ERC6909') {
    // One id a log; the caller is in its data (removed logs, rebuilt from rows, name it only when replay read it).
    const s = SIGNATURES.ERC6909;
    const values = [t.operator ?? '', t.from, t.to, String(t.tokenIds[0]), String(t.amounts[0])];
    return { topicHash: TOPICS.ERC6909_TRANSFER, eventSig: s.sig, types: s.types, names: s.names, values };
  }
  if (t.kind !== 'ERC1155') {
    const s = SIGNATURES[t.kind];
    const value = t.kind === 'ERC20' ? t.amounts[0] : t.tokenIds[0];
    return { topicHash: TOPICS.TRANSFER, eventSig: s.sig, types: s.types, names: s.names, values: [t.from, t.to, String(value)] };
  }
  // Removed logs are rebuilt from rows without topics; a single id then stands for TransferSingle.
  const single = t.topics.length ? t.topics[0] === TOPICS.TRANSFER_SINGLE : t.tokenIds.length === 1;
  const s = single ? SIGNATURES.TransferSingle : SIGNATURES.TransferBatch;
  const values = single
    ? [t.operator ?? '', t.from, t.to, String(t.tokenIds[0]), String(t.amounts[0])]
    : [t.operator ?? '', t.from, t.to, list(t.tokenIds), list(t.amounts)];
  return { topicHash: single ? TOPICS.TRANSFER_SINGLE : TOPICS.TRANSFER_BATCH, eventSig: s.sig, types: s.types, names: s.names, values };
};

export const logEvents = (
  chainId: number,
  type: LogEvent['type'],
  transfers: TransferLog[],
  parentOf: (blockNumber: number) => string,
  txnOf: (txHash: string) => LogEvent['txn'],
): Unstamped<LogEvent>[] =>
  transfers.map((t) => ({
    chainId,
    type,
    blockNumber: t.blockNumber,
    blockHash: t.blockHash,
    parentBlockHash: parentOf(t.blockNumber),
    contract: t.contract,
    contractType: t.kind,
    txHash: t.txHash,
    txIndex: t.txIndex,
    logIndex: t.logIndex,
    timestamp: t.timestamp,
    // A native-only transaction has no row in the batch: its transfer is its sender, recipient and value. An internal
    // transfer is a call inside the transaction, not the transaction: its txn is the row's, when there is one.
    txn: t.kind === 'NATIVE' && !isInternalPosition(t.logIndex) ? nativeTxn(t, txnOf(t.txHash)) : txnOf(t.txHash),
    topics: t.topics,
    data: t.data,
    event: decodedEvent(t),
    accounts: [t.from, t.to, ...(t.operator ? [t.operator] : [])],
    tokenIds: t.kind === 'ERC20' || t.kind === 'NATIVE' ? [] : t.tokenIds.map(String),
  }));

const nativeTxn = (t: Pick<TransferLog, 'from' | 'to' | 'amounts'>, known: LogEvent['txn']): LogEvent['txn'] =>
  known.from ? known : { from: t.from, to: t.to, value: String(t.amounts[0]) };

/** Orphaned transfer rows, regrouped into logs so subscribers see BLOCK_REMOVED per log. */
export const transferLogsFromRows = (rows: TransferRow[]): TransferLog[] => {
  const byLog = new Map<string, TransferLog>();
  for (const r of [...rows].sort((a, b) => a.blockNumber - b.blockNumber || a.logIndex - b.logIndex || a.batchIndex - b.batchIndex)) {
    const key = `${r.blockNumber}:${r.logIndex}`;
    let log = byLog.get(key);
    if (!log) {
      log = {
        topics: [],
        data: '0x',
        logIndex: r.logIndex,
        blockNumber: r.blockNumber,
        blockHash: r.blockHash,
        timestamp: r.timestamp,
        txHash: r.txHash,
        txIndex: r.txIndex,
        contract: r.contract,
        kind: r.contractType as Kind,
        from: r.from,
        to: r.to,
        operator: null,
        tokenIds: [],
        amounts: [],
      };
      byLog.set(key, log);
    }
    log.tokenIds.push(BigInt(r.tokenId || '0'));
    log.amounts.push(BigInt(r.amount));
  }
  return [...byLog.values()];
};

export const balanceEvents = (
  changes: Array<Pick<BalanceChangeRow, 'chainId' | 'contract' | 'account' | 'tokenId' | 'balance' | 'delta' | 'blockNumber' | 'blockHash'>>,
  kindOf: (contract: string) => TokenStandard,
  reorged: boolean,
): Unstamped<BalanceEvent>[] =>
  changes.map((c) => ({
    chainId: c.chainId,
    contract: c.contract,
    contractType: kindOf(c.contract),
    account: c.account,
    tokenId: c.tokenId,
    balance: c.balance,
    delta: c.delta,
    blockNumber: c.blockNumber,
    blockHash: c.blockHash,
    reorged,
  }));

export const restoredBalanceEvents = (rows: BalanceRow[], kindOf: (contract: string) => TokenStandard): Unstamped<BalanceEvent>[] =>
  balanceEvents(rows.map((r) => ({ ...r, delta: '0' })), kindOf, true);

export const receiptEvents = (txs: ChainTransactionRow[], finalizedBlock: number, reorged: boolean): Unstamped<ReceiptEvent>[] =>
  txs.map((t) => ({
    chainId: t.chainId,
    txHash: t.txHash,
    status: t.status === 1 ? 'SUCCESSFUL' : 'FAILED',
    txIndex: t.txIndex,
    txType: t.txType,
    blockHash: t.blockHash,
    blockNumber: t.blockNumber,
    gasUsed: t.gasUsed,
    effectiveGasPrice: t.effectiveGasPrice,
    from: t.from,
    to: t.to ?? '',
    logs: t.logsJson ? JSON.parse(t.logsJson) : [],
    final: !reorged && t.blockNumber <= finalizedBlock,
    reorged,
  }));
