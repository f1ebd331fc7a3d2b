// Spam verdicts with reasons for a contract's info (#42 item 3): its own text, listed tokens it copies, how its
// indexed transfers went, and the operator's flags, which win. Derived on read from stored rows, so a refresh, a list
// import, a flag or a rollback of the chain tables changes it.
import { readQuery, type Db } from '../../db';
import type { ContractInfo } from '../contracts/types';
import { transferPatternReasons } from './transfer-patterns';
import { decideVerdict, impersonationReasons, textReasons, type ContractVerdict, type Lookalike } from './verdict-rules';

export type { ContractVerdict, SpamVerdict, VerdictReason } from './verdict-rules';

export type SpamVerdictsService = {
  /** Its transfers read up to block `upTo` when given (the verdict store's), every indexed one otherwise. */
  verdictOf(info: ContractInfo, opts?: { upTo?: number }): Promise<ContractVerdict>;
};

export const createSpamVerdictsService = ({ db }: { db: Db }): SpamVerdictsService => {
  /** Listed tokens on the same chain, at another address, whose symbol or name is this contract's. */
  const lookalikes = async (c: ContractInfo): Promise<Lookalike[]> => {
    const symbol = c.symbol.trim().toLowerCase();
    const name = c.name.trim().toLowerCase();
    if (!symbol && !name) return [];
    const rows = await readQuery<Record<string, unknown>>(
      db,
      'SELECT DISTINCT e.chain_id, e.address, e.name, e.symbol FROM token_directory_entries e ' +
        'WHERE e.chain_id = ? AND e.address <> ? AND (LOWER(e.symbol) = ? OR LOWER(e.name) = ?) ' +
        // A listing the operator removed vouches for nothing.
        'AND NOT EXISTS (SELECT 1 FROM token_directory_curation k WHERE k.chain_id = e.chain_id AND k.address = e.address AND k.listed = 0) ' +
        'ORDER BY e.address LIMIT 5',
      [c.chainId, c.address, symbol || '\u0000', name || '\u0000'],
    );
    return rows.map((r) => ({ chainId: Number(r.chain_id), address: String(r.address), name: String(r.name), symbol: String(r.symbol) }));
  };
  return {
    async verdictOf(info, opts = {}) {
      const own = textReasons(info);
      // The operator and the directory decide those anyway: their reads skip the lookups.
      if (info.directory || info.extensions.blacklist || info.extensions.verified) return decideVerdict(info, own);
      const [copied, patterns] = await Promise.all([lookalikes(info), info.deployed ? transferPatternReasons(db, info.chainId, info.address, opts.upTo) : []]);
      return decideVerdict(info, [...own, ...impersonationReasons(info, copied), ...patterns]);
    },
  };
};
