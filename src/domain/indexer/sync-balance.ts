// SyncBalance on one chain: one balance re-read from the contract at the indexed block and, when the stored one
// differs, repaired through ingestion (the only writer of chain tables, which hands its writer in as `repair`).
import type { ChainRegistry } from '../../chain/registry';
import { readTokenBalance, type Hex, type TokenStandard } from '../../chain';
import { ChainCheckpointEntity, type Db } from '../../db';
import { DomainError, invalidArgument } from '../errors';
import { readContractType } from './supplies';

export type BalanceRepairRequest = {
  chainId: number;
  contract: string;
  account: string;
  /** '' for an ERC-20 balance. */
  tokenId: string;
  /** The contract's answer at `atBlock`, decimal. */
  balance: string;
  /** The indexed block the balance was read at; the repair is refused ('moved') when ingestion is past it. */
  atBlock: number;
};

export type BalanceRepairOutcome = { outcome: 'repaired' | 'unchanged' | 'moved'; previous: string | null };

/** Implemented by src/ingestion/balance-repair.ts; absent in processes that do not compose it (then SyncBalance is Unavailable). */
export type BalanceRepair = (r: BalanceRepairRequest) => Promise<BalanceRepairOutcome>;

export type SyncedBalance = BalanceRepairRequest & { contractType: TokenStandard; outcome: 'repaired' | 'unchanged'; previous: string | null };

/** Ingestion may commit between the read and the write; each try reads again at the new indexed block. */
const TRIES = 4;

/**
 * Reads `balanceOf` (ERC-721: `ownerOf`) at the chain's indexed block, so the repaired row agrees with every transfer
 * ingestion applied up to it and later transfers apply on top. The contract's type is the one ingestion classified.
 */
export const syncBalance = async (
  deps: { db: Db; registry: Pick<ChainRegistry, 'client'>; repair: BalanceRepair | null },
  req: { chainId: number; contract: string; account: string; tokenId: string | null },
): Promise<SyncedBalance> => {
  const { db, registry, repair } = deps;
  if (!repair) throw new DomainError('Unavailable', 'balances can be synced only by a server that indexes (strata serve or dev)');
  const contractType = await readContractType(db, req.chainId, req.contract);
  if (contractType === 'UNKNOWN' || contractType === 'NATIVE') throw new DomainError('NotFound', `contractAddress: ${req.contract} is not a token contract indexed on chain ${req.chainId}`, 'contractAddress');
  const fungible = contractType === 'ERC20';
  if (!fungible && req.tokenId === null) throw invalidArgument('tokenID', `is required for an ${contractType} contract`);
  const tokenId = fungible ? '' : req.tokenId!;
  if (fungible && req.tokenId !== null && req.tokenId !== '0') throw invalidArgument('tokenID', 'must be absent (or 0) for an ERC20 contract');
  /** The first repair: what the caller is told, even when a later try finds the row right. */
  let repaired: SyncedBalance | null = null;
  for (let i = 0; i < TRIES; i++) {
    const cp = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: req.chainId });
    if (!cp || cp.indexedBlock < 0) throw new DomainError('Unavailable', `chain ${req.chainId} is not indexed yet; try again later`);
    let value: bigint;
    try {
      value = await readTokenBalance(await registry.client(req.chainId), contractType, req.contract as Hex, req.account as Hex, fungible ? null : BigInt(tokenId), cp.indexedBlock);
    } catch {
      throw new DomainError('Unavailable', `chain ${req.chainId}: the balance could not be read from the contract; try again later`);
    }
    const r: BalanceRepairRequest = { chainId: req.chainId, contract: req.contract, account: req.account, tokenId, balance: value.toString(), atBlock: cp.indexedBlock };
    const done = await repair(r);
    if (done.outcome === 'moved') continue;
    const result: SyncedBalance = repaired ? { ...repaired, balance: r.balance, atBlock: r.atBlock } : { ...r, contractType, outcome: done.outcome, previous: done.previous };
    // A batch ingestion had read the key before the repair committed (from its cache or its snapshot) writes the
    // old value plus its delta after it: when ingestion moved meanwhile, read the contract once more and compare.
    const after = await db.getRepository(ChainCheckpointEntity).findOneBy({ chainId: req.chainId });
    if (done.outcome === 'repaired' && after && after.indexedBlock !== r.atBlock && i < TRIES - 1) {
      repaired = result;
      continue;
    }
    return result;
  }
  if (repaired) return repaired;
  throw new DomainError('Unavailable', `chain ${req.chainId}: ingestion kept committing while the balance was read; try again`);
};
