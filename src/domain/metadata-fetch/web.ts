// The Metadata service's view of the web: the safe fetcher configured from config.metadata (limited per host), and the read bound (shared by contract info and token metadata jobs).
import type { Config } from '../../config';
import { limitPerHost } from './host-limit';
import { createSafeFetcher, type FetchPolicy, type SafeFetcher, type TokenUriGateways } from '../../web';

export type MetadataWeb = {
  fetcher: Pick<SafeFetcher, 'fetchText' | 'close'>;
  gateways: TokenUriGateways;
  /** How long a read waits for fetches it started before answering with what is stored. */
  readWaitMs: number;
};

/** Reads never wait longer than this on the web, whatever the fetch timeout (which may be longer). */
export const MAX_READ_WAIT_MS = 2_000;

export const createMetadataWeb = (metadata: Config['metadata'], overrides: Partial<FetchPolicy> = {}): MetadataWeb => ({
  fetcher: limitPerHost(
    createSafeFetcher({
      allowHosts: [...metadata.allowHosts],
      connectTimeoutMs: Math.min(5_000, metadata.timeoutMs),
      totalTimeoutMs: metadata.timeoutMs,
      maxBytes: metadata.maxBytes,
      perHostConcurrency: metadata.hostConcurrency,
      ...overrides,
    }),
    { ratePerSecond: metadata.hostRatePerSecond },
  ),
  gateways: { ipfsGateway: metadata.ipfsGateway, arweaveGateway: metadata.arweaveGateway },
  readWaitMs: Math.min(MAX_READ_WAIT_MS, metadata.timeoutMs),
});
