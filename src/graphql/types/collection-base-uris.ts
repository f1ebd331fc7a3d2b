// CollectionBaseUris: where Strata serves the collection's public metadata documents.
import { builder } from '../builder';
import type { Collection } from '../../domain/collections/types';

export const CollectionBaseUrisRef = builder.objectRef<Collection['baseURIs']>('CollectionBaseUris').implement({
  description: 'The public URLs of a collection’s metadata documents, served without credentials unless the collection (or token) is private.',
  fields: (t) => ({
    contractMetadataUri: t.exposeString('contractMetadataURI', { description: 'The collection’s contract-level document (for contractURI()).' }),
    tokenMetadataUri: t.exposeString('tokenMetadataURI', { description: 'Append a token id (optionally `.json`).' }),
  }),
});
