// The media cache (#43): which token media is cached (MEDIA_CACHE, MEDIA_CONTRACTS), fetching a source's bytes through
// the safe fetcher (per-host rate and concurrency, ipfs:// and ar:// through the gateways), storing files
// content-addressed with their thumbnails, their status with retries and backoff, serving and purging. The image work
// itself (sharp, DOMPurify) is the media worker's (src/workers/media.ts), which calls `process` with its pipeline.
import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { Config } from '../../config';
import type { Logger } from '../../config/logger';
import { TokenMetadataEntity, type Db, type MediaFileRow, type TokenMediaRow } from '../../db';
import type { ByteRange, FileStorage } from '../../storage';
import {
  createSafeFetcher,
  decodeDataUriBytes,
  FetchFailedError,
  FetchRefusedError,
  InvalidDocumentError,
  resolveTokenUri,
  type FetchPolicy,
  type NormalizedTokenMetadata,
  type SafeFetcher,
} from '../../web';
import type { Credentials } from '../auth/credentials';
import { requireAdmin, requireReader } from '../auth/admin';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument } from '../errors';
import { RETRY_MAX_ATTEMPTS, retryAt } from '../metadata-fetch/backoff';
import { shortError } from '../metadata-fetch/failures';
import { limitPerHost } from '../metadata-fetch/host-limit';
import type { TokenMetadata, TokenKey } from '../token-metadata/types';
import { tokenKeyOf } from '../token-metadata/types';
import { tokenKeysOf } from '../token-metadata/validate-request';
import { collectionSourcesOf, COLLECTION_TOKEN, fileKeyOf, inlineContentOf, mediaSourcesOf, thumbnailKeyOf, type MediaSource } from './sources';
import { contractKeyOf, type ContractInfo } from '../contracts/types';
import { createMediaStore, type ClaimedSource } from './store';
import { MediaRejectedError, type ContractMedia, type MediaFile, type ProcessedMedia, type StoredThumbnail, type TokenMedia } from './types';

/** Turns fetched bytes into what is stored (the worker's pipeline: sniffing, sanitising, thumbnails). */
export type MediaPipeline = (bytes: Buffer) => Promise<ProcessedMedia>;

export type ServedFile = { mimeType: string; filesize: number; sha256: string; read(range?: ByteRange): Promise<Readable | null> };

export type MediaService = {
  /** MEDIA_CACHE is on. */
  readonly enabled: boolean;
  /** Queues the media a freshly stored document names (token metadata calls this); no-op when off or not chosen. */
  noteDocument(k: TokenKey, doc: NormalizedTokenMetadata): Promise<void>;
  /** The media of each token, keyed by tokenKeyOf; a document seen for the first time has its media queued. */
  ofTokens(metas: TokenMetadata[]): Promise<Map<string, TokenMedia[]>>;
  /** A contract's own image (its contractURI `image`), keyed by contractKeyOf; queued on first sight like a token's. */
  ofContracts(infos: ContractInfo[]): Promise<Map<string, TokenMedia[]>>;
  /** The worker's round: claims due sources and runs each through `pipeline`; resolves when they are recorded. */
  process(max: number, pipeline: MediaPipeline): Promise<number>;
  /** A stored file, or a thumbnail of it (`size`), for the /media route; null when there is none. */
  open(sha256: string, size?: number): Promise<ServedFile | null>;
  /**
   * The console's reads (the operator's token, a project's bearer token, or an access key): the validated key of one
   * token (its metadata and media are then loaded as every read's), and a contract's media by status.
   */
  checkRead(creds: Credentials, req: { chainId: string; contractAddress: string; tokenId: string }): Promise<TokenKey>;
  contractSummary(creds: Credentials, req: { chainId: string; contractAddress: string }): Promise<ContractMedia>;
  /** Operator: deletes a token's media rows and the files no other token shows (admin token). Returns files removed. */
  purge(creds: Credentials, req: { chainId: string; contractAddress: string; tokenId: string }): Promise<number>;
  /** The same for the CLI, whose user is the operator. */
  purgeAsOperator(req: { chainId: string; contractAddress: string; tokenId: string }): Promise<number>;
  close(): Promise<void>;
};

