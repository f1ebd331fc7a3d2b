// Argument options several fields share: the same words for the same argument everywhere.

/** The project argument of every call that takes the project's bearer token. */
export const PROJECT_ARG = { description: 'Defaults to the bearer token’s project.' } as const;
export const COLLECTION_ID_ARG = { required: true, description: 'The collection’s id.' } as const;
/** State as of a block: balances, holders and supplies read from the stored balance changes (domain/indexer/at-block.ts). */
export const AT_BLOCK_ARG = {
  description:
    'Answer as of this block (after its transfers) instead of now: any block from the chain’s start block up to the indexed block (InvalidArgument otherwise). Exact, from the stored balance changes; costs one index seek per balance read.',
} as const;
