// CollectionContractLink: a hosted collection linked to a deployed contract, whose token metadata it then answers (bearer token of the owner).
import { builder } from '../builder';
import type { CollectionLink } from '../../domain/token-metadata/types';
import { CollectionRef } from './collection';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { COLLECTION_ID_ARG, PROJECT_ARG } from './shared-args';

const CollectionContractLinkRef = builder.objectRef<CollectionLink>('CollectionContractLink').implement({
  description: 'A hosted collection linked to a deployed contract: the contract’s token metadata is answered from the collection.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The link’s id (the published clients’ ContractCollection id).' }),
    chainId: t.exposeInt('chainId', { description: 'The contract’s chain id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The linked contract, lower-case hex.' }),
    collectionId: t.exposeInt('collectionId', { description: 'The hosted collection’s id.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When the link was made.', resolve: (l) => l.createdAt }),
  }),
});

builder.objectField(CollectionContractLinkRef, 'collection', (t) =>
  t.field({
    type: CollectionRef,
    description: 'The hosted collection the contract answers from.',
    resolve: (l, _, ctx) => ctx.services.collections.get(ctx.credentials, { collectionId: l.collectionId }),
  }),
);

const CollectionContractLinkConnectionRef = connectionType(CollectionContractLinkRef, 'CollectionContractLink', {
  description: 'A page of a project’s contract links, oldest first.',
  count: 'The links listed.',
});

builder.objectField(CollectionRef, 'linkedContracts', (t) =>
  t.field({
    type: [CollectionContractLinkRef],
    description: 'Deployed contracts whose token metadata this collection answers.',
    resolve: (c, _, ctx) => ctx.services.collectionLinks.list(ctx.credentials, { projectId: c.projectId, collectionId: c.id }),
  }),
);

const CONTRACT_ARGS = builder.args((t) => ({
  projectId: t.int(PROJECT_ARG),
  chainId: t.string({ required: true, description: 'A configured chain id or name.' }),
  contractAddress: t.string({ required: true, description: 'The deployed contract’s address, 0x-prefixed hex in any case.' }),
}));

const LINK_ARGS = builder.args((t) => ({ ...CONTRACT_ARGS, collectionId: t.int(COLLECTION_ID_ARG) }));

builder.queryFields((t) => ({
  collectionContractLink: t.field({
    nullable: true,
    type: CollectionContractLinkRef,
    description: 'The link of a deployed contract to one of the project’s collections; NOT_FOUND when it has none (bearer token of the owner).',
    args: CONTRACT_ARGS,
    resolve: (_, args, ctx) => ctx.services.collectionLinks.get(ctx.credentials, args),
  }),
  collectionContractLinks: t.field({
    nullable: true,
    type: CollectionContractLinkConnectionRef,
    description: 'The links of the project’s collections (or of one), oldest first, 50 per page by default, at most 100 (bearer token of the project).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      collectionId: t.arg.int({ description: 'Only the links of this collection.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) =>
      connectionOf(await ctx.services.collectionLinks.listOfProject(ctx.credentials, { projectId: args.projectId, collectionId: args.collectionId, page: pageOfArgs(args) })),
  }),
}));

builder.mutationFields((t) => ({
  linkCollectionContract: t.field({
    nullable: true,
    type: CollectionContractLinkRef,
    description:
      'Answers the contract’s token metadata from this collection. The contract must point at the collection: contractURI() returns its contractMetadataUri, or (ERC-1155) uri(0) starts with its tokenMetadataUri.',
    args: LINK_ARGS,
    resolve: (_, args, ctx) => ctx.services.collectionLinks.link(ctx.credentials, args),
  }),
  updateCollectionContractLink: t.field({
    nullable: true,
    type: CollectionContractLinkRef,
    description:
      'Moves a contract’s link to another collection of the project, which the contract must point at as for linkCollectionContract (bearer token of the owner).',
    args: LINK_ARGS,
    resolve: (_, args, ctx) => ctx.services.collectionLinks.relink(ctx.credentials, args),
  }),
  unlinkCollectionContract: t.boolean({
    nullable: true,
    description:
      'Removes the link, so the contract’s token metadata is no longer answered from the collection: true, or NOT_FOUND when not linked (bearer token of the owner).',
    args: { ...CONTRACT_ARGS, collectionId: t.arg.int({ description: 'When given, the link must be to this collection.' }) },
    resolve: (_, args, ctx) => ctx.services.collectionLinks.unlink(ctx.credentials, args),
  }),
}));
