// Collection: a hosted NFT collection, with its queries and mutations (bearer token of the owning project).
import { builder } from '../builder';
import type { Collection } from '../../domain/collections/types';
import { CollectionBaseUrisRef } from './collection-base-uris';
import { CollectionInput } from './collection-input';
import { CollectionMetadataRef } from './collection-metadata';
import { CollectionTokenConnectionRef } from './collection-token';
import { COLLECTION_ID_ARG, PROJECT_ARG } from './shared-args';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';

export const CollectionRef = builder.objectRef<Collection>('Collection').implement({
  description: 'A hosted NFT collection of a project, whose metadata documents Strata serves publicly unless it is private.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The collection’s id.' }),
    projectId: t.exposeInt('projectId', { description: 'The owning project’s id.' }),
    metadata: t.field({ type: CollectionMetadataRef, description: 'Its name, description, image, link and properties.', resolve: (c) => c.metadata }),
    private: t.exposeBoolean('private', { description: 'True when its public documents (its own and its tokens’) are not served.' }),
    tokenCount: t.exposeInt('tokenCount', { description: 'How many tokens it has, private ones included.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was created.', resolve: (c) => c.createdAt }),
    updatedAt: t.field({
      type: 'Timestamp',
      description: 'When its own fields last changed (changes to its tokens do not count).',
      resolve: (c) => c.updatedAt,
    }),
    baseUris: t.field({ type: CollectionBaseUrisRef, description: 'Where Strata serves the collection’s public documents.', resolve: (c) => c.baseURIs }),
    tokens: t.field({
      type: CollectionTokenConnectionRef,
      description: 'The collection’s tokens in token id order, 50 per page by default, at most 100.',
      args: { ...pagingArgs },
      resolve: async (c, args, ctx) =>
        connectionOf(await ctx.services.collections.listTokens(ctx.credentials, { projectId: c.projectId, collectionId: c.id, page: pageOfArgs(args) })),
    }),
  }),
});

const CollectionConnectionRef = connectionType(CollectionRef, 'Collection', {
  description: 'A page of a project’s collections, oldest first.',
  count: 'The project’s collections.',
});


builder.queryFields((t) => ({
  collections: t.field({
    nullable: true,
    type: CollectionConnectionRef,
    description: 'The project’s collections, oldest first, 30 per page by default, at most 100.',
    args: { projectId: t.arg.int(PROJECT_ARG), ...pagingArgs },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.collections.list(ctx.credentials, { projectId: args.projectId, page: pageOfArgs(args) })),
  }),
  collection: t.field({
    nullable: true,
    type: CollectionRef,
    description: 'One collection of the project (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int(COLLECTION_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.collections.get(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  createCollection: t.field({
    nullable: true,
    type: CollectionRef,
    description: 'Creates a collection in the project; `input.name` is required (bearer token of the project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      input: t.arg({ type: CollectionInput, required: true, description: 'The collection’s fields; `name` is required.' }),
    },
    resolve: (_, { projectId, input }, ctx) =>
      ctx.services.collections.create(ctx.credentials, { projectId, metadata: input, private: input.private }),
  }),
  updateCollection: t.field({
    nullable: true,
    type: CollectionRef,
    description: 'Changes the given fields of a collection; absent fields keep their value (bearer token of the owning project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int(COLLECTION_ID_ARG),
      input: t.arg({ type: CollectionInput, required: true, description: 'The fields to change.' }),
    },
    resolve: (_, { projectId, collectionId, input }, ctx) =>
      ctx.services.collections.update(ctx.credentials, { projectId, collectionId, metadata: input, private: input.private }),
  }),
  publishCollection: t.field({
    nullable: true,
    type: CollectionRef,
    description:
      'Publishes a collection: its public documents (and its public tokens’) are served from its `baseUris`. With `recursive`, every token is made public too (bearer token of the owning project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int(COLLECTION_ID_ARG),
      recursive: t.arg.boolean({ description: 'Also makes every private token of the collection public; false when absent.' }),
    },
    resolve: (_, args, ctx) => ctx.services.collections.publish(ctx.credentials, args),
  }),
  unpublishCollection: t.field({
    nullable: true,
    type: CollectionRef,
    description:
      'Unpublishes a collection: its documents, its tokens’ and their files answer 404 like missing ones, and linked contracts no longer answer from it. Tokens keep their own `private` flag (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int(COLLECTION_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.collections.unpublish(ctx.credentials, args),
  }),
  deleteCollection: t.boolean({
    nullable: true,
    description: 'Deletes a collection with all its tokens; true when deleted, NOT_FOUND when there is none (bearer token of the owning project).',
    args: { projectId: t.arg.int(PROJECT_ARG), collectionId: t.arg.int(COLLECTION_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.collections.delete(ctx.credentials, args),
  }),
}));
