// Conversions between contract rows and ContractInfo, and the JSON kept in the `extensions` column.
import type { ContractRow } from '../../db';
import { EMPTY_DOCUMENT_EXTENSIONS, type DocumentExtensions } from './contract-uri';
import { CONTRACT_TYPES, type ContractInfo, type ContractKind } from './types';

/**
 * How the contractURI document was last fetched. `none`: the contract has no contractURI;
 * `pending`: a fetch was started; `failed`: retried by reads after `retryAt`.
 */
export type ContractUriState = {
  uri: string | null;
  status: 'none' | 'pending' | 'ok' | 'failed';
  error?: string;
  attempts: number;
  /** ISO time; set while pending (started) or failed (next try). */
  at?: string;
};

/** The `extensions` column: document fields, origin, and the fetch state (never sent to clients). */
export type StoredExtensions = DocumentExtensions & { originChainId: number; originAddress: string; contractURI: ContractUriState };

/** NULL in the column means the Metadata service has not built this row yet (e.g. ingestion inserted it). */
export const parseStoredExtensions = (text: string | null): StoredExtensions | null => {
  if (!text) return null;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!raw || typeof raw !== 'object') return null;
  const s = (k: string) => (typeof raw[k] === 'string' ? (raw[k] as string) : '');
  const c = (raw.contractURI ?? {}) as Partial<ContractUriState>;
  return {
    link: s('link'),
    description: s('description'),
    ogImage: s('ogImage'),
    ogName: s('ogName'),
    originChainId: typeof raw.originChainId === 'number' ? raw.originChainId : 0,
    originAddress: s('originAddress'),
    contractURI: {
      uri: typeof c.uri === 'string' ? c.uri : null,
      status: c.status === 'pending' || c.status === 'ok' || c.status === 'failed' ? c.status : 'none',
      ...(typeof c.error === 'string' ? { error: c.error } : {}),
      attempts: typeof c.attempts === 'number' ? c.attempts : 0,
      ...(typeof c.at === 'string' ? { at: c.at } : {}),
    },
  };
};

export const emptyStoredExtensions = (contractURI: ContractUriState): StoredExtensions => ({
  ...EMPTY_DOCUMENT_EXTENSIONS,
  originChainId: 0,
  originAddress: '',
  contractURI,
});

const kindOf = (t: string): ContractKind => ((CONTRACT_TYPES as readonly string[]).includes(t) ? (t as ContractKind) : 'UNKNOWN');

/** Whether any field of a contractURI document answers (only a document fills them). */
const documentAnswers = (ext: DocumentExtensions) => Boolean(ext.link || ext.description || ext.ogImage || ext.ogName);

export const contractInfoFromRow = (row: ContractRow): ContractInfo => {
  const ext = parseStoredExtensions(row.extensions) ?? emptyStoredExtensions({ uri: null, status: 'none', attempts: 0 });
  return {
    chainId: row.chainId,
    address: row.address,
    name: row.name,
    type: kindOf(row.type),
    symbol: row.symbol,
    decimals: row.decimals ?? null,
    logoURI: row.logoURI ?? '',
    deployed: Boolean(row.deployed),
    bytecodeHash: row.bytecodeHash || '0x',
    extensions: {
      link: ext.link,
      description: ext.description,
      ogImage: ext.ogImage,
      ogName: ext.ogName,
      originChainId: ext.originChainId,
      originAddress: ext.originAddress,
      blacklist: Boolean(row.blacklist),
      verified: Boolean(row.verified),
      verifiedBy: row.verifiedBy ?? '',
      featured: Boolean(row.featured),
    },
    updatedAt: row.updatedAt,
    source: documentAnswers(ext) ? 'CONTRACT_URI' : 'CHAIN',
    status: ext.contractURI.status === 'pending' ? 'FETCHING' : 'AVAILABLE',
  };
};

/** An address with no code that nothing has stored: answered, not kept. */
export const undeployedContractInfo = (chainId: number, address: string): ContractInfo => ({
  chainId,
  address,
  name: '',
  type: 'UNKNOWN',
  symbol: '',
  decimals: null,
  logoURI: '',
  deployed: false,
  bytecodeHash: '0x',
  extensions: {
    ...EMPTY_DOCUMENT_EXTENSIONS,
    originChainId: 0,
    originAddress: '',
    blacklist: false,
    verified: false,
    verifiedBy: '',
    featured: false,
  },
  updatedAt: null,
  source: 'NONE',
  status: 'NOT_AVAILABLE',
});
