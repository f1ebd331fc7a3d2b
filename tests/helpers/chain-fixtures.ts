// Shared chain fixtures for ingestion-backed tests: deployed test tokens and on-chain balance reads.
import type { Contract } from 'ethers';
import type { Anvil } from './anvil';
import { devWallet } from './anvil';
import { deployContract } from './solidity';
import type { App } from '../../src/main/app';
import { BalanceEntity, ChainCheckpointEntity } from '../../src/db';
import { PATIENCE_MS } from './patience';

export const MAX_UINT256 = (1n << 256n) - 1n;

export type Tokens = { erc20: Contract; erc721: Contract; erc1155: Contract };

export const deployTokens = async (anvil: Anvil): Promise<Tokens> => {
  const owner = devWallet(anvil, 0);
  return {
    erc20: await deployContract(owner, 'TestERC20.sol', 'TestERC20', ['Gold', 'GLD', 18]),
    erc721: await deployContract(owner, 'TestERC721.sol', 'TestERC721', ['Apes', 'APE']),
    erc1155: await deployContract(owner, 'TestERC1155.sol', 'TestERC1155', ['ipfs://items/{id}.json']),
  };
};

export const sendAndWait = async (p: Promise<{ wait(): Promise<unknown> }>) => (await p).wait();

/** Waits until ingestion has committed the node's current head. */
export const waitForIndexed = async (app: App, anvil: Anvil, timeoutMs = PATIENCE_MS): Promise<number> => {
  const target = Number(await anvil.rpc<string>('eth_blockNumber'));
  const started = Date.now();
  for (;;) {
    const cp = await app.db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: anvil.chainId });
    if (cp && cp.indexedBlock >= target) return target;
    if (Date.now() - started > timeoutMs) throw new Error(`ingestion did not reach block ${target} in ${timeoutMs} ms (at ${cp?.indexedBlock})`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

/** The indexed balance (0 when absent), as a bigint. */
export const indexedBalance = async (app: App, chainId: number, contract: string, account: string, tokenId: string) => {
  const row = await app.db
    .getRepository(BalanceEntity)
    .findOneBy({ chainId, contract: contract.toLowerCase(), account: account.toLowerCase(), tokenId });
  return row ? BigInt(row.balance) : 0n;
};

/** The on-chain balance of the same key. */
export const chainBalance = async (tokens: Tokens, kind: keyof Tokens, account: string, tokenId: string): Promise<bigint> => {
  if (kind === 'erc20') return tokens.erc20.balanceOf(account);
  if (kind === 'erc1155') return tokens.erc1155.balanceOf(account, BigInt(tokenId));
  try {
    return (await tokens.erc721.ownerOf(BigInt(tokenId))).toLowerCase() === account.toLowerCase() ? 1n : 0n;
  } catch {
    return 0n; // burnt or never minted
  }
};
