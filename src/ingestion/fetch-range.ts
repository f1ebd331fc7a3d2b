// Reads one block range from the node: transfer logs (decoded), and as few blocks as the range needs.
import { APPROVAL_TOPICS, decodeApprovalLogs, isApprovalLog, type ApprovalLog, decodeMetadataUpdateLog, decodeTransferLog, isMetadataUpdateLog, isSkipped, nativeTransfersOf, valueTransactions, type MetadataUpdate, type Block, type BlockWithTransactions, type ChainClient, type Hex, type Log, type Receipt } from '../chain';
import type { BlockRow, ChainTransactionRow } from '../db';
import { BlockChangedError, byHash } from './block-changed';
import { recoverMissingLogs, TOKEN_LOG_TOPICS } from './missing-logs';
import { internalTransfers, type Native } from './internal-transfers';
import type { Batch, TransferLog } from './types';
import { inLogOrder } from './log-order';

export type FetchOptions = {
  /** Head following: every header (for the parent-hash chain) and receipts of transactions with transfers. */
  allHeaders: boolean;
  /** Fetch receipts (gas, status, logs) for transactions with transfers. */
  receipts: boolean;
  live: boolean;
  /** Only the logs of these contracts (lower-case), or null for every contract of the chain. */
  addresses?: readonly Hex[] | null;
  /**
   * At most this many transfer rows (one per token id): a range whose logs hold more ends at the last block that fits
   * (its first block whatever it holds), and the batch says so in `toBlock`. Its blocks, receipts and rows are what a
   * batch holds until its commit, and a range sized before the logs were known can be far denser than expected.
   */
  maxRows?: number;
  /**
   * Native transfers too (chain config `nativeTransfers`): every block of the range is read with its transactions, and
   * the receipts of its value transactions (eth_getBlockReceipts where the node has it, else one per transaction).
   * With `traces`, internal transfers as well, from each block's traces (internal-transfers.ts).
   */
  native?: Native;
  /**
   * Approval and ApprovalForAll logs too (chain config `approvals`), in the same eth_getLogs requests: the batch carries
   * them decoded in `approvals`. A block with approvals but no transfers has only its header read (for its timestamp).
   */
  approvals?: boolean;
};

/** Addresses per eth_getLogs filter: hosted providers refuse (or time out on) much longer lists. */
export const ADDRESSES_PER_REQUEST = 250;

/**
 * Token logs of [from, to] (transfers and metadata-change events), of `addresses` when given (in filters of a size
 * providers accept), in chain order.
 */
const tokenLogs = async (client: ChainClient, from: number, to: number, addresses: readonly Hex[] | null, topic0: Hex[]): Promise<Log[]> => {
  const topics = [topic0];
  if (!addresses) return client.eth_getLogs({ fromBlock: from, toBlock: to, topics });
  const parts: Log[][] = [];
  for (let i = 0; i < addresses.length; i += ADDRESSES_PER_REQUEST) {
    parts.push(await client.eth_getLogs({ fromBlock: from, toBlock: to, topics, address: addresses.slice(i, i + ADDRESSES_PER_REQUEST) as Hex[] }));
  }
  return parts.length === 1 ? parts[0] : parts.flat().sort(inLogOrder);
};

/**
 * Decodes logs; malformed ones are counted by reason. Timestamps are filled in by the caller when the node omits them.
 * Without `keepRaw` (backfill: nothing is published) the raw topics and data are dropped, and the addresses and block
 * hashes that repeat across a range's logs are shared: a decoded range stays in memory until its batch is committed,
 * behind the ranges fetched ahead of it.
 */
