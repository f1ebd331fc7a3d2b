// Ping, Version and RuntimeStatus wire shapes of the Indexer, IndexerGateway (indexer.gen.ts, indexergw.gen.ts 3.0.13)
// and Metadata (metadata.gen.ts 2.3.43), renamed from the `runtimeStatus` and `version` queries. Parts of the published
// shapes that describe machinery Strata does not have (bloom filters, pebble storage) are left out rather than filled.
import type { RuntimeStatusQuery, VersionQuery } from '../generated/operations';
import type { Answered, Body } from './common';

type Status = Answered<RuntimeStatusQuery>['runtimeStatus'];
type Chain = Status['chains'][number];

/** The webrpc protocol version of the RPC (handler.ts WEBRPC_HEADER). */
const WEBRPC_VERSION = 'v1';

export const versionOut = ({ version: v }: Answered<VersionQuery>) => ({
  version: {
    webrpcVersion: WEBRPC_VERSION,
    schemaVersion: v.version,
    schemaHash: v.schemaHash,
    appVersion: v.commit ? `${v.version}+${v.commit.slice(0, 12)}` : v.version,
  },
});

const build = (s: Status) => ({
  startTime: s.startTime,
  uptime: s.uptimeSeconds,
  ver: s.version,
  branch: s.branch,
  commitHash: s.commit,
});

/** The chain a per-chain request names (its base URL or `chainID`); the first configured one otherwise. */
const chainOf = (s: Status, b: Body): Chain | undefined =>
  s.chains.find((c) => String(c.chainId) === String(b.chainID ?? '') || (c.name !== null && c.name === b.chainID)) ?? s.chains[0];

export const indexerRuntimeStatusOut = ({ runtimeStatus: s }: Answered<RuntimeStatusQuery>, b: Body) => {
  const c = chainOf(s, b);
  return {
    status: {
      healthOK: c ? s.databaseOk && c.nodeAnswers : s.databaseOk,
      indexerEnabled: c?.progress.updatedAt != null,
      ...build(s),
      chainID: c?.chainId ?? 0,
      checks: {
        running: c?.nodeAnswers ?? false,
        runnables: c ? { node: { answers: c.nodeAnswers, errorReason: c.errorReason }, endpoints: c.progress.endpoints } : null,
        cgoEnabled: false,
        quotaControlEnabled: true,
        syncMode: c?.lag == null ? 'not started' : c.lag === 0 ? 'at head' : `${c.lag} blocks behind`,
        percentIndexed: c?.percentIndexed ?? 0,
        lastBlockNum: c?.indexedBlock ?? 0,
        lastBlockNumWithState: c?.indexedBlock ?? 0,
        bloomStatus: { enabled: false, initialized: false },
        // Strata's own (the clients ignore it): whether native coin transfers are indexed on this chain.
        nativeTransfers: c?.progress.nativeTransfers ?? false,
        // Likewise: whether internal transfers (from traces) are indexed, and why not.
        internalTransfers: c?.progress.internalTransfers ?? false,
        ...(c && !c.progress.internalTransfers ? { internalTransfersReason: c.progress.internalTransfersReason } : {}),
      },
    },
  };
};

export const gatewayRuntimeStatusOut = ({ runtimeStatus: s }: Answered<RuntimeStatusQuery>) => ({
  status: {
    healthOK: s.healthOk,
    ...build(s),
    backends: s.chains.map((c) => ({
      name: c.name ?? String(c.chainId),
      chainId: c.chainId,
      responseTime: c.responseTime
        ? { percentiles: { p50: c.responseTime.p50, p95: c.responseTime.p95, p99: c.responseTime.p99 }, average: c.responseTime.average }
        : { percentiles: {}, average: 0 },
    })),
  },
});

/** Go's time.Duration text (1h2m3s), which Metadata's uptimeString carries. */
const durationText = (seconds: number) => {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const sec = seconds % 60;
  return h ? `${h}h${m}m${sec}s` : m ? `${m}m${sec}s` : `${sec}s`;
};

export const metadataRuntimeStatusOut = ({ runtimeStatus: s }: Answered<RuntimeStatusQuery>) => ({
  status: {
    healthOK: s.healthOk,
    startTime: s.startTime,
    uptime: s.uptimeSeconds,
    uptimeString: durationText(s.uptimeSeconds),
    ver: s.version,
    branch: s.branch,
    commitHash: s.commit,
    runnable: Object.fromEntries(
      s.chains.map((c) => [`chain-${c.chainId}`, { running: c.nodeAnswers, startTime: s.startTime, lastError: c.errorReason }]),
    ),
  },
});
