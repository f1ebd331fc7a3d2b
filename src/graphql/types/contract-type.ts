// ContractType: the token standards Strata tells apart.
import { builder } from '../builder';
import { CONTRACT_TYPES } from '../../domain/contracts/types';

const DESCRIPTIONS: Record<(typeof CONTRACT_TYPES)[number], string> = {
  UNKNOWN: 'Not recognised as a token contract (or not classified yet).',
  ERC20: 'Fungible token (ERC-20).',
  ERC721: 'Non-fungible token (ERC-721).',
  ERC1155: 'Multi-token contract (ERC-1155).',
};

export const ContractTypeRef = builder.enumType('ContractType', {
  description: 'The token standard of a contract.',
  values: Object.fromEntries(CONTRACT_TYPES.map((t) => [t, { value: t, description: DESCRIPTIONS[t] }])) as Record<
    (typeof CONTRACT_TYPES)[number],
    { value: (typeof CONTRACT_TYPES)[number]; description: string }
  >,
});
