// Internal transfers as the tests check them against the chain, trusting no trace: each account's eth_getBalance
// moved by what the stored NATIVE rows say it received less what they say it sent, less the fees of its transactions.
import type { Anvil } from './anvil';
import { balanceAt, feesPaid, netOf, type NativeItem } from './native-ledger';

/**
 * For each account, its eth_getBalance delta over [from, to] against the stored rows' net less its fees: equal for
 * every account when no transfer is missing, wrong or extra. Returns the accounts that disagree (empty when all agree).
 */
export const balanceMismatches = async (anvil: Anvil, rows: NativeItem[], accounts: string[], from: number, to: number) => {
  const out: Array<{ account: string; chain: string; stored: string }> = [];
  for (const account of accounts) {
    const delta = (await balanceAt(anvil, account, to)) - (await balanceAt(anvil, account, from - 1));
    const stored = netOf(rows, account) - (await feesPaid(anvil, account, from, to));
    if (stored !== delta) out.push({ account, chain: String(delta), stored: String(stored) });
  }
  return out;
};
