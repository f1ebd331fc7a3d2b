// One row per (token, property, value) of stored token metadata documents: the index trait search reads.
import { EntitySchema } from 'typeorm';
import { Address } from '../columns';

/** s: text, n: number, a: element of an array, b: boolean. */
export type TokenTraitKind = 's' | 'n' | 'a' | 'b';

export type TokenTraitRow = {
  chainId: number;
  contract: string;
  /** The attribute's trait_type, or the key in `properties`. */
  name: string;
  /** The value as text (numbers in JavaScript's canonical form, booleans `true`/`false`). */
  value: string;
  /** See TokenSearchRow.tokenKey. */
  tokenKey: string;
  /** The value as a number, for numeric values only (range filters). */
  valueNum: number | null;
  kind: TokenTraitKind;
};

export const TokenTraitEntity = new EntitySchema<TokenTraitRow>({
  name: 'TokenTrait',
  tableName: 'token_traits',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    name: { type: 'varchar', length: 128, primary: true },
    value: { type: 'varchar', length: 255, primary: true },
    tokenKey: { type: 'varchar', length: 80, primary: true, name: 'token_key' },
    valueNum: { type: 'double', nullable: true, name: 'value_num' },
    kind: { type: 'varchar', length: 1 },
  },
});