export const decodeLogs = (logs: Log[], skipped: Map<string, number>, keepRaw = true): TransferLog[] => {
  const out: TransferLog[] = [];
  const seen = new Map<string, string>();
  const shared = (s: string) => {
    const known = seen.get(s);
    if (known !== undefined) return known;
    seen.set(s, s);
    return s;
  };
  for (const log of logs) {
    if (log.removed) continue;
    const d = decodeTransferLog(log);
    if (isSkipped(d)) {
      skipped.set(d.skipped, (skipped.get(d.skipped) ?? 0) + 1);
      continue;
    }
    out.push({
      topics: keepRaw ? log.topics : [],
      data: keepRaw ? log.data : '0x',
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: keepRaw ? log.blockHash : shared(log.blockHash),
      timestamp: log.blockTimestamp ?? -1,
      txHash: log.transactionHash,
      txIndex: log.transactionIndex,
      contract: keepRaw ? d.contract : shared(d.contract),
      kind: d.kind,
      from: keepRaw ? d.from : shared(d.from),
      to: keepRaw ? d.to : shared(d.to),
      operator: d.operator ?? null,
      tokenIds: d.tokenIds,
      amounts: d.amounts,
    });
  }
  return out;
};

/** Takes the metadata-change events out of `logs` (in place) and returns them decoded; malformed ones are dropped. */
const takeMetadataUpdates = (logs: Log[]): MetadataUpdate[] => {
  const updates: MetadataUpdate[] = [];
  let kept = 0;
  for (const log of logs) {
    if (!isMetadataUpdateLog(log)) logs[kept++] = log;
    else if (!log.removed) {
      const u = decodeMetadataUpdateLog(log);
      if (u) updates.push(u);
    }
  }
  logs.length = kept;
  return updates;
};

/** Takes the approval logs out of `logs` (in place) and returns them decoded; malformed ones are counted in `skipped`. */
const takeApprovals = (logs: Log[], skipped: Map<string, number>): ApprovalLog[] => {
  const taken: Log[] = [];
  let kept = 0;
  for (const log of logs) {
    if (isApprovalLog(log)) taken.push(log);
    else logs[kept++] = log;
  }
  logs.length = kept;
  return decodeApprovalLogs(taken, skipped);
};

export { BlockChangedError } from './block-changed';

type Fetched = { block: Block | BlockWithTransactions; receipts: Receipt[] | null };

const blockRow = (chainId: number, b: Block | BlockWithTransactions): BlockRow => ({
  chainId,
  number: b.number,
  hash: b.hash,
  parentHash: b.parentHash,
  timestamp: b.timestamp,
});

const transactionRows = (chainId: number, fetched: Fetched[], txHashes: Set<string>, receiptsWanted: boolean, client: ChainClient) =>
  Promise.all(
    fetched.flatMap(({ block, receipts }) => {
      const receiptOf = new Map((receipts ?? []).map((r) => [r.transactionHash, r]));
      return (block.transactions as BlockWithTransactions['transactions'])
        .filter((tx) => typeof tx !== 'string' && txHashes.has(tx.hash))
        .map(async (tx): Promise<ChainTransactionRow> => {
          let receipt = receiptOf.get(tx.hash) ?? null;
          if (receiptsWanted && !receipt) {
            receipt = await client.eth_getTransactionReceipt(tx.hash);
            // Mined elsewhere or unknown now: the block read is no longer the chain's.
            if (!receipt || receipt.blockHash !== block.hash) throw new BlockChangedError(block.number, 'lost a transaction while it was being read');
          }
          return {
            chainId,
            txHash: tx.hash,
            blockHash: block.hash,
            blockNumber: block.number,
            txIndex: tx.transactionIndex ?? 0,
            from: tx.from,
            to: tx.to,
            value: tx.value.toString(),
            // A transaction that emitted logs succeeded; receipts confirm it when fetched.
            status: receipt ? (receipt.status === 0 ? 0 : 1) : 1,
            gasUsed: receipt ? receipt.gasUsed.toString() : '0',
            effectiveGasPrice: (receipt?.effectiveGasPrice ?? tx.gasPrice ?? 0n).toString(),
            txType: tx.type,
            timestamp: block.timestamp,
            reorged: false,
            logsJson: receipt
              ? JSON.stringify(receipt.logs.map((l) => ({ contractAddress: l.address, topics: l.topics, data: l.data, index: l.logIndex })))
              : null,
          };
        });
    }),
  );

