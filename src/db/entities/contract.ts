// ContractInfo per (chain, address): basics read from the chain, plus operator flags and contractURI extensions.
import { EntitySchema } from 'typeorm';
import type { ContractType } from '../../chain/contract-type';
import { Address, BlockNumber, Hash, JsonText, Timestamp } from '../columns';

export type ContractRow = {
  chainId: number;
  address: string;
  type: ContractType;
  name: string;
  symbol: string;
  decimals: number | null;
  deployed: boolean;
  bytecodeHash: string;
  /** First block ingestion saw it in, when it came from ingestion. */
  firstBlock: number | null;
  /** JSON: description, link, ogImage, ogName… from contractURI(). */
  extensions: string | null;
  logoURI: string | null;
  verified: boolean;
  verifiedBy: string | null;
  blacklist: boolean;
  featured: boolean;
  refreshedAt: Date;
  updatedAt: Date;
};

export const ContractEntity = new EntitySchema<ContractRow>({
  name: 'Contract',
  tableName: 'contracts',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    type: { type: 'varchar', length: 16 },
    name: { type: 'varchar', length: 200 },
    symbol: { type: 'varchar', length: 100 },
    decimals: { type: 'integer', nullable: true },
    deployed: { type: 'boolean' },
    bytecodeHash: Hash({ name: 'bytecode_hash' }),
    firstBlock: BlockNumber({ nullable: true, name: 'first_block' }),
    extensions: JsonText(),
    logoURI: { type: 'varchar', length: 2048, nullable: true, name: 'logo_uri' },
    verified: { type: 'boolean', default: false },
    verifiedBy: { type: 'varchar', length: 200, nullable: true, name: 'verified_by' },
    blacklist: { type: 'boolean', default: false },
    featured: { type: 'boolean', default: false },
    refreshedAt: Timestamp({ name: 'refreshed_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
