// First sight of a contract: record its ContractInfo basics read from the chain (once per chain and address).
import { In } from 'typeorm';
import { readContractBasics, type ChainClient } from '../chain';
import { ContractEntity, type ContractRow, type Db } from '../db';
import type { TransferLog } from './types';

export type ContractTracker = {
  /** Rows for contracts of `transfers` not yet stored; call `remember` once they are committed. */
  newContracts(transfers: TransferLog[]): Promise<ContractRow[]>;
  remember(rows: ContractRow[]): void;
};

export const createContractTracker = (db: Db, client: ChainClient): ContractTracker => {
  // Bounded: a chain with millions of contracts must not grow this without limit.
  const known = new Set<string>();
  const MAX_KNOWN = 200_000;
  return {
    async newContracts(transfers) {
      const firstBlock = new Map<string, number>();
      // Native transfers name no contract (the zero address stands for the coin).
      for (const t of transfers) if (t.kind !== 'NATIVE' && !known.has(t.contract) && !firstBlock.has(t.contract)) firstBlock.set(t.contract, t.blockNumber);
      if (!firstBlock.size) return [];
      const stored = await db.getRepository(ContractEntity).find({
        select: { address: true },
        where: { chainId: client.chainId, address: In([...firstBlock.keys()]) },
      });
      for (const s of stored) {
        known.add(s.address);
        firstBlock.delete(s.address);
      }
      const now = new Date();
      return Promise.all(
        [...firstBlock].map(async ([address, block]) => {
          const basics = await readContractBasics(client, address);
          return {
            chainId: client.chainId,
            address,
            ...basics,
            firstBlock: block,
            extensions: null,
            logoURI: null,
            verified: false,
            verifiedBy: null,
            blacklist: false,
            featured: false,
            refreshedAt: now,
            updatedAt: now,
          } satisfies ContractRow;
        }),
      );
    },
    remember(rows) {
      if (known.size > MAX_KNOWN) known.clear();
      for (const r of rows) known.add(r.address);
    },
  };
};
