// CollectionContractLink: a hosted collection linked to a deployed contract, whose token metadata it then answers (bearer token of the owner).
import { builder } from '../builder';
import type { CollectionLink } from '../../domain/token-metadata/types';
import { CollectionRef } from './collection';

const CollectionContractLinkRef = builder.objectRef<CollectionLink>('CollectionContractLink').implement({
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    contractAddress: t.exposeString('contractAddress'),
    collectionId: t.exposeInt('collectionId'),
    createdAt: t.field({ type: 'Timestamp', resolve: (l) => l.createdAt }),
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
  projectId: t.int({ description: 'Defaults to the bearer token’s project.' }),
  collectionId: t.int({ required: true }),
  chainId: t.string({ required: true, description: 'A configured chain id or name.' }),
  contractAddress: t.string({ required: true }),
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
    args: LINK_ARGS,
    resolve: (_, args, ctx) => ctx.services.collectionLinks.unlink(ctx.credentials, args),
  }),
}));
