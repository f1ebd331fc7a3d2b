// Ping, Version and RuntimeStatus of the services: figures read now (database, chains' progress, nodes' health, the
// gateway's response times) and the build this process runs, never fixed values.
import type { BuildInfo } from '../config/build';
import type { ChainsService } from './chains';
import type { Credentials } from './auth/credentials';
import type { AuthService } from './auth/service';
import { requireReader } from './auth/admin';
import type { Db } from '../db';
import type { ChainHealth } from './indexer/chain-health';
import { internalTransfersStatus, readChainStatus } from './indexer/chain-state';
import type { LatencyBook, ResponseTimes } from './indexer/latency';
import type { ChainStatus } from './indexer/types';

export type ChainRuntime = ChainStatus & {
  /** Whether the chain's node answered just now (or within the health check's TTL). */
  nodeAnswers: boolean;
  /** Why the chain is not healthy; null when it is. */
  errorReason: string | null;
  /** The gateway's reads of this chain in this process; null before the first. */
  responseTime: ResponseTimes | null;
  /** Indexed share of the chain from its start block to the head, 0-100; null before ingestion first ran. */
  percentIndexed: number | null;
};

export type RuntimeStatus = {
  /** The database answers and every chain's node answers. */
  healthOk: boolean;
  databaseOk: boolean;
  startTime: Date;
  uptimeSeconds: number;
  build: BuildInfo;
  chains: ChainRuntime[];
};

export type RuntimeStatusService = {
  /** Whether this process can serve: its database answers. */
  ping(): Promise<boolean>;
  build(): BuildInfo & { startTime: Date };
  status(creds: Credentials): Promise<RuntimeStatus>;
};

export const createRuntimeStatusService = ({
  db,
  auth,
  chains,
  health,
  latency,
  build,
  adminToken,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  health: ChainHealth;
  latency: LatencyBook;
  build: BuildInfo;
  adminToken: string | null;
}): RuntimeStatusService => {
  const startTime = new Date();
  const databaseOk = async () => {
    try {
      await db.query('SELECT 1');
      return true;
    } catch {
      return false;
    }
  };
  return {
    ping: databaseOk,
    build: () => ({ ...build, startTime }),
    async status(creds) {
      await requireReader(auth, creds, adminToken);
      const configured = chains.all();
      const [dbOk, progress, nodes] = await Promise.all([
        databaseOk(),
        readChainStatus(db, configured).catch(() => null),
        Promise.all(configured.map((c) => health.check(c.chainId))),
      ]);
      const list = configured.map((c, i): ChainRuntime => {
        const p = progress?.[i];
        const node = nodes[i];
        const indexed = p?.indexedBlock ?? null;
        const internal = p ? { on: p.internalTransfers, reason: p.internalTransfersReason } : internalTransfersStatus(c, []);
        const head = node.ok ? Math.max(node.head, p?.headBlock ?? 0) : (p?.headBlock ?? null);
        const span = head !== null ? head - c.startBlock + 1 : 0;
        return {
          chainId: c.chainId,
          name: c.name,
          indexedBlock: indexed,
          indexedHash: p?.indexedHash ?? null,
          headBlock: head,
          finalizedBlock: p?.finalizedBlock ?? null,
          lag: indexed !== null && head !== null ? Math.max(0, head - indexed) : null,
          eventsIndexed: p?.eventsIndexed ?? 0,
          finalitySource: p?.finalitySource ?? null,
          endpoints: p?.endpoints ?? [],
          contracts: p?.contracts ?? [],
          nativeTransfers: c.nativeTransfers === true,
          internalTransfers: internal.on,
          internalTransfersReason: internal.reason,
          approvals: c.approvals === true,
          updatedAt: p?.updatedAt ?? null,
          nodeAnswers: node.ok,
          errorReason: node.ok ? null : node.reason,
          responseTime: latency.of(c.chainId),
          percentIndexed:
            indexed === null || span <= 0 ? null : Math.round(Math.min(100, (Math.max(0, indexed - c.startBlock + 1) / span) * 100) * 100) / 100,
        };
      });
      return {
        healthOk: dbOk && progress !== null && list.every((c) => c.nodeAnswers),
        databaseOk: dbOk,
        startTime,
        uptimeSeconds: Math.floor((Date.now() - startTime.getTime()) / 1000),
        build,
        chains: list,
      };
    },
  };
};
