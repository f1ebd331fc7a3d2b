// Per contract, each (property, value) its stored token documents have, with how many tokens have it: the property
// filters a contract offers, and how rare a search condition is.
import { EntitySchema } from 'typeorm';
import { Address } from '../columns';
import type { TokenTraitKind } from './token-trait';

export type TokenTraitValueRow = {
  chainId: number;
  contract: string;
  name: string;
  value: string;
  /** The kind the last token written with this value gave it (see TokenTraitRow.kind). */
  kind: TokenTraitKind;
  valueNum: number | null;
  /** Tokens with this value; 0 rows are kept (and skipped by reads). */
  tokens: number;
};

export const TokenTraitValueEntity = new EntitySchema<TokenTraitValueRow>({
  name: 'TokenTraitValue',
  tableName: 'token_trait_values',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    name: { type: 'varchar', length: 128, primary: true },
    value: { type: 'varchar', length: 255, primary: true },
    kind: { type: 'varchar', length: 1 },
    valueNum: { type: 'double', nullable: true, name: 'value_num' },
    tokens: { type: 'integer' },
  },
});
