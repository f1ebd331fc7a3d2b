// Collection: a hosted NFT collection, with its queries and mutations (bearer token of the owning project).
import { builder } from '../builder';
import type { Collection } from '../../domain/collections/types';
import type { NumberedPage } from '../../domain/paging';
import { CollectionBaseURIsRef } from './collection-base-uris';
import { CollectionInput } from './collection-input';
import { CollectionMetadataRef } from './collection-metadata';
import { CollectionTokenPageRef } from './collection-token';
import { NumberedPageRef, PageInput } from './numbered-page';

export const CollectionRef = builder.objectRef<Collection>('Collection').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    projectId: t.exposeInt('projectId'),
    metadata: t.field({ type: CollectionMetadataRef, resolve: (c) => c.metadata }),
    private: t.exposeBoolean('private'),
    tokenCount: t.exposeInt('tokenCount'),
    createdAt: t.field({ type: 'Timestamp', resolve: (c) => c.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', resolve: (c) => c.updatedAt }),
    baseURIs: t.field({ type: CollectionBaseURIsRef, resolve: (c) => c.baseURIs }),
    tokens: t.field({
      type: CollectionTokenPageRef,
      args: { page: t.arg({ type: PageInput }) },
      resolve: (c, args, ctx) =>
        ctx.services.collections.listTokens(ctx.credentials, { projectId: c.projectId, collectionId: c.id, page: args.page }),
    }),
  }),
});

const CollectionPageRef = builder.objectRef<{ page: NumberedPage; collections: Collection[] }>('CollectionPage').implement({
  fields: (t) => ({
    page: t.field({ type: NumberedPageRef, resolve: (p) => p.page }),
    collections: t.field({ type: [CollectionRef], resolve: (p) => p.collections }),
  }),
});

const PROJECT_ARG = { description: 'Defaults to the bearer token’s project.' };

builder.queryFields((t) => ({
  collections: t.field({
    type: CollectionPageRef,
    description: 'The project’s collections, 30 per page by default.',
    args: { projectId: t.arg.int(PROJECT_ARG), page: t.arg({ type: PageInput }) },
    resolve: (_, args, ctx) => ctx.services.collections.list(ctx.credentials, args),
  }),
  collection: t.field({
    type: CollectionRef,
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => ctx.services.collections.get(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollection: t.field({
    type: CollectionRef,
    args: { projectId: t.arg.int(PROJECT_ARG), input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_, { projectId, input }, ctx) =>
      ctx.services.collections.create(ctx.credentials, { projectId, metadata: input, private: input.private }),
  }),
  updateCollection: t.field({
    type: CollectionRef,
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int({ required: true }), input: t.arg({ type: CollectionInput, required: true }) },
    resolve: (_, { projectId, collectionId, input }, ctx) =>
      ctx.services.collections.update(ctx.credentials, { projectId, collectionId, metadata: input, private: input.private }),
  }),
  deleteCollection: t.boolean({
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int({ required: true }) },
    resolve: (_, args, ctx) => ctx.services.collections.delete(ctx.credentials, args),
  }),
}));
