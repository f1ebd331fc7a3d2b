// ERC-20 allowances read from the contracts at one block: the truth a stored allowance is corrected with after a
// transferFrom lowered it without an event (OpenZeppelin 5 emits no Approval there).
import { Interface } from 'ethers';
import { ERC20_ABI } from './abis';
import { decodeUint } from './abi-decode';
import type { ChainClient } from './client';
import { ChainRequestError } from './errors';
import type { Hex } from './types';

const erc20 = new Interface(ERC20_ABI);

export type AllowanceKey = { contract: Hex; owner: Hex; spender: Hex };

/** Calls in flight at once: the client's endpoint pool limits requests too, this keeps one batch from queueing thousands. */
const CALLS_AT_ONCE = 32;
const ALLOWANCE_GAS = 200_000n;

/**
 * `allowance(owner, spender)` of each key at `block`, in the keys' order (no Multicall3: it is not on every chain, and
 * anvil has none by default; the calls go out CALLS_AT_ONCE at a time through the endpoint pool). null where the
 * contract or the node refuses (a revert, an answer that is no uint256, state the node no longer holds): the caller
 * keeps what the events said. Node trouble that a retry may cure (RetryableChainError) propagates.
 */
export const readAllowances = async (client: ChainClient, keys: readonly AllowanceKey[], block: number): Promise<Array<bigint | null>> => {
  const out: Array<bigint | null> = new Array(keys.length).fill(null);
  for (let i = 0; i < keys.length; i += CALLS_AT_ONCE) {
    await Promise.all(
      keys.slice(i, i + CALLS_AT_ONCE).map(async (k, j) => {
        const data = erc20.encodeFunctionData('allowance', [k.owner, k.spender]) as Hex;
        try {
          out[i + j] = decodeUint(await client.eth_call({ to: k.contract, data, gas: ALLOWANCE_GAS }, block));
        } catch (err) {
          if (!(err instanceof ChainRequestError)) throw err;
        }
      }),
    );
  }
  return out;
};
