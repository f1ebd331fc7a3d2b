// What the operator set over a contract's info (Admin contract-info overrides): set fields win over the chain and the web.
import { EntitySchema } from 'typeorm';
import { Address, Timestamp } from '../columns';

export type ContractInfoOverrideRow = {
  chainId: number;
  address: string;
  /** null: not overridden. */
  name: string | null;
  type: string | null;
  symbol: string | null;
  decimals: number | null;
  logoURI: string | null;
  /** Copies of extensions fields that searches filter and sort on. */
  blacklist: boolean | null;
  verified: boolean | null;
  featured: boolean | null;
  /** JSON of the extensions override as validated (unset fields left out). */
  extensions: string;
  createdAt: Date;
  updatedAt: Date;
};

export const ContractInfoOverrideEntity = new EntitySchema<ContractInfoOverrideRow>({
  name: 'ContractInfoOverride',
  tableName: 'contract_info_overrides',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    address: Address({ primary: true }),
    name: { type: 'varchar', length: 200, nullable: true },
    type: { type: 'varchar', length: 16, nullable: true },
    symbol: { type: 'varchar', length: 100, nullable: true },
    decimals: { type: 'integer', nullable: true },
    logoURI: { type: 'varchar', length: 2048, nullable: true, name: 'logo_uri' },
    blacklist: { type: 'boolean', nullable: true },
    verified: { type: 'boolean', nullable: true },
    featured: { type: 'boolean', nullable: true },
    extensions: { type: 'text' },
    createdAt: Timestamp({ name: 'created_at' }),
    updatedAt: Timestamp({ name: 'updated_at' }),
  },
});
