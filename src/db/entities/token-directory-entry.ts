// A token one token list names on a configured chain, with what the list says of it. Rows of a list are replaced
// together by an import that passed validation (domain/trust/store.ts).
import { EntitySchema } from 'typeorm';
import { Address } from '../columns';

export type TokenDirectoryEntryRow = {
  chainId: number;
  /** Lower-case, 0x-prefixed. */
  address: string;
  listKey: string;
  name: string;
  symbol: string;
  decimals: number;
  logoURI: string | null;
};

export const TokenDirectoryEntryEntity = new EntitySchema<TokenDirectoryEntryRow>({
  name: 'TokenDirectoryEntry',
  tableName: 'token_directory_entries',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    listKey: { type: 'varchar', length: 64, primary: true, name: 'list_key' },
    name: { type: 'varchar', length: 100 },
    symbol: { type: 'varchar', length: 40 },
    decimals: { type: 'integer' },
    logoURI: { type: 'varchar', length: 2048, nullable: true, name: 'logo_uri' },
  },
});
