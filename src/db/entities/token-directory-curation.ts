// The operator's word on one contract of the token directory (Admin Add/Remove/SetTokenDirectoryFeatureIndex): it wins
// over what the token lists say.
import { EntitySchema } from 'typeorm';
import { Address, Timestamp } from '../columns';

export type TokenDirectoryCurationRow = {
  chainId: number;
  address: string;
  /** true: in the directory whatever the lists say; false: out of it whatever they say; null: as the lists say. */
  listed: boolean | null;
  /** Above 0: featured, higher first. */
  featureIndex: number;
  updatedAt: Date;
};

export const TokenDirectoryCurationEntity = new EntitySchema<TokenDirectoryCurationRow>({
  name: 'TokenDirectoryCuration',
  tableName: 'token_directory_curation',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    listed: { type: 'boolean', nullable: true },
    featureIndex: { type: 'integer', default: 0, name: 'feature_index' },
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
