// Logs an eth_getLogs answer left out. Providers answer a range they have not finished indexing with an empty list,
// and a request served by another endpoint than the headers' may come from a node on another branch: either way a
// block whose header says (by its logs bloom) that it may hold token logs came back without any. Its receipts, asked
// by the block hash we build on, are the authority: their token logs are taken instead. A bloom false positive costs
// one receipts request.
import { BlockChangedError, byHash } from './block-changed';
import { METADATA_UPDATE_TOPICS, TRANSFER_TOPICS, bloomMayMatch, type Block, type BlockWithTransactions, type ChainClient, type Hex, type Log, type Receipt, uniqueLogs } from '../chain';

/** Topic0 values ingestion reads: transfers, and the events that say token metadata changed. */
export const TOKEN_LOG_TOPICS: Hex[] = [...TRANSFER_TOPICS, ...METADATA_UPDATE_TOPICS];

export type Recovered = { block: Hex; logs: Log[]; receipts: Receipt[] };

/** The block's receipts by hash; per transaction when the node lacks eth_getBlockReceipts. */
const receiptsOf = async (client: ChainClient, block: Block | BlockWithTransactions): Promise<Receipt[]> => {
  const all = await byHash(block.number, client.eth_getBlockReceipts(block.hash));
  if (all) return all;
  const hashes = block.transactions.map((t) => (typeof t === 'string' ? t : t.hash));
  const receipts = await Promise.all(hashes.map((h) => client.eth_getTransactionReceipt(h)));
  // A transaction of the block that is unknown now or mined elsewhere: the block is no longer the chain's, and taking
  // the receipts that are left would read it as holding fewer logs than it did.
  if (receipts.some((r) => !r || r.blockHash !== block.hash)) throw new BlockChangedError(block.number, 'lost a transaction while it was being read');
  return receipts as Receipt[];
};

/**
 * For each block of `blocks` that has no log in `logs` but whose bloom may hold a token log (of `addresses`, when the
 * range was filtered), the token logs its receipts hold. Blocks whose receipts hold none are not returned.
 */
export const recoverMissingLogs = async (
  client: ChainClient,
  blocks: Array<Block | BlockWithTransactions>,
  logs: Log[],
  addresses: readonly Hex[] | null,
  /** The topic0 values the range was read with (approvals add theirs, fetch-range.ts). */
  topics: readonly Hex[] = TOKEN_LOG_TOPICS,
): Promise<Recovered[]> => {
  const answered = new Set(logs.map((l) => l.blockHash));
  const suspects = blocks.filter((b) => b.logsBloom && b.transactions.length > 0 && !answered.has(b.hash) && bloomMayMatch(b.logsBloom, topics as Hex[], addresses));
  const wanted = addresses && new Set(addresses);
  const found = await Promise.all(
    suspects.map(async (block): Promise<Recovered> => {
      const receipts = await receiptsOf(client, block);
      // Receipts hold each log once, but the node that answered may repeat one as eth_getLogs answers do (unique-logs.ts).
      const logs = uniqueLogs('eth_getBlockReceipts', receipts.flatMap((r) => r.logs))
        .filter((l) => l.blockHash === block.hash && topics.includes(l.topics[0]) && (!wanted || wanted.has(l.address)));
      return { block: block.hash, logs, receipts };
    }),
  );
  return found.filter((f) => f.logs.length > 0);
};
