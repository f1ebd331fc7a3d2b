// ContractInfoSource: where a contract's info came from.
import { builder } from '../builder';
import { CONTRACT_INFO_SOURCES, type ContractInfoSource } from '../../domain/contracts/types';

const DESCRIPTIONS: Record<ContractInfoSource, string> = {
  CHAIN: 'Read from its chain: code, name(), symbol(), decimals().',
  CONTRACT_URI: 'Read from its chain, with fields of the document its contractURI() points at.',
  TOKEN_LIST: 'A token list of the token directory gave its name, symbol, decimals and logo (see `tokenDirectory`).',
  OVERRIDE: 'An operator’s override replaced some of what the chain and the document say (see `override`).',
  NONE: 'An address with no code that nothing has stored.',
};

export const ContractInfoSourceRef = builder.enumType('ContractInfoSource', {
  description: 'Where a contract’s info came from.',
  values: Object.fromEntries(CONTRACT_INFO_SOURCES.map((s) => [s, { value: s, description: DESCRIPTIONS[s] }])) as Record<
    ContractInfoSource,
    { value: ContractInfoSource; description: string }
  >,
});
