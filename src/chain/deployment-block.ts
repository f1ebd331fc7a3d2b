// The block a contract was deployed in, found by binary search on eth_getCode (needs a node that keeps history).
import type { ChainClient } from './client';
import type { Hex } from './types';

export class NoContractError extends Error {
  override readonly name = 'NoContractError';
}

/**
 * The first block at which `address` holds code, searching [0, head]. About log2(head) calls. A contract that
 * self-destructed and was deployed again is found at its latest deployment's first block of the current stretch only
 * if no code gap precedes it; give a start block for such contracts.
 */
export const findDeploymentBlock = async (client: ChainClient, address: Hex, head: number): Promise<number> => {
  const hasCode = async (block: number) => (await client.eth_getCode(address, block)) !== '0x';
  if (!(await hasCode(head))) throw new NoContractError(`no contract code at ${address} on chain ${client.chainId} (block ${head})`);
  let low = 0;
  let high = head;
  while (low < high) {
    const mid = low + Math.floor((high - low) / 2);
    if (await hasCode(mid)) high = mid;
    else low = mid + 1;
  }
  return low;
};
