// Fills and refreshes `contracts` rows from the chain (basics, contractURI) and the web (the contractURI document).
import type { Logger } from '../../config/logger';
import type { Db, ContractRow } from '../../db';
import { ContractEntity } from '../../db';
import type { ChainRegistry } from '../../chain/registry';
import { readContractBasics, readContractURI } from '../../chain';
import { DomainError, ServiceBusyError } from '../errors';
import type { BackgroundJobs } from '../metadata-fetch/background';
import { retryAt } from '../metadata-fetch/backoff';
import { EMPTY_DOCUMENT_EXTENSIONS, fetchContractDocument, type DocumentExtensions } from './contract-uri';
import { shortError, unavailable } from '../metadata-fetch/failures';
import type { MetadataWeb } from '../metadata-fetch/web';
import {
  contractInfoFromRow,
  emptyStoredExtensions,
  parseStoredExtensions,
  undeployedContractInfo,
  type ContractUriState,
  type StoredExtensions,
} from './rows';
import { contractKeyOf, type ContractInfo, type ContractKey } from './types';

/** A build either yields the info (and maybe a running document fetch) or a domain error; it never throws. */
export type BuildResult = { info: ContractInfo; document?: Promise<unknown> } | { error: DomainError };

export type ContractBuilder = {
  /**
   * Reads basics and contractURI from the chain, stores them, and starts the document fetch.
   * Without `force`, basics that ingestion already stored (a row with NULL extensions) are kept.
   */
  build(key: ContractKey, opts?: { force?: boolean }): Promise<BuildResult>;
  /** Fetches the contractURI document (re-reading contractURI from the chain) and stores the extensions. */
  fetchDocument(key: ContractKey): Promise<unknown>;
  /** True when a read should try the document again: failed and due, or pending and abandoned. */
  documentDue(ext: StoredExtensions, key: ContractKey, now: number): boolean;
};

// A contract with no code may be deployed later (CREATE2): look again after this long.
export const UNDEPLOYED_RECHECK_MS = 10 * 60_000;
const URI_KEPT_MAX = 2_048;

export const createContractBuilder = ({
  db,
  registry,
  web,
  jobs,
  logger,
  timeoutMs,
}: {
  db: Db;
  registry: ChainRegistry;
  web: MetadataWeb;
  jobs: BackgroundJobs;
  logger: Logger;
  timeoutMs: number;
}): ContractBuilder => {
  const repo = db.getRepository(ContractEntity);
  const find = (k: ContractKey) => repo.findOneBy({ chainId: k.chainId, address: k.address });
  const keptUri = (uri: string | null) => (uri && uri.length <= URI_KEPT_MAX ? uri : null);

  const storeDocument = async (k: ContractKey, fields: DocumentExtensions | null, state: ContractUriState) => {
    const row = await find(k);
    if (!row) return;
    const current = parseStoredExtensions(row.extensions) ?? emptyStoredExtensions(state);
    const next: StoredExtensions = { ...current, ...(fields ?? {}), contractURI: state };
    await repo.update({ chainId: k.chainId, address: k.address }, { extensions: JSON.stringify(next), updatedAt: new Date() });
  };

  const fetchDocumentNow = async (k: ContractKey, knownUri: string | null, previousAttempts: number) => {
    let uri = knownUri;
    try {
      uri ??= await readContractURI(await registry.client(k.chainId), k.address);
      if (!uri) return storeDocument(k, { ...EMPTY_DOCUMENT_EXTENSIONS }, { uri: null, status: 'none', attempts: 0 });
      const fields = await fetchContractDocument(web, uri);
      await storeDocument(k, fields, { uri: keptUri(uri), status: 'ok', attempts: 0 });
    } catch (err) {
      const attempts = previousAttempts + 1;
      logger.debug({ err: shortError(err), contract: contractKeyOf(k) }, 'contractURI document fetch failed');
      await storeDocument(k, null, {
        uri: keptUri(uri),
        status: 'failed',
        error: shortError(err),
        attempts,
        at: retryAt(attempts, Date.now()).toISOString(),
      });
    }
  };

  const startDocument = (k: ContractKey, uri: string | null, attempts: number) =>
    jobs.run(`contract-doc:${contractKeyOf(k)}`, () => fetchDocumentNow(k, uri, attempts));

  const buildNow = async (k: ContractKey, force: boolean): Promise<BuildResult> => {
    let row: ContractRow | null;
    let basics: Awaited<ReturnType<typeof readContractBasics>>;
    let uri: string | null = null;
    try {
      row = await find(k);
      const client = await registry.client(k.chainId);
      // Ingestion stores basics on first sight (extensions NULL): only contractURI is missing then.
      const ingested = !force && row && row.extensions === null && row.deployed;
      basics = ingested
        ? { type: row!.type, name: row!.name, symbol: row!.symbol, decimals: row!.decimals, deployed: true, bytecodeHash: row!.bytecodeHash }
        : await readContractBasics(client, k.address);
      if (basics.deployed) uri = await readContractURI(client, k.address);
    } catch (err) {
      logger.warn({ err, contract: contractKeyOf(k) }, 'reading a contract from its chain failed');
      return { error: unavailable(k.chainId) };
    }
    if (!basics.deployed && !row) return { info: undeployedContractInfo(k.chainId, k.address) };
    const previous = parseStoredExtensions(row?.extensions ?? null);
    const now = new Date();
    const sameUri = previous?.contractURI.uri === keptUri(uri);
    const contractURI: ContractUriState = uri
      ? { uri: keptUri(uri), status: 'pending', attempts: sameUri ? previous!.contractURI.attempts : 0, at: now.toISOString() }
      : { uri: null, status: 'none', attempts: 0 };
    // While the document is re-fetched, the previous one keeps answering.
    const extensions: StoredExtensions = uri && previous ? { ...previous, contractURI } : emptyStoredExtensions(contractURI);
    // Only these columns are written: operator flags and ingestion's firstBlock stay as they are.
    await repo.upsert(
      {
        chainId: k.chainId,
        address: k.address,
        type: basics.type,
        name: basics.name,
        symbol: basics.symbol,
        decimals: basics.decimals,
        deployed: basics.deployed,
        bytecodeHash: basics.bytecodeHash,
        extensions: JSON.stringify(extensions),
        refreshedAt: now,
        updatedAt: now,
      },
      ['chainId', 'address'],
    );
    const stored = await find(k);
    if (!stored) return { error: unavailable(k.chainId) };
    return { info: contractInfoFromRow(stored), ...(uri ? { document: startDocument(k, uri, contractURI.attempts) } : {}) };
  };

  return {
    async build(k, opts = {}) {
      const force = opts.force ?? false;
      const result = await jobs.run(`contract-${force ? 'refresh' : 'build'}:${contractKeyOf(k)}`, () => buildNow(k, force));
      return result ?? { error: new ServiceBusyError() };
    },
    async fetchDocument(k) {
      const row = await find(k);
      return startDocument(k, null, parseStoredExtensions(row?.extensions ?? null)?.contractURI.attempts ?? 0);
    },
    documentDue(ext, k, now) {
      const c = ext.contractURI;
      const at = c.at ? Date.parse(c.at) : 0;
      if (c.status === 'failed') return at <= now;
      // A pending fetch that no job here is running was lost (restart, other replica that died).
      if (c.status === 'pending') return at + 2 * timeoutMs + 60_000 <= now && !jobs.running(`contract-doc:${contractKeyOf(k)}`);
      return false;
    },
  };
};
