// ContractInfoStatus: whether a contract's info is there.
import { builder } from '../builder';
import { CONTRACT_INFO_STATUSES, type ContractInfoStatus } from '../../domain/contracts/types';

const DESCRIPTIONS: Record<ContractInfoStatus, string> = {
  AVAILABLE: 'The info is there.',
  FETCHING: 'The info is there; its contractURI document is being fetched (the previous document’s fields answer meanwhile).',
  NOT_AVAILABLE: 'Nothing is there: an address with no code that nothing (not even an override) has stored.',
};

export const ContractInfoStatusRef = builder.enumType('ContractInfoStatus', {
  description: 'Whether a contract’s info is there.',
  values: Object.fromEntries(CONTRACT_INFO_STATUSES.map((s) => [s, { value: s, description: DESCRIPTIONS[s] }])) as Record<
    ContractInfoStatus,
    { value: ContractInfoStatus; description: string }
  >,
});
