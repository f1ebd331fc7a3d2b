// The GraphQL schema: imports every type file, then builds.
import './scalars';
import './types/numbered-page';
import './types/collection-metadata';
import './types/collection-base-uris';
import './types/collection-input';
import './types/token-metadata-input';
import './types/collection-token';
import './types/collection';
import { builder } from './builder';

export const schema = builder.toSchema({ sortSchema: true });
