// A hosted collection linked to a deployed contract: that contract's token metadata is answered from the collection.
import { EntitySchema } from 'typeorm';
import { Address, AutoId, Timestamp } from '../columns';

export type CollectionLinkRow = {
  /** The published clients' ContractCollection id. */
  id: number;
  chainId: number;
  contract: string;
  collectionId: number;
  createdAt: Date;
};

export const CollectionLinkEntity = new EntitySchema<CollectionLinkRow>({
  name: 'CollectionLink',
  tableName: 'collection_links',
  columns: {
    id: AutoId(),
    chainId: { type: 'integer', name: 'chain_id' },
    contract: Address(),
    collectionId: { type: 'integer', name: 'collection_id' },
    createdAt: Timestamp({ name: 'created_at' }),
  },
  indices: [
    { name: 'idx_collection_links_contract', columns: ['chainId', 'contract'], unique: true },
    { name: 'idx_collection_links_collection', columns: ['collectionId'] },
  ],
});
