// Balances stay exact: a random sample of Strata's balances compared with the chain's own answer (`balanceOf`,
// `ownerOf` for ERC-721 token ids), read at the block Strata indexed through.
import type { Db } from '../../../src/db';
import { dialectOf, readQuery, toBytes } from '../../../src/db';

export type TokenContracts = { erc20: string[]; erc721: string[]; erc1155: string[] };
export type Mismatch = { contract: string; account: string; tokenId: string; strata: string; chain: string };

const word = (hex: string) => hex.replace(/^0x/, '').padStart(64, '0');
const uint = (dec: string) => BigInt(dec).toString(16).padStart(64, '0');

const callsFor = (kind: keyof TokenContracts, r: { contract: string; account: string; token_id: string }) => {
  if (kind === 'erc20') return `0x70a08231${word(r.account)}`;
  if (kind === 'erc721') return `0x6352211e${uint(r.token_id)}`;
  return `0x00fdd58e${word(r.account)}${uint(r.token_id)}`;
};

/** What the chain says the sampled row's balance is (ERC-721: 1 when the account owns the id, else 0). */
const chainBalance = (kind: keyof TokenContracts, account: string, result: string): string => {
  if (kind === 'erc721') return BigInt(result) === BigInt(account) ? '1' : '0';
  return BigInt(result).toString();
};

export const checkBalanceSample = async (
  db: Db,
  rpcUrl: string,
  chainId: number,
  block: number,
  contracts: TokenContracts,
  size = 1_000,
): Promise<{ checked: Record<keyof TokenContracts, number>; mismatches: Mismatch[] }> => {
  const random = dialectOf(db) === 'mysql' ? 'RAND()' : 'RANDOM()';
  const share: Record<keyof TokenContracts, number> = { erc20: Math.round(size / 2), erc721: Math.round(size / 4), erc1155: size - Math.round(size / 2) - Math.round(size / 4) };
  const checked = { erc20: 0, erc721: 0, erc1155: 0 };
  const mismatches: Mismatch[] = [];
  for (const kind of Object.keys(share) as Array<keyof TokenContracts>) {
    const list = contracts[kind];
    const rows = (await readQuery(
      db,
      `SELECT contract, account, token_id, balance FROM token_balances WHERE chain_id = ? AND contract IN (${list.map(() => '?').join(', ')}) ORDER BY ${random} LIMIT ${share[kind]}`,
      [chainId, ...list.map(toBytes)],
    )) as Array<{ contract: string; account: string; token_id: string; balance: string }>;
    for (let i = 0; i < rows.length; i += 100) {
      const part = rows.slice(i, i + 100);
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(part.map((r, id) => ({ jsonrpc: '2.0', id, method: 'eth_call', params: [{ to: r.contract, data: callsFor(kind, r) }, `0x${block.toString(16)}`] }))),
      });
      const replies = ((await res.json()) as Array<{ id: number; result?: string; error?: { message: string } }>).sort((a, b) => a.id - b.id);
      part.forEach((r, j) => {
        const reply = replies[j];
        if (!reply.result) throw new Error(`eth_call ${r.contract}: ${reply.error?.message ?? 'no result'}`);
        const chain = chainBalance(kind, r.account, reply.result);
        if (chain !== String(r.balance)) mismatches.push({ contract: r.contract, account: r.account, tokenId: r.token_id, strata: String(r.balance), chain });
      });
      checked[kind] += part.length;
    }
  }
  return { checked, mismatches };
};
