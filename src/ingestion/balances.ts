// Balance arithmetic of a batch: per-block net deltas and the balance after each block, in bigint.
import type { BalanceChangeRow, BalanceRow } from '../db';
import type { TransferLog } from './types';
import { inLogOrder } from './log-order';

const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

export type BalanceKey = string;
export const balanceKey = (contract: string, account: string, tokenId: string): BalanceKey => `${contract}|${account}|${tokenId}`;
export const splitKey = (key: BalanceKey) => {
  const [contract, account, tokenId] = key.split('|');
  return { contract, account, tokenId };
};

/** ERC-20 balances have no token id; stored as ''. */
export const tokenIdOf = (kind: TransferLog['kind'], id: bigint) => (kind === 'ERC20' ? '' : id.toString());

/**
 * Every (contract, account, token id) a batch touches; the zero address (mints, burns) is not tracked, nor are native
 * transfers: gas moves native coin without one, so native balances are the node's (domain/indexer/native-balances.ts).
 */
export const touchedKeys = (transfers: TransferLog[]): BalanceKey[] => {
  const keys = new Set<BalanceKey>();
  for (const t of transfers) {
    if (t.kind === 'NATIVE') continue;
    t.tokenIds.forEach((id) => {
      const tokenId = tokenIdOf(t.kind, id);
      if (t.from !== ZERO_ADDRESS) keys.add(balanceKey(t.contract, t.from, tokenId));
      if (t.to !== ZERO_ADDRESS) keys.add(balanceKey(t.contract, t.to, tokenId));
    });
  }
  return [...keys];
};

export type BalanceResult = { changes: BalanceChangeRow[]; balances: BalanceRow[] };

/** The balance row as it stands after the block of a change. */
export const balanceRowOf = (c: BalanceChangeRow): BalanceRow => ({
  chainId: c.chainId,
  contract: c.contract,
  account: c.account,
  tokenId: c.tokenId,
  balance: c.balance,
  blockNumber: c.blockNumber,
  blockHash: c.blockHash,
});

/**
 * Applies transfers in (block, log index) order to the balances before the batch.
 * `before` maps keys to their stored balance (absent = 0).
 */
export const computeBalances = (
  chainId: number,
  transfers: TransferLog[],
  before: Map<BalanceKey, bigint>,
): BalanceResult => {
  const current = new Map(before);
  const changes: BalanceChangeRow[] = [];
  const latest = new Map<BalanceKey, BalanceRow>();
  const sorted = [...transfers].sort(inLogOrder);

  let i = 0;
  while (i < sorted.length) {
    const { blockNumber, blockHash } = sorted[i];
    // Keyed by the balance key, holding the transfer's own strings: the rows share them instead of re-splitting keys.
    const deltas = new Map<BalanceKey, { contract: string; account: string; tokenId: string; delta: bigint }>();
    const add = (contract: string, account: string, tokenId: string, amount: bigint) => {
      const k = balanceKey(contract, account, tokenId);
      const d = deltas.get(k);
      if (d) d.delta += amount;
      else deltas.set(k, { contract, account, tokenId, delta: amount });
    };
    for (; i < sorted.length && sorted[i].blockNumber === blockNumber; i++) {
      const t = sorted[i];
      if (t.kind === 'NATIVE') continue;
      t.tokenIds.forEach((id, j) => {
        const tokenId = tokenIdOf(t.kind, id);
        const amount = t.amounts[j];
        if (t.from !== ZERO_ADDRESS) add(t.contract, t.from, tokenId, -amount);
        if (t.to !== ZERO_ADDRESS) add(t.contract, t.to, tokenId, amount);
      });
    }
    for (const [key, { contract, account, tokenId, delta }] of deltas) {
      // A self-transfer nets to zero; it still counts as activity, so the change row is kept.
      const balance = (current.get(key) ?? 0n) + delta;
      current.set(key, balance);
      const change = { chainId, contract, blockNumber, account, tokenId, blockHash, delta: delta.toString(), balance: balance.toString() };
      changes.push(change);
      latest.set(key, balanceRowOf(change));
    }
  }
  return { changes, balances: [...latest.values()] };
};