/**
 * The native transfers of the fetched blocks (all read with their transactions). Receipts of a block with value
 * transactions: those fetched already, else eth_getBlockReceipts by hash, else each value transaction's; a receipt of
 * another block means the block read is no longer the chain's.
 */
const nativeTransfers = async (client: ChainClient, fetched: Fetched[]): Promise<TransferLog[]> => {
  const perBlock = await Promise.all(
    fetched.map(async (f) => {
      const block = f.block as BlockWithTransactions;
      const valued = valueTransactions(block);
      if (!valued.length) return [];
      let receipts = f.receipts ?? (await byHash(block.number, client.eth_getBlockReceipts(block.hash)));
      if (!receipts) {
        receipts = await Promise.all(
          valued.map(async (tx) => {
            const r = await client.eth_getTransactionReceipt(tx.hash);
            if (!r || r.blockHash !== block.hash) throw new BlockChangedError(block.number, 'lost a transaction while it was being read');
            return r;
          }),
        );
      }
      const byTx = new Map(receipts.map((r) => [r.transactionHash, r]));
      for (const tx of valued) if (!byTx.has(tx.hash)) throw new BlockChangedError(block.number, 'answered receipts without one of its transactions');
      return nativeTransfersOf(block, (h) => byTx.get(h));
    }),
  );
  return perBlock.flat();
};

/** The last block of [from, to] whose transfers, with all those before it, fit in `maxRows` rows; at least `from`. */
const lastBlockWithin = (transfers: TransferLog[], from: number, to: number, maxRows: number): number => {
  let rows = 0;
  for (const t of transfers) {
    rows += t.tokenIds.length;
    if (rows > maxRows) return Math.max(from, t.blockNumber - 1);
  }
  return to;
};

