// What the chain-scale benchmark chain holds: contracts per standard, event budgets, and the shape of its blocks.
// Everything is drawn from one seed (tests/helpers/random.ts), so a rebuild mines the same transactions in the same blocks.
import type { Random } from '../../helpers/random';

export const SEED = 0x5ca1e;

/** Contracts per kind, at scale 1. */
export const CONTRACTS = { erc20: 1_700, erc721: 240, erc1155: 80, lookalike: 20, revertingBalanceOf: 10 } as const;

/** Logs per operation, at scale 1. ERC-1155 batches carry 1–200 ids each (about 100 on average). */
export const BUDGET = {
  erc20: 850_000,
  erc721Mint: 70_000,
  erc721Move: 45_000,
  erc721Burn: 8_000,
  erc1155Single: 50_000,
  erc1155Batch: 2_500,
  lookalike: 15_000,
  revertingBalanceOf: 15_000,
} as const;
export type Operation = keyof typeof BUDGET;

/**
 * Operations are drawn in proportion to what is left of each budget, so every stretch of the chain has the same mix. The
 * batch budget counts transactions while the others count logs: an ordinary transaction emits about 13.5 of them
 * (`eventsPerTx`), and heavy blocks draw only the others, so a batch weighs 16. Weighed 1, the batches were drawn 16 times
 * too rarely and piled up at the end: the last tenth of the chain's logs carried 3.0 transfer rows per log against
 * 1.0-1.1 in the others (now 1.2-1.3 in every tenth), a third of the pace before any table had grown.
 */
export const DRAW_WEIGHT: Partial<Record<Operation, number>> = { erc1155Batch: 16 };

export const DECIMALS = [18, 18, 18, 18, 6, 6, 8, 0, 2, 9, 12];

/** Accounts are drawn from a hot set or the long tail (ERC-20), and from smaller sets for NFTs. */
export const POOLS = { erc20Hot: 2_000, erc20Tail: 200_000, erc721: 50_000, erc1155: 2_000, erc1155Ids: 1_000 } as const;

/**
 * Chances per block: a stretch of empty blocks, a block of 5,000+ events; otherwise `txs` ordinary transactions (about
 * 500 events, mainnet's order of magnitude of token logs per block). anvil's cost per block grows with the state
 * (about 25 ms per block at 1 % of this chain's state), so the chain is fewer, fuller blocks rather than many sparse ones.
 */
export const BLOCKS = { emptyStretch: 0.005, emptyMin: 20, emptyMax: 200, heavy: 0.015, heavyTxs: [5, 8], heavyTxEvents: 1_000, txs: [20, 60] } as const;

/** Draws indexes 0..n-1 with Zipf weights (a few contracts busy, a long tail nearly idle), ranks shuffled. */
export const zipf = (rng: Random, n: number, s = 1.1): (() => number) => {
  const order = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [order[i], order[j]] = [order[j], order[i]];
  }
  const cumulative: number[] = [];
  let total = 0;
  for (let k = 0; k < n; k++) cumulative.push((total += 1 / (k + 1) ** s));
  return () => {
    const x = rng.next() * total;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return order[lo];
  };
};

/** Events per ordinary transaction: mostly a few, sometimes dozens. */
export const eventsPerTx = (rng: Random): number => (rng.chance(0.7) ? rng.int(1, 8) : rng.int(9, 60));
