// A hosted collection linked to a deployed contract: that contract's token metadata is answered from the collection.
import { EntitySchema } from 'typeorm';
import { Address, Timestamp } from '../columns';

export type CollectionLinkRow = {
  chainId: number;
  contract: string;
  collectionId: number;
  createdAt: Date;
};

export const CollectionLinkEntity = new EntitySchema<CollectionLinkRow>({
  name: 'CollectionLink',
  tableName: 'collection_links',
  columns: {
    chainId: { type: 'integer', primary: true, name: 'chain_id' },
    contract: Address({ primary: true }),
    collectionId: { type: 'integer', name: 'collection_id' },
    createdAt: Timestamp({ name: 'created_at' }),
  },
  indices: [{ name: 'idx_collection_links_collection', columns: ['collectionId'] }],
});
