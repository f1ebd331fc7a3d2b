// CollectionContractLink: a hosted collection linked to a deployed contract, whose token metadata it then answers (bearer token of the owner).
import { builder } from '../builder';
import type { CollectionLink } from '../../domain/token-metadata/types';
import { CollectionRef } from './collection';
import { COLLECTION_ID_ARG, PROJECT_ARG } from './shared-args';

const CollectionContractLinkRef = builder.objectRef<CollectionLink>('CollectionContractLink').implement({
  description: 'A hosted collection linked to a deployed contract: the contract’s token metadata is answered from the collection.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The contract’s chain id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The linked contract, lower-case hex.' }),
    collectionId: t.exposeInt('collectionId', { description: 'The hosted collection’s id.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When the link was made.', resolve: (l) => l.createdAt }),
  }),
});

builder.objectField(CollectionRef, 'linkedContracts', (t) =>
  t.field({
    type: [CollectionContractLinkRef],
    description: 'Deployed contracts whose token metadata this collection answers.',
    resolve: (c, _, ctx) => ctx.services.collectionLinks.list(ctx.credentials, { projectId: c.projectId, collectionId: c.id }),
  }),
);

const LINK_ARGS = builder.args((t) => ({
  projectId: t.int(PROJECT_ARG),
  collectionId: t.int(COLLECTION_ID_ARG),
  chainId: t.string({ required: true, description: 'A configured chain id or name.' }),
  contractAddress: t.string({ required: true, description: 'The deployed contract’s address, 0x-prefixed hex in any case.' }),
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
  unlinkCollectionContract: t.boolean({
    nullable: true,
    description:
      'Removes the link, so the contract’s token metadata is no longer answered from the collection: true, or NOT_FOUND when not linked (bearer token of the owner).',
    args: LINK_ARGS,
    resolve: (_, args, ctx) => ctx.services.collectionLinks.unlink(ctx.credentials, args),
  }),
}));
