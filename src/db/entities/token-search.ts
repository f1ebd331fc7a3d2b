// One row per token with a stored metadata document: where every token search starts (its folded name, its order).
import { EntitySchema } from 'typeorm';
import { Address, Timestamp, Uint256 } from '../columns';

export type TokenSearchRow = {
  chainId: number;
  contract: string;
  tokenId: string;
  /** The token id as a string that sorts numerically: two digits of length, then the digits. */
  tokenKey: string;
  /** The document's name, lower-cased, first 255 characters. */
  name: string;
  /** When the indexed document was fetched; an index row older than its document is rebuilt. */
  fetchedAt: Date | null;
};

export const TokenSearchEntity = new EntitySchema<TokenSearchRow>({
  name: 'TokenSearch',
  tableName: 'token_search',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    tokenId: Uint256({ primary: true, name: 'token_id' }),
    tokenKey: { type: 'varchar', length: 80, name: 'token_key' },
    name: { type: 'varchar', length: 255 },
    fetchedAt: Timestamp({ nullable: true, name: 'fetched_at' }),
  },
});
