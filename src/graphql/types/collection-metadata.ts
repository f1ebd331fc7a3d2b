// CollectionMetadata: the descriptive part of a hosted collection.
import { builder } from '../builder';
import type { CollectionMetadata } from '../../domain/collections/types';

export const CollectionMetadataRef = builder.objectRef<CollectionMetadata>('CollectionMetadata').implement({
  description: 'The descriptive part of a hosted collection, served in its public contract-level document.',
  fields: (t) => ({
    name: t.exposeString('name', { description: 'The collection’s name.' }),
    description: t.exposeString('description', { description: 'Free text; empty when none was given.' }),
    image: t.exposeString('image', { nullable: true, description: 'Image URL; null when none.' }),
    externalLink: t.exposeString('externalLink', {
      nullable: true,
      description: 'The collection’s website URL (`external_link` in its document); null when none.',
    }),
    properties: t.field({
      type: 'JSONObject',
      nullable: true,
      description: 'Free-form properties (string, number or boolean values), keys sorted; null when none.',
      resolve: (m) => m.properties,
    }),
  }),
});
