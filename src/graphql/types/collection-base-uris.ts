// CollectionBaseURIs: where Strata serves the collection's public metadata documents.
import { builder } from '../builder';
import type { Collection } from '../../domain/collections/types';

export const CollectionBaseURIsRef = builder.objectRef<Collection['baseURIs']>('CollectionBaseURIs').implement({
  fields: (t) => ({
    contractMetadataURI: t.exposeString('contractMetadataURI'),
    tokenMetadataURI: t.exposeString('tokenMetadataURI', { description: 'Append a token id (optionally `.json`).' }),
  }),
});
