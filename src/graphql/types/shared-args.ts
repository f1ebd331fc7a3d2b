// Argument options several fields share: the same words for the same argument everywhere.

/** The project argument of every call that takes the project's bearer token. */
export const PROJECT_ARG = { description: 'Defaults to the bearer token’s project.' } as const;
export const COLLECTION_ID_ARG = { required: true, description: 'The collection’s id.' } as const;