export const fetchRange = async (client: ChainClient, from: number, requestedTo: number, opts: FetchOptions): Promise<Batch> => {
  const skipped = new Map<string, number>();
  const addresses = opts.addresses ?? null;
  const topic0 = opts.approvals ? [...TOKEN_LOG_TOPICS, ...APPROVAL_TOPICS] : TOKEN_LOG_TOPICS;
  let logs = await tokenLogs(client, from, requestedTo, addresses, topic0);
  let metadataUpdates = takeMetadataUpdates(logs);
  const approvalSkips = new Map<string, number>();
  let approvals = opts.approvals ? takeApprovals(logs, approvalSkips) : [];
  let transfers = decodeLogs(logs, skipped, opts.live);
  const to = opts.maxRows === undefined ? requestedTo : lastBlockWithin(transfers, from, requestedTo, opts.maxRows);
  if (to < requestedTo) {
    // The logs past the cut are read again with the next range; their skipped counts are left for it.
    logs = logs.filter((l) => l.blockNumber <= to);
    metadataUpdates = metadataUpdates.filter((u) => u.blockNumber <= to);
    approvals = approvals.filter((a) => a.blockNumber <= to);
    skipped.clear();
    approvalSkips.clear();
    transfers = decodeLogs(logs, skipped, opts.live);
  }

  // Which blocks to read, and how: with transactions where their data is kept, else the header only.
  const withTxs = new Set<number>();
  const headers = new Set<number>([to]);
  for (const t of transfers) {
    if (opts.allHeaders || t.kind !== 'ERC20') withTxs.add(t.blockNumber);
    else if (t.timestamp < 0) headers.add(t.blockNumber);
  }
  for (const a of approvals) if (a.timestamp < 0 && !withTxs.has(a.blockNumber)) headers.add(a.blockNumber);
  if (opts.allHeaders) for (let n = from; n <= to; n++) headers.add(n);
  for (const n of withTxs) headers.delete(n);
  // The headers stored are those read without native transfers: reading every body for them stores no more blocks.
  const stored = new Set([...headers, ...withTxs]);
  /** Blocks whose transfers' transactions are kept (as without native transfers). */
  const txBlocks = new Set(withTxs);
  if (opts.native) {
    for (let n = from; n <= to; n++) withTxs.add(n);
    headers.clear();
  }

  const fetched: Fetched[] = await Promise.all([
    ...[...withTxs].map(async (n) => {
      const block = await client.eth_getBlockByNumber(n, true);
      if (!block) throw new BlockChangedError(n, 'was not found by its number');
      // A block read only for its native transfers gets receipts only if it has value transactions (nativeTransfers).
      return { block, receipts: opts.receipts && txBlocks.has(n) ? await byHash(n, client.eth_getBlockReceipts(block.hash)) : null };
    }),
    ...[...headers].map(async (n) => {
      const block = await client.eth_getBlockByNumber(n, false);
      if (!block) throw new BlockChangedError(n, 'was not found by its number');
      return { block, receipts: null };
    }),
  ]);

  // Near the head every header is read: check that no block's logs were left out of the answer (missing-logs.ts).
  if (opts.allHeaders) {
    // A block that answered only metadata-change events did answer: it is not searched again.
    const answered = [...logs, ...[...metadataUpdates, ...approvals].map((u) => ({ blockHash: u.blockHash }) as Log)];
    for (const r of await recoverMissingLogs(client, fetched.map((f) => f.block), answered, addresses, topic0)) {
      const i = fetched.findIndex((f) => f.block.hash === r.block);
      const block = await byHash(fetched[i].block.number, client.eth_getBlockByHash(r.block, true));
      if (!block) throw new BlockChangedError(fetched[i].block.number, 'is no longer known by its hash');
      fetched[i] = { block, receipts: r.receipts };
      withTxs.add(block.number);
      txBlocks.add(block.number);
      metadataUpdates.push(...takeMetadataUpdates(r.logs));
      if (opts.approvals) approvals.push(...takeApprovals(r.logs, approvalSkips));
      transfers.push(...decodeLogs(r.logs, skipped, opts.live));
    }
    transfers.sort(inLogOrder);
    approvals.sort(inLogOrder);
  }

  const byNumber = new Map(fetched.map((f) => [f.block.number, f.block]));
  for (const e of [...transfers, ...approvals]) {
    const block = byNumber.get(e.blockNumber);
    // Logs and blocks come from separate calls: if a reorg slipped between them, the hashes disagree.
    if (block && block.hash !== e.blockHash) throw new BlockChangedError(e.blockNumber);
    if (e.timestamp < 0) e.timestamp = block!.timestamp;
  }
  for (const [reason, n] of approvalSkips) skipped.set(reason, (skipped.get(reason) ?? 0) + n);

  // Transactions kept: as without native transfers (a native-only transaction has no row: its transfer says it all).
  const txHashes = new Set(transfers.filter((t) => txBlocks.has(t.blockNumber)).map((t) => t.txHash));
  if (opts.native) {
    transfers.push(...(await nativeTransfers(client, fetched)));
    if (typeof opts.native === 'object') transfers.push(...(await internalTransfers(client, fetched.map((f) => f.block as BlockWithTransactions), opts.native.traces)));
    transfers.sort(inLogOrder);
  }
  const transactions = await transactionRows(client.chainId, fetched, txHashes, opts.receipts, client);
  const blocks = fetched
    .filter((f) => stored.has(f.block.number))
    .map((f) => blockRow(client.chainId, f.block))
    .sort((a, b) => a.number - b.number);
  return { chainId: client.chainId, fromBlock: from, toBlock: to, toHash: byNumber.get(to)!.hash, blocks, transfers, transactions, live: opts.live, skipped, metadataUpdates, ...(opts.approvals ? { approvals } : {}) };
};
