// CollectionMetadata: the descriptive part of a hosted collection.
import { builder } from '../builder';
import type { CollectionMetadata } from '../../domain/collections/types';

export const CollectionMetadataRef = builder.objectRef<CollectionMetadata>('CollectionMetadata').implement({
  fields: (t) => ({
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    image: t.exposeString('image', { nullable: true }),
    externalLink: t.exposeString('externalLink', { nullable: true }),
    properties: t.field({ type: 'JSONObject', nullable: true, resolve: (m) => m.properties }),
  }),
});
