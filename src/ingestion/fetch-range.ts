// Reads one block range from the node: transfer logs (decoded), the blocks that hold them, and their transactions.
import { TRANSFER_TOPICS, decodeTransferLog, isSkipped, type ChainClient, type Log } from '../chain';
import type { BlockRow, ChainTransactionRow } from '../db';
import type { Batch, TransferLog } from './types';

const ZERO_HASH = `0x${'0'.repeat(64)}`;

export type FetchOptions = {
  /** Fetch every block header (head following) rather than only blocks holding transfers (backfill). */
  allHeaders: boolean;
  /** Fetch receipts (gas, status, logs) for transactions with transfers. */
  receipts: boolean;
  live: boolean;
};

/** Decodes logs; malformed ones are counted by reason. */
export const decodeLogs = (logs: Log[], skipped: Map<string, number>): TransferLog[] => {
  const out: TransferLog[] = [];
  for (const log of logs) {
    if (log.removed) continue;
    const d = decodeTransferLog(log);
    if (isSkipped(d)) {
      skipped.set(d.skipped, (skipped.get(d.skipped) ?? 0) + 1);
      continue;
    }
    out.push({
      topics: log.topics,
      data: log.data,
      logIndex: log.logIndex,
      blockNumber: log.blockNumber,
      blockHash: log.blockHash,
      txHash: log.transactionHash,
      txIndex: log.transactionIndex,
      contract: d.contract,
      kind: d.kind,
      from: d.from,
      to: d.to,
      operator: d.operator ?? null,
      tokenIds: d.tokenIds,
      amounts: d.amounts,
    });
  }
  return out;
};

export class BlockChangedError extends Error {
  constructor(readonly blockNumber: number) {
    super(`block ${blockNumber} changed while it was being read (reorg in progress)`);
  }
}

export const fetchRange = async (client: ChainClient, from: number, to: number, opts: FetchOptions): Promise<Batch> => {
  const skipped = new Map<string, number>();
  const logs = await client.eth_getLogs({ fromBlock: from, toBlock: to, topics: [TRANSFER_TOPICS] });
  const transfers = decodeLogs(logs, skipped);

  const wanted = new Set<number>(transfers.map((t) => t.blockNumber));
  wanted.add(to);
  if (opts.allHeaders) for (let n = from; n <= to; n++) wanted.add(n);
  const numbers = [...wanted].sort((a, b) => a - b);
  const txBlocks = new Set(transfers.map((t) => t.blockNumber));

  const fetched = await Promise.all(
    numbers.map(async (n) => {
      const withTxs = txBlocks.has(n);
      const block = withTxs ? await client.eth_getBlockByNumber(n, true) : await client.eth_getBlockByNumber(n, false);
      if (!block) throw new BlockChangedError(n);
      const receipts = withTxs && opts.receipts ? await client.eth_getBlockReceipts(block.hash) : null;
      return { block, receipts };
    }),
  );

  const byNumber = new Map(fetched.map((f) => [f.block.number, f]));
  // Logs and blocks come from separate calls: if a reorg slipped between them, the hashes disagree.
  for (const t of transfers) {
    if (byNumber.get(t.blockNumber)?.block.hash !== t.blockHash) throw new BlockChangedError(t.blockNumber);
  }

  const blocks: BlockRow[] = fetched.map(({ block }) => ({
    chainId: client.chainId,
    number: block.number,
    hash: block.hash,
    parentHash: block.parentHash ?? ZERO_HASH,
    timestamp: block.timestamp,
  }));

  const txHashes = new Set(transfers.map((t) => t.txHash));
  const transactions: ChainTransactionRow[] = [];
  for (const { block, receipts } of fetched) {
    if (!txBlocks.has(block.number)) continue;
    const receiptOf = new Map((receipts ?? []).map((r) => [r.transactionHash, r]));
    for (const tx of block.transactions as Array<Exclude<(typeof block.transactions)[number], string>>) {
      if (typeof tx === 'string' || !txHashes.has(tx.hash)) continue;
      let receipt = receiptOf.get(tx.hash) ?? null;
      if (opts.receipts && !receipt) receipt = await client.eth_getTransactionReceipt(tx.hash);
      transactions.push({
        chainId: client.chainId,
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
        effectiveGasPrice: receipt?.effectiveGasPrice != null ? receipt.effectiveGasPrice.toString() : (tx.gasPrice ?? 0n).toString(),
        txType: tx.type,
        timestamp: block.timestamp,
        reorged: false,
        logsJson: receipt
          ? JSON.stringify(receipt.logs.map((l) => ({ contractAddress: l.address, topics: l.topics, data: l.data, index: l.logIndex })))
          : null,
      });
    }
  }

  const last = byNumber.get(to)!.block;
  return { chainId: client.chainId, fromBlock: from, toBlock: to, toHash: last.hash, blocks: opts.allHeaders ? blocks : blocks.filter((b) => txBlocks.has(b.number) || b.number === to), transfers, transactions, live: opts.live, skipped };
};
