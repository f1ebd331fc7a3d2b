// Validation of GetTokenMetadata(Batch) requests: chain, addresses, token ids and the 50 × 50 limit.
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { type Maybe, requireUint256 } from '../validate';
import { requireAddress } from '../validate';
import type { TokenKey } from './types';

/** Wire notes, Decision 10: at most 50 contracts per batch and 50 tokens per contract. */
export const MAX_CONTRACTS = 50;
export const MAX_TOKENS = 50;

const tokenIdsOf = (field: string, v: unknown): string[] => {
  if (!Array.isArray(v)) throw invalidArgument(field, 'must be an array of token ids');
  if (v.length > MAX_TOKENS) throw invalidArgument(field, `must hold at most ${MAX_TOKENS} token ids (got ${v.length})`);
  return [...new Set(v.map((id, i) => requireUint256(`${field}[${i}]`, id)))];
};

export const tokenKeysOf = (chains: ChainsService, req: { chainId?: Maybe<string>; contractAddress: string; tokenIds: string[] }): TokenKey[] => {
  const chainId = chains.resolve('chainId', req.chainId).chainId;
  const contract = requireAddress('contractAddress', req.contractAddress);
  return tokenIdsOf('tokenIds', req.tokenIds).map((tokenId) => ({ chainId, contract, tokenId }));
};

export type BatchEntry = { contractAddress: string; tokenIds: string[] };

/** One group per contract, in request order; the same contract in two spellings is merged. */
export const batchKeysOf = (
  chains: ChainsService,
  req: { chainId: string; contractTokenMap: BatchEntry[] },
): Array<{ contractAddress: string; keys: TokenKey[] }> => {
  const chainId = chains.resolve('chainId', req.chainId).chainId;
  if (!Array.isArray(req.contractTokenMap)) throw invalidArgument('contractTokenMap', 'must map contract addresses to token id lists');
  const entries = req.contractTokenMap as BatchEntry[];
  if (entries.length > MAX_CONTRACTS) throw invalidArgument('contractTokenMap', `must hold at most ${MAX_CONTRACTS} contracts (got ${entries.length})`);
  const groups = new Map<string, Set<string>>();
  entries.forEach((e, i) => {
    const label = typeof e?.contractAddress === 'string' ? e.contractAddress : String(i);
    const contract = requireAddress(`contractTokenMap.${label}`, e?.contractAddress);
    const ids = tokenIdsOf(`contractTokenMap.${label}`, e?.tokenIds);
    const set = groups.get(contract) ?? new Set<string>();
    ids.forEach((id) => set.add(id));
    if (set.size > MAX_TOKENS) throw invalidArgument(`contractTokenMap.${label}`, `must hold at most ${MAX_TOKENS} token ids`);
    groups.set(contract, set);
  });
  return [...groups].map(([contractAddress, ids]) => ({
    contractAddress,
    keys: [...ids].map((tokenId) => ({ chainId, contract: contractAddress, tokenId })),
  }));
};
