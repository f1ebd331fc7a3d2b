// Before a batch is written: the ERC-20 allowances its transfers may have spent, read from the contracts. A
// transferFrom lowers the allowance of (owner, caller) without an event in OpenZeppelin 5 and many other tokens, and
// the caller is not in the Transfer log: every known spender of an owner whose tokens moved is read again, at the end
// of each block where they moved.
import { ZERO_ADDRESS, readAllowances, type AllowanceKey, type ChainClient, type Hex } from '../chain';
import { AllowanceEntity, type Db } from '../db';
import type { AllowanceRead, Batch } from './types';
import { chunks } from './write-rows';


/**
 * Reads per batch at most. Above it each allowance is read at the batch's last block where its owner's tokens moved
 * only, and above that again the allowances past the cap keep what the events say (counted in the batch's `skipped`):
 * an owner with thousands of spenders must not stall the chain.
 */
export const MAX_ALLOWANCE_READS = 2_000;

/**
 * Sets `batch.allowanceReads`. Runs outside the batch's transaction (no database transaction waits on the node); the
 * chain lock makes the ingester the only writer of the allowances it reads. Replaying a batch reads the same blocks
 * again, so a restart after a crash finds the same answers.
 */
export const refreshAllowances = async (db: Db, client: ChainClient, batch: Batch, maxReads = MAX_ALLOWANCE_READS): Promise<void> => {
  if (!batch.approvals) return;
  /** contract → owner → the blocks where the owner's tokens left it. */
  const moved = new Map<string, Map<string, Set<number>>>();
  for (const t of batch.transfers) {
    if (t.kind !== 'ERC20' || t.from === ZERO_ADDRESS) continue;
    let owners = moved.get(t.contract);
    if (!owners) moved.set(t.contract, (owners = new Map()));
    let blocks = owners.get(t.from);
    if (!blocks) owners.set(t.from, (blocks = new Set()));
    blocks.add(t.blockNumber);
  }
  if (!moved.size) return;

  const keys = new Map<string, AllowanceKey>();
  const add = (contract: string, owner: string, spender: string) => keys.set(`${contract}:${owner}:${spender}`, { contract: contract as Hex, owner: owner as Hex, spender: spender as Hex });
  for (const a of batch.approvals) if (a.kind === 'ERC20' && moved.get(a.contract)?.has(a.owner)) add(a.contract, a.owner, a.spender);
  const pairs = [...moved].flatMap(([contract, owners]) => [...owners.keys()].map((owner) => ({ chainId: batch.chainId, contract, owner })));
  for (const part of chunks(pairs, 200)) {
    // A spent or revoked allowance ('0') cannot be lowered further; a new one of this batch came in above.
    for (const r of await db.getRepository(AllowanceEntity).find({ where: part })) {
      if (r.amount !== '0') add(r.contract, r.owner, r.spender);
    }
  }
  if (!keys.size) return;

  let wanted = [...keys.values()].flatMap((k) => [...moved.get(k.contract)!.get(k.owner)!].map((block) => ({ key: k, block })));
  if (wanted.length > maxReads) wanted = [...keys.values()].map((k) => ({ key: k, block: Math.max(...moved.get(k.contract)!.get(k.owner)!) }));
  if (wanted.length > maxReads) {
    const over = wanted.length - maxReads;
    batch.skipped.set('allowance re-reads over the per-batch cap', (batch.skipped.get('allowance re-reads over the per-batch cap') ?? 0) + over);
    wanted = wanted.slice(0, maxReads);
  }
  const byBlock = new Map<number, AllowanceKey[]>();
  for (const w of wanted) byBlock.set(w.block, [...(byBlock.get(w.block) ?? []), w.key]);
  const reads: AllowanceRead[] = [];
  let unreadable = 0;
  for (const [block, blockKeys] of byBlock) {
    const values = await readAllowances(client, blockKeys, block);
    values.forEach((amount, i) => {
      if (amount === null) unreadable++;
      else reads.push({ ...blockKeys[i], block, amount });
    });
  }
  if (unreadable) batch.skipped.set('allowance() unreadable', (batch.skipped.get('allowance() unreadable') ?? 0) + unreadable);
  batch.allowanceReads = reads;
};
