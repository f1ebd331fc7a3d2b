// A token balance read from the contract itself at a given block: the truth that SyncBalance repairs a stored balance with.
import { Interface } from 'ethers';
import { ERC1155_ABI, ERC20_ABI, ERC721_ABI } from './abis';
import { decodeUint } from './abi-decode';
import type { ChainClient } from './client';
import type { TokenStandard } from './contract-type';
import { ChainRequestError } from './errors';
import type { BlockTag, Hex } from './types';

const erc20 = new Interface(ERC20_ABI);
const erc721 = new Interface(ERC721_ABI);
const erc1155 = new Interface(ERC1155_ABI);

export type BalanceStandard = TokenStandard;

/**
 * `balanceOf(account)` (ERC-20), `ownerOf(id) == account ? 1 : 0` (ERC-721: one token's balance) or
 * `balanceOf(account, id)` (ERC-1155), at `block`. An ERC-721 token that does not exist (ownerOf reverts) is held by
 * nobody: 0. Any other revert or a malformed answer is an error: a balance that cannot be read is not zero.
 */
export const readTokenBalance = async (
  client: ChainClient,
  standard: BalanceStandard,
  contract: Hex,
  account: Hex,
  tokenId: bigint | null,
  block: BlockTag,
): Promise<bigint> => {
  if (standard === 'ERC721') {
    let owner: Hex;
    try {
      owner = await client.eth_call({ to: contract, data: erc721.encodeFunctionData('ownerOf', [tokenId ?? 0n]) as Hex }, block);
    } catch (err) {
      if (err instanceof ChainRequestError) return 0n;
      throw err;
    }
    const word = decodeUint(owner);
    if (word === null) throw new Error(`ownerOf of ${contract} answered ${owner}`);
    return `0x${word.toString(16).padStart(40, '0')}` === account.toLowerCase() ? 1n : 0n;
  }
  const data =
    standard === 'ERC20' ? erc20.encodeFunctionData('balanceOf', [account]) : erc1155.encodeFunctionData('balanceOf', [account, tokenId ?? 0n]);
  const answer = await client.eth_call({ to: contract, data: data as Hex }, block);
  const value = decodeUint(answer);
  if (value === null) throw new Error(`balanceOf of ${contract} answered ${answer}`);
  return value;
};
