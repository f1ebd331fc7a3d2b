// The contract types Strata tells apart: the one list that storage, decoding, events, services and both wire formats
// spell the type with (its values are wire values: GraphQL's ContractType enum, the RPC's contractType strings).
export const CONTRACT_TYPES = ['UNKNOWN', 'ERC20', 'ERC721', 'ERC1155', 'ERC6909', 'NATIVE'] as const;
export type ContractType = (typeof CONTRACT_TYPES)[number];

/** The token standards, whose transfer logs ingestion decodes. */
export type TokenStandard = Exclude<ContractType, 'UNKNOWN' | 'NATIVE'>;
export const TOKEN_STANDARDS: readonly TokenStandard[] = CONTRACT_TYPES.filter((t): t is TokenStandard => t !== 'UNKNOWN' && t !== 'NATIVE');

/** What a stored transfer is: a token standard's log, or a transaction's native coin `value` (native-transfers.ts). */
export type TransferKind = TokenStandard | 'NATIVE';
export const TRANSFER_KINDS: readonly TransferKind[] = [...TOKEN_STANDARDS, 'NATIVE'];
