// Metadata service wire shapes: requests renamed into GraphQL variables, results renamed to the published clients' JSON.
import type { GetContractInfoQuery, GetTokenMetadataQuery } from '../generated/operations';
import { SEARCH_PAGE } from '../../domain/contracts/search';
import { tokenMetadataOut } from './collections';
import { chainIdIn, numberedPageIn, obj, omitEmpty, type Body, type Answered } from './common';
import { CONTRACT_SOURCE, CONTRACT_STATUS, TOKEN_SOURCE, TOKEN_STATUS } from './sources';

const chainIdsIn = (v: unknown) => (Array.isArray(v) ? v.map(chainIdIn) : v);

/** Contract types in any case and spacing, as the service always took them; GraphQL's enum wants them exact. */
const typesIn = (v: unknown) => (Array.isArray(v) ? v.map((t) => (typeof t === 'string' ? t.trim().toUpperCase() : t)) : v);

export const searchContractsIn = (b: Body) => ({
  q: b.q,
  chainID: chainIdIn(b.chainID),
  chainIDs: chainIdsIn(b.chainIDs),
  types: typesIn(b.types),
  ...numberedPageIn(b.page, SEARCH_PAGE),
});

/** `contractTokenMap` {address: [ids]} as a list of {contractAddress, tokenIds}; anything else goes through for GraphQL to refuse. */
export const contractTokenMapIn = (v: unknown) => {
  const m = obj(v);
  return m ? Object.entries(m).map(([contractAddress, tokenIds]) => ({ contractAddress, tokenIds })) : v;
};

/** Documents that do not select `override` (the Indexer's embedded contractInfo) fit too. */
type ContractInfoResult = Omit<Answered<GetContractInfoQuery>['contractInfo'], 'override'> & { override?: { updatedAt: string } | null };

/**
 * ContractInfo in the order of the published Go struct; decimals, logoURI and unset operator flags are omitted
 * (`queuedAt` too: a refresh queued by RefreshContractInfo is a task of its own). `source` and `status` are the clients'
 * names (wire/sources.ts).
 * `overridden: true` (Strata's own field) says an operator's override replaced some of what the chain and the web say.
 */
export const contractInfoOut = (c: ContractInfoResult) => {
  const e = c.extensions;
  return {
    chainId: c.chainId,
    address: c.address,
    source: CONTRACT_SOURCE[c.source],
    name: c.name,
    type: c.type,
    symbol: c.symbol,
    ...(c.decimals !== null ? { decimals: c.decimals } : {}),
    ...omitEmpty({ logoURI: c.logoURI }),
    deployed: c.deployed,
    bytecodeHash: c.bytecodeHash,
    extensions: {
      link: e.link,
      description: e.description,
      ogImage: e.ogImage,
      ogName: e.ogName,
      originChainId: e.originChainId,
      originAddress: e.originAddress,
      ...(e.blacklist ? { blacklist: true } : {}),
      verified: e.verified,
      ...omitEmpty({ verifiedBy: e.verifiedBy }),
      ...(e.featured ? { featured: true } : {}),
    },
    updatedAt: c.updatedAt,
    status: CONTRACT_STATUS[c.status],
    ...(c.override ? { overridden: true } : {}),
  };
};

type TokenMetadataResult = Answered<GetTokenMetadataQuery>['tokenMetadata'][number];

/** TokenMetadata with both spellings of the four snake/camel fields (Decision 2). */
/** The spec's Asset; a token without uploaded media leaves `assets` out (Go's omitempty). */
const assetOut = (a: TokenMetadataResult['assets'][number]) => ({
  id: a.id,
  collectionId: a.collectionId,
  metadataField: a.metadataField,
  tokenId: a.tokenId,
  url: a.url,
  filename: a.filename,
  filesize: a.filesize,
  mimeType: a.mimeType,
  width: a.width ?? 0,
  height: a.height ?? 0,
  updatedAt: a.updatedAt,
});

export const metadataTokenOut = (t: TokenMetadataResult) => ({
  ...tokenMetadataOut(t, t.updatedAt, { source: TOKEN_SOURCE[t.source], status: TOKEN_STATUS[t.status] }),
  ...(t.assets.length ? { assets: t.assets.map(assetOut) } : {}),
});

/** A map keyed by address, from GraphQL's list of entries. */
export const byAddress = <E, V>(entries: E[], key: (e: E) => string, value: (e: E) => V): Record<string, V> =>
  Object.fromEntries(entries.map((e) => [key(e), value(e)]));