const sha256Of = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');

/** Failures that another try cannot mend: refused by policy, hostile or unsupported content, an oversized file. */
const isPermanent = (err: unknown) =>
  err instanceof MediaRejectedError ||
  err instanceof FetchRefusedError ||
  err instanceof InvalidDocumentError ||
  (err instanceof FetchFailedError && err.reason === 'too-large');

export const createMediaService = ({
  config,
  db,
  storage,
  chains,
  auth,
  logger,
  fetchPolicy,
}: {
  config: Pick<Config, 'media' | 'metadata' | 'publicUrl' | 'adminToken'>;
  db: Db;
  storage: FileStorage;
  chains: ChainsService;
  auth: Pick<AuthService, 'requireAccessKey' | 'requireBearer'>;
  logger: Logger;
  /** Overrides of the fetch policy (tests: DNS, extra CA certificates). */
  fetchPolicy?: Partial<FetchPolicy>;
}): MediaService => {
  const m = config.media;
  const store = createMediaStore(db);
  const chosen = new Set(m.contracts);
  const wanted = (k: TokenKey) => m.enabled && (chosen.size === 0 || chosen.has(`${k.chainId}:${k.contract}`));
  let fetcher: Pick<SafeFetcher, 'fetchText' | 'fetchBytes' | 'close'> | null = null;
  // Made on first use: a process that never fetches media holds no connection pool for it.
  const web = () =>
    (fetcher ??= limitPerHost(
      createSafeFetcher({
        allowHosts: [...config.metadata.allowHosts],
        connectTimeoutMs: Math.min(5_000, m.timeoutMs),
        totalTimeoutMs: m.timeoutMs,
        maxBytes: m.maxBytes,
        perHostConcurrency: m.hostConcurrency,
        userAgent: 'Strata/0.1 (token media fetcher)',
        ...fetchPolicy,
      }),
      { ratePerSecond: m.hostRatePerSecond },
    ));
  const gateways = { ipfsGateway: config.metadata.ipfsGateway, arweaveGateway: config.metadata.arweaveGateway };

  const urlOf = (sha: string, size?: number) => `${config.publicUrl}/media/${sha}${size ? `/${size}` : ''}`;
  const thumbnailsOf = (f: MediaFileRow): StoredThumbnail[] => {
    try {
      return f.thumbnails ? (JSON.parse(f.thumbnails) as StoredThumbnail[]) : [];
    } catch {
      return [];
    }
  };
  const fileOut = (f: MediaFileRow): MediaFile => ({
    sha256: f.sha256,
    url: urlOf(f.sha256),
    mimeType: f.mimeType,
    filesize: f.filesize,
    width: f.width,
    height: f.height,
    frames: f.frames,
    thumbnails: thumbnailsOf(f).map((t) => ({ size: t.size, url: urlOf(f.sha256, t.size), width: t.width, height: t.height, filesize: t.filesize, mimeType: 'image/webp' })),
  });
  const mediaOut = (r: TokenMediaRow, files: Map<string, MediaFileRow>): TokenMedia => {
    const file = r.sha256 ? files.get(r.sha256) : undefined;
    return {
      field: r.field,
      originalUrl: r.source,
      // A READY row whose file was purged meanwhile is as good as queued.
      status: r.status === 'READY' && !file ? 'QUEUED' : r.status,
      error: r.error,
      attempts: r.attempts,
      retryAt: r.status === 'FAILED' ? r.runAt : null,
      file: file ? fileOut(file) : null,
      updatedAt: r.updatedAt,
    };
  };

  /** The bytes a claimed source names: inline content from the document, or a fetch through the safe fetcher. */
  const bytesOf = async (claim: ClaimedSource): Promise<Buffer> => {
    if (!claim.source.startsWith('inline:')) {
      const resolved = resolveTokenUri(claim.source, gateways);
      if (resolved.kind === 'data') return Buffer.from(resolved.body, 'utf8');
      return (await web().fetchBytes(resolved.url)).body;
    }
    for (const r of claim.rows) {
      const row = await db.getRepository(TokenMetadataEntity).findOne({ select: { document: true }, where: { chainId: r.chainId, contract: r.contract, tokenId: r.tokenId } });
      const doc = row?.document ? (JSON.parse(row.document) as NormalizedTokenMetadata) : null;
      const text = doc && inlineContentOf(doc, r.field, claim.sourceHash);
      if (!text) continue;
      if (/^data:/i.test(text)) return decodeDataUriBytes(text).bytes;
      return Buffer.from(text, 'utf8');
    }
    throw new MediaRejectedError('the token document no longer holds this inline content');
  };

  /** Stores the processed file and its thumbnails once per content; returns the media_files row to insert, if new. */
  const storeOnce = async (p: ProcessedMedia): Promise<{ sha: string; row: MediaFileRow | null }> => {
    const sha = sha256Of(p.bytes);
    if (await store.fileOf(sha)) return { sha, row: null };
    const thumbnails: StoredThumbnail[] = [];
    for (const t of p.thumbnails) {
      const key = thumbnailKeyOf(sha, t.size);
      await storage.put(key, t.bytes);
      thumbnails.push({ size: t.size, width: t.width, height: t.height, filesize: t.bytes.length, storageKey: key });
    }
    await storage.put(fileKeyOf(sha), p.bytes);
    return {
      sha,
      row: {
        sha256: sha,
        mimeType: p.mimeType,
        filesize: p.bytes.length,
        width: p.width,
        height: p.height,
        frames: p.frames,
        storageKey: fileKeyOf(sha),
        thumbnails: JSON.stringify(thumbnails),
        createdAt: new Date(),
      },
    };
  };

  const oneToken = (req: { chainId: string; contractAddress: string; tokenId: string }): TokenKey => {
    if (typeof req.tokenId !== 'string' || req.tokenId === '') throw invalidArgument('tokenId', 'is required');
    return tokenKeysOf(chains, { chainId: req.chainId, contractAddress: req.contractAddress, tokenIds: [req.tokenId] })[0];
  };

  const purgeKey = async (k: TokenKey): Promise<number> => {
    const orphans = await store.purge(k);
    for (const f of orphans) {
      // Bytes first, then the row: a failure half-way leaves a row to purge again, never a row without its file.
      for (const t of thumbnailsOf(f)) await storage.remove(t.storageKey);
      await storage.remove(f.storageKey);
      await store.deleteFile(f.sha256);
    }
    logger.info({ token: tokenKeyOf(k), files: orphans.length }, 'token media purged');
    return orphans.length;
  };

  /** The media rows of these keys (tokens, or contracts with token id ''), synced first with what each names. */
  const mediaOfKeys = async (items: Array<{ key: TokenKey; want: MediaSource[] }>): Promise<Map<string, TokenMedia[]>> => {
    const out = new Map<string, TokenMedia[]>();
    const chosenItems = items.filter((i) => wanted(i.key));
    if (!chosenItems.length) return out;
    const keys = chosenItems.map((i) => i.key);
    let rows = await store.ofTokens(keys);
    let changed = false;
    for (const { key, want } of chosenItems) {
      const have = rows.get(tokenKeyOf(key)) ?? [];
      const same = want.length === have.length && want.every((s) => have.some((r) => r.field === s.field && r.sourceHash === s.sourceHash));
      if (!same) changed = (await store.sync(key, want)) || changed;
    }
    if (changed) rows = await store.ofTokens(keys);
    const files = await store.filesOf([...rows.values()].flat().flatMap((r) => (r.sha256 ? [r.sha256] : [])));
    for (const [id, list] of rows) out.set(id, list.map((r) => mediaOut(r, files)));
    return out;
  };

  const runOne = async (claim: ClaimedSource, pipeline: MediaPipeline) => {
    try {
      // Another token's row may have brought the same source in since this one was queued.
      const existing = await store.readyFileOf(claim.sourceHash);
      if (existing && (await store.fileOf(existing))) return await store.ready(claim, null, existing);
      const processed = await pipeline(await bytesOf(claim));
      const { sha, row } = await storeOnce(processed);
      await store.ready(claim, row, sha);
    } catch (err) {
      const permanent = isPermanent(err);
      const message = shortError(err);
      logger.debug({ err: message, source: claim.source.slice(0, 200), permanent }, 'token media failed');
      await store.failed(
        claim,
        message,
        (r) => r.attempts + 1,
        (attempts) => (permanent || attempts >= RETRY_MAX_ATTEMPTS ? null : retryAt(attempts, Date.now(), m.retryBaseMs)),
      );
    }
  };

  return {
    enabled: m.enabled,

    async noteDocument(k, doc) {
      if (!wanted(k)) return;
      await store.sync(k, mediaSourcesOf(doc));
    },

    async ofTokens(metas) {
      // Hosted collection tokens already point at Strata's own files; only documents read from the chain are cached.
      const cached = metas.filter((t) => t.source === 'CHAIN').map((t) => ({ key: { chainId: t.chainId, contract: t.contractAddress, tokenId: t.tokenId }, want: mediaSourcesOf(t) }));
      return mediaOfKeys(cached);
    },

    async ofContracts(infos) {
      const wantedOf = infos.map((c) => ({ key: { chainId: c.chainId, contract: c.address, tokenId: COLLECTION_TOKEN }, want: collectionSourcesOf(c.extensions.ogImage ?? '') }));
      const byToken = await mediaOfKeys(wantedOf);
      return new Map([...byToken].map(([id, list]) => [contractKeyOf({ chainId: Number(id.split(':')[0]), address: id.split(':')[1] }), list]));
    },

    async process(max, pipeline) {
      const claims = await store.claimDue(max, RETRY_MAX_ATTEMPTS);
      await Promise.all(claims.map((c) => runOne(c, pipeline)));
      return claims.length;
    },

    async open(sha256, size) {
      if (!/^[0-9a-f]{64}$/.test(sha256)) return null;
      const f = await store.fileOf(sha256);
      if (!f) return null;
      if (size === undefined) return { mimeType: f.mimeType, filesize: f.filesize, sha256, read: (range) => storage.open(f.storageKey, range) };
      const t = thumbnailsOf(f).find((x) => x.size === size);
      if (!t) return null;
      return { mimeType: 'image/webp', filesize: t.filesize, sha256, read: (range) => storage.open(t.storageKey, range) };
    },

    async checkRead(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      return oneToken(req);
    },

    async contractSummary(creds, req) {
      await requireReader(auth, creds, config.adminToken);
      const [k] = tokenKeysOf(chains, { chainId: req.chainId, contractAddress: req.contractAddress, tokenIds: ['0'] });
      const { counts, failures } = await store.contractSummary(k.chainId, k.contract, 20);
      const files = new Map<string, MediaFileRow>();
      return {
        queued: counts.get('QUEUED') ?? 0,
        running: counts.get('RUNNING') ?? 0,
        ready: counts.get('READY') ?? 0,
        failed: counts.get('FAILED') ?? 0,
        failures: failures.map((r) => ({ ...mediaOut(r, files), tokenId: r.tokenId })),
      };
    },

    async purge(creds, req) {
      requireAdmin(creds, config.adminToken);
      return purgeKey(oneToken(req));
    },

    purgeAsOperator: (req) => purgeKey(oneToken(req)),

    async close() {
      await fetcher?.close();
    },
  };
};
