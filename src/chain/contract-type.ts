// The contract types Strata tells apart: the one list that storage, decoding, events, services and both wire formats
// spell the type with (its values are wire values: GraphQL's ContractType enum, the RPC's contractType strings).
export const CONTRACT_TYPES = ['UNKNOWN', 'ERC20', 'ERC721', 'ERC1155'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The token standards, whose transfers ingestion decodes: a transfer's contract type is never UNKNOWN. */
export type TokenStandard = Exclude<ContractType, 'UNKNOWN'>;
export const TOKEN_STANDARDS: readonly TokenStandard[] = CONTRACT_TYPES.filter((t): t is TokenStandard => t !== 'UNKNOWN');
