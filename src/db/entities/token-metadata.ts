// Cached token metadata per (chain, contract, token id): the normalised document and how its last fetch went.
import { EntitySchema } from 'typeorm';
import { Address, JsonText, Timestamp, Uint256 } from '../columns';

/** AVAILABLE: the last fetch succeeded. FAILED: it did not (a document from an earlier success may remain). */
export type TokenMetadataFetchStatus = 'AVAILABLE' | 'FAILED';

export type TokenMetadataRow = {
  chainId: number;
  contract: string;
  tokenId: string;
  status: TokenMetadataFetchStatus;
  /** The token URI the contract returned (first 2048 characters), null when it returned none. */
  sourceUri: string | null;
  /** JSON of the normalised document (src/web NormalizedTokenMetadata), null until a fetch succeeds. */
  document: string | null;
  /** Why the last fetch failed; null after a success. */
  error: string | null;
  /** Failed fetches in a row; 0 after a success. */
  attempts: number;
  fetchedAt: Date | null;
  attemptedAt: Date;
  /** A failed token is not fetched again by reads before this time (backoff); null when AVAILABLE. */
  retryAt: Date | null;
  updatedAt: Date;
};

export const TokenMetadataEntity = new EntitySchema<TokenMetadataRow>({
  name: 'TokenMetadata',
  tableName: 'token_metadata',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    status: { type: 'varchar', length: 16 },
    sourceUri: { type: 'varchar', length: 2048, nullable: true, name: 'source_uri' },
    // LONGTEXT on MySQL (see the migration): media fields may hold inline data: URIs.
    document: JsonText(),
    error: { type: 'varchar', length: 500, nullable: true },
    attempts: { type: 'integer', default: 0 },
    fetchedAt: Timestamp({ nullable: true, name: 'fetched_at' }),
    attemptedAt: Timestamp({ name: 'attempted_at' }),
    retryAt: Timestamp({ nullable: true, name: 'retry_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
