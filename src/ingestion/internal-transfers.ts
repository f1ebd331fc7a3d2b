// Reads the internal transfers of a range's blocks from their traces (chain/internal-transfers.ts), when the chain's
// node serves them: CHAINS `traces` decides what a node without them means.
import { internalTransfersOf, movementsOf, tracesMismatch, type BlockWithTransactions, type ChainClient } from '../chain';
import { BlockChangedError } from './block-changed';
import type { TransferLog } from './types';
import { inLogOrder } from './log-order';

/**
 * Which native transfers a range reads: none, the top-level ones (`true`), or internal ones too (`traces`): 'auto'
 * leaves them out where no endpoint serves traces (the chain's status says so), 'on' fails the range instead.
 */
export type Native = boolean | { traces: 'auto' | 'on' };

export class TracesUnavailableError extends Error {
  override readonly name = 'TracesUnavailableError';
}

/** Internal transfers of `blocks` (read with their transactions), in block order; a block without transactions has none. */
export const internalTransfers = async (client: ChainClient, blocks: BlockWithTransactions[], mode: 'auto' | 'on'): Promise<TransferLog[]> => {
  const perBlock = await Promise.all(
    blocks
      .filter((b) => b.transactions.length > 0)
      .map(async (block) => {
        const traces = await client.traceBlock(block.number);
        if (!traces) {
          if (mode === 'on') {
            throw new TracesUnavailableError(
              `chain ${client.chainId}: no endpoint serves debug_traceBlockByNumber or trace_block, and CHAINS traces is "on"; ingestion waits for one (or set traces to "auto" or "off")`,
            );
          }
          return [];
        }
        // Traces are asked by number: a reorg between the block's read and theirs shows as another block's traces.
        const mismatch = tracesMismatch(block, traces);
        if (mismatch) throw new BlockChangedError(block.number, mismatch);
        return internalTransfersOf(block, movementsOf(block, traces));
      }),
  );
  return perBlock.flat().sort(inLogOrder);
};
