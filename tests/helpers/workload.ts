// Random but plausible token activity for ingestion tests: mints, transfers (single and batch) and burns of all
// three standards among dev accounts and receive-only holders, as blocks of transactions for mineBlocks.
import { getAddress } from 'ethers';
import type { Tokens } from './chain-fixtures';
import { batchTransferTx, burnTx, callTx, mintTx, transferTx, type TxRequest } from './chain-kit';
import type { Random } from './random';

export type Workload = {
  /** Blocks of transactions; the first call also funds every sender. */
  blocks(count: number, txsPerBlock: number): TxRequest[][];
};

const IDS_1155 = [1n, 2n, 3n, 4n, 5n];

/**
 * `senders` must be unlocked on the node (anvil dev accounts). Spending is planned against balances as they were at
 * the start of each block, so transactions of one block never depend on each other's order and almost never revert.
 */
export const createWorkload = (tokens: Tokens, senders: string[], random: Random, receiveOnly = 12): Workload => {
  const randomAddress = () => getAddress(`0x${Array.from({ length: 40 }, () => random.int(0, 15).toString(16)).join('')}`);
  const holders = [...senders, ...Array.from({ length: receiveOnly }, randomAddress)];
  const isSender = new Set(senders);
  const erc20 = new Map<string, bigint>();
  const erc1155 = new Map<string, bigint>();
  const owner = new Map<bigint, string>();
  let nextNft = 1n;
  let funded = false;

  const credit = (m: Map<string, bigint>, k: string, v: bigint) => m.set(k, (m.get(k) ?? 0n) + v);

  const one = (later: Array<() => void>, spent: Set<string>): TxRequest => {
    const from = random.pick(senders);
    const to = random.pick(holders);
    const gas = random.pick(senders);
    const id = random.pick(IDS_1155);
    const key = `${from}|${id}`;
    const avail1155 = spent.has(key) ? 0n : (erc1155.get(key) ?? 0n);
    const avail20 = spent.has(from) ? 0n : (erc20.get(from) ?? 0n);
    switch (random.int(0, 9)) {
      case 0:
      case 1:
        if (avail20 > 0n) {
          const amount = BigInt(random.int(1, 1_000_000)) % avail20 || 1n;
          spent.add(from);
          credit(erc20, from, -amount);
          later.push(() => credit(erc20, to, amount));
          return transferTx(tokens, 'erc20', from, to, { amount });
        }
        break;
      case 2:
        if (avail20 > 0n) {
          spent.add(from);
          const amount = avail20 / BigInt(random.int(2, 50));
          credit(erc20, from, -amount);
          return burnTx(tokens, 'erc20', from, from, { amount });
        }
        break;
      case 3: {
        const nft = nextNft++;
        spent.add(`nft${nft}`);
        later.push(() => owner.set(nft, to));
        return mintTx(tokens, 'erc721', gas, to, { tokenId: nft });
      }
      case 4:
      case 5: {
        const nfts = [...owner].filter(([nft, o]) => isSender.has(o) && !spent.has(`nft${nft}`));
        if (nfts.length) {
          const [nft, o] = random.pick(nfts);
          spent.add(`nft${nft}`);
          if (random.chance(0.25)) {
            owner.delete(nft);
            return burnTx(tokens, 'erc721', o, o, { tokenId: nft });
          }
          later.push(() => owner.set(nft, to));
          return transferTx(tokens, 'erc721', o, to, { tokenId: nft });
        }
        break;
      }
      case 6:
        if (avail1155 > 0n) {
          const amount = BigInt(random.int(1, Number(avail1155 > 100n ? 100n : avail1155)));
          spent.add(key);
          credit(erc1155, key, -amount);
          if (random.chance(0.3)) return burnTx(tokens, 'erc1155', gas, from, { tokenId: id, amount });
          later.push(() => credit(erc1155, `${to}|${id}`, amount));
          return transferTx(tokens, 'erc1155', from, to, { tokenId: id, amount });
        }
        break;
      case 7: {
        const ids = IDS_1155.filter((i) => !spent.has(`${from}|${i}`) && (erc1155.get(`${from}|${i}`) ?? 0n) >= 2n).slice(0, random.int(2, 3));
        if (ids.length >= 2) {
          const amounts = ids.map((i) => (erc1155.get(`${from}|${i}`) ?? 0n) / 2n);
          ids.forEach((i, n) => {
            spent.add(`${from}|${i}`);
            credit(erc1155, `${from}|${i}`, -amounts[n]);
            later.push(() => credit(erc1155, `${to}|${i}`, amounts[n]));
          });
          return batchTransferTx(tokens, from, to, ids, amounts);
        }
        break;
      }
      default:
        break;
    }
    const amounts = IDS_1155.map(() => BigInt(random.int(1, 50)));
    later.push(() => IDS_1155.forEach((i, n) => credit(erc1155, `${to}|${i}`, amounts[n])));
    return callTx(tokens.erc1155, 'mintBatch', [to, IDS_1155, amounts], gas);
  };

  return {
    blocks(count, txsPerBlock) {
      const out: TxRequest[][] = [];
      if (!funded) {
        funded = true;
        out.push(
          senders.flatMap((s) => [
            mintTx(tokens, 'erc20', s, s, { amount: 10n ** 24n }),
            callTx(tokens.erc1155, 'mintBatch', [s, IDS_1155, IDS_1155.map(() => 1_000n)], s),
          ]),
        );
        for (const s of senders) {
          erc20.set(s, 10n ** 24n);
          for (const i of IDS_1155) erc1155.set(`${s}|${i}`, 1_000n);
        }
      }
      while (out.length < count) {
        const later: Array<() => void> = [];
        const spent = new Set<string>();
        out.push(Array.from({ length: txsPerBlock }, () => one(later, spent)));
        for (const f of later) f();
      }
      return out;
    },
  };
};
