// What a market transaction event is, as one pure function: ingestion stores its result, the README states it.
import type { ChainTransactionRow, MarketEventRow, TransferRow } from '../../db';
import { dayOfTimestamp } from './periods';

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

type TransferFacts = Pick<
  TransferRow,
  'chainId' | 'blockNumber' | 'logIndex' | 'batchIndex' | 'blockHash' | 'txHash' | 'contract' | 'contractType' | 'from' | 'to' | 'tokenId' | 'amount' | 'timestamp'
>;
type TransactionFacts = Pick<ChainTransactionRow, 'chainId' | 'txHash' | 'blockHash' | 'value' | 'reorged'>;

// Amounts and values are canonical decimal strings (no leading zeros), so '0' is the only zero.
const positive = (decimal: string) => decimal !== '0' && decimal !== '';
const betweenHolders = (t: Pick<TransferRow, 'from' | 'to'>) => t.from !== ZERO_ADDRESS && t.to !== ZERO_ADDRESS;
const txKey = (x: { chainId: number; txHash: string; blockHash: string }) => `${x.chainId}:${x.txHash}:${x.blockHash}`;

/**
 * The market transaction events among `transfers`, given the transactions that carry them (all
 * rows of whole blocks, as one ingestion batch has them):
 *
 * - an ERC-721 or ERC-1155 token movement (one ERC-1155 batch item = one movement) of a non-zero
 *   amount between two non-zero addresses (mints and burns are not sales),
 * - in a transaction that pays: it carries native value > 0, or it moves a non-zero amount of an
 *   ERC-20 token between two non-zero addresses,
 * - in a transaction that is not reorged (ingestion deletes the transfers of orphaned blocks and
 *   their events with them).
 *
 * The migration's SQL backfill (migrations/1763798400000-market-analytics.ts) states the same rule.
 */
export const marketEventsOf = (transfers: readonly TransferFacts[], transactions: readonly TransactionFacts[]): MarketEventRow[] => {
  const paying = new Set<string>();
  for (const tx of transactions) if (!tx.reorged && positive(tx.value)) paying.add(txKey(tx));
  for (const t of transfers) if (t.contractType === 'ERC20' && positive(t.amount) && betweenHolders(t)) paying.add(txKey(t));
  return transfers
    // Collectibles only: a native transfer is the payment (the transaction's value), never the sale; ERC-6909 ids are
    // as often fungible claims (a DEX's internal balances) as items, so they are not sales either, as the rule says.
    .filter((t) => (t.contractType === 'ERC721' || t.contractType === 'ERC1155') && positive(t.amount) && betweenHolders(t) && paying.has(txKey(t)))
    .map((t) => ({
      chainId: t.chainId,
      blockNumber: t.blockNumber,
      logIndex: t.logIndex,
      batchIndex: t.batchIndex,
      contract: t.contract,
      tokenId: t.tokenId,
      day: dayOfTimestamp(t.timestamp),
    }));
};
