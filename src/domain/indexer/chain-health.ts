// Whether a chain's node answers now: one eth_blockNumber without retries, within a time bound, remembered for a short
// while per chain, so a multi-chain read learns about a stopped node without asking it on every request.
import type { ChainRegistry } from '../../chain/registry';

export type NodeHealth = { ok: true; head: number; checkedAt: Date } | { ok: false; reason: string; checkedAt: Date };

export type ChainHealth = {
  /** The last answer younger than the TTL, or a fresh check; concurrent callers share one check. */
  check(chainId: number): Promise<NodeHealth>;
};

export const createChainHealth = ({
  registry,
  ttlMs,
  timeoutMs,
}: {
  registry: Pick<ChainRegistry, 'client'>;
  ttlMs: number;
  timeoutMs: number;
}): ChainHealth => {
  const known = new Map<number, { at: number; health: Promise<NodeHealth> }>();

  const probe = async (chainId: number): Promise<NodeHealth> => {
    let timer: NodeJS.Timeout | undefined;
    try {
      // A hard bound of its own: a node whose only endpoint is benched makes requests wait for the bench to end.
      const late = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      });
      const ask = registry.client(chainId).then((client) => client.request('eth_blockNumber', [], { timeoutMs, retries: 0 }));
      ask.catch(() => undefined);
      const head = Number(await Promise.race([ask, late]));
      if (!Number.isSafeInteger(head)) throw new Error('not a block number');
      return { ok: true, head, checkedAt: new Date() };
    } catch {
      // The node's own error text may carry its URL (with an API key); the operator sees it in the ingester's log.
      return { ok: false, reason: `chain ${chainId}: its node does not answer; try again later`, checkedAt: new Date() };
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    check(chainId) {
      const last = known.get(chainId);
      if (last && Date.now() - last.at < ttlMs) return last.health;
      const health = probe(chainId);
      known.set(chainId, { at: Date.now(), health });
      return health;
    },
  };
};
