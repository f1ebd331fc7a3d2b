// The signal that a range's blocks changed while they were being read: a block lookup answered nothing, a block hash
// stopped existing, a receipt or log belongs to another block than the header read. The round is not applied and the
// next one reads the settled chain (a reorg there is found by the parent-hash check and rolled back).
import { ChainRequestError, LogRangeTooLargeError, RetryableChainError } from '../chain';

export class BlockChangedError extends Error {
  constructor(
    readonly blockNumber: number,
    why = 'changed while it was being read (reorg in progress)',
  ) {
    super(`block ${blockNumber} ${why}`);
  }
}

/**
 * A request by block hash: a node's refusal of it (such as "block not found" for a hash reorged away) is the chain
 * moving, not a fault to retry as it is; transient failures stay what they are.
 */
export const byHash = <T>(blockNumber: number, request: Promise<T>): Promise<T> =>
  request.catch((err: unknown) => {
    if (err instanceof ChainRequestError && !(err instanceof LogRangeTooLargeError) && !(err instanceof RetryableChainError)) {
      throw new BlockChangedError(blockNumber, `is no longer known by its hash (${err.nodeMessage})`);
    }
    throw err;
  });
