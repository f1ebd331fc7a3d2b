// ContractType: the token standards Strata tells apart, and NATIVE for the chain's coin.
import { builder } from '../builder';
import { CONTRACT_TYPES } from '../../domain/contracts/types';

const DESCRIPTIONS: Record<(typeof CONTRACT_TYPES)[number], string> = {
  UNKNOWN: 'Not recognised as a token contract (or not classified yet).',
  ERC20: 'Fungible token (ERC-20).',
  ERC721: 'Non-fungible token (ERC-721).',
  ERC1155: 'Multi-token contract (ERC-1155).',
  ERC6909: 'Minimal multi-token contract (ERC-6909): balances per (account, token id), as ERC-1155.',
  NATIVE: 'The chain’s native coin: a transaction’s value, named by the zero address (token id 0, amounts in wei). Transfers only; no contract has it.',
};

export const ContractTypeRef = builder.enumType('ContractType', {
  description: 'The token standard of a contract.',
  values: Object.fromEntries(CONTRACT_TYPES.map((t) => [t, { value: t, description: DESCRIPTIONS[t] }])) as Record<
    (typeof CONTRACT_TYPES)[number],
    { value: (typeof CONTRACT_TYPES)[number]; description: string }
  >,
});
