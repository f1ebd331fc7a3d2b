// Links from hosted collections to deployed contracts: who may create them, and what they answer.
import { chainAddressWhere, type Db } from '../../db';
import { CollectionEntity, CollectionLinkEntity, type CollectionLinkRow } from '../../db';
import type { ChainRegistry } from '../../chain/registry';
import { readContractURI, readERC1155Uri } from '../../chain';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import type { CollectionsService } from '../collections/service';
import type { CollectionToken } from '../collections/types';
import { DomainError, notFound, permissionDenied } from '../errors';
import { type Maybe, requireAddress } from '../validate';
import { unavailable } from '../metadata-jobs/failures';
import { contractKeyOf, type ContractKey } from '../contracts/types';
import type { CollectionLink } from './types';

type LinkRequest = { projectId?: Maybe<number>; collectionId: number; chainId?: Maybe<string>; contractAddress: string };

export type CollectionLinksService = {
  /**
   * Links the caller's collection to a deployed contract. The contract must point at the
   * collection: its contractURI() is the collection's contractMetadataURI, or (ERC-1155) its
   * uri(0) starts with the collection's tokenMetadataURI. Anyone else's contract stays theirs.
   */
  link(creds: Credentials, req: LinkRequest): Promise<CollectionLink>;
  unlink(creds: Credentials, req: LinkRequest): Promise<boolean>;
  /** Links of a collection the caller owns. */
  list(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }): Promise<CollectionLink[]>;
  /** Internal: the collection linked to each contract that has one, keyed `chainId:address`. */
  collectionsOf(keys: ContractKey[]): Promise<Map<string, { collectionId: number; private: boolean }>>;
  /** Internal: the public (non-private) tokens of a collection among `tokenIds`. */
  publicTokens(collectionId: number, tokenIds: string[]): Promise<Map<string, CollectionToken>>;
};

const linkOf = (r: CollectionLinkRow): CollectionLink => ({
  chainId: r.chainId,
  contractAddress: r.contract,
  collectionId: r.collectionId,
  createdAt: r.createdAt,
});

export const createCollectionLinksService = ({
  db,
  registry,
  chains,
  collections,
}: {
  db: Db;
  registry: ChainRegistry;
  chains: ChainsService;
  collections: CollectionsService;
}): CollectionLinksService => {
  const links = db.getRepository(CollectionLinkEntity);

  /** Links of `keys` in one statement (one branch per chain), keyed by contractKeyOf. */
  const linksOf = async (keys: ContractKey[]) => {
    const { where, params } = chainAddressWhere('l', 'chainId', 'contract', keys);
    const rows = await links.createQueryBuilder('l').where(where, params).getMany();
    return new Map(rows.map((r) => [contractKeyOf({ chainId: r.chainId, address: r.contract }), r.collectionId]));
  };

  const pointsAtCollection = async (k: { chainId: number; contract: string }, baseURIs: { contractMetadataURI: string; tokenMetadataURI: string }) => {
    try {
      const client = await registry.client(k.chainId);
      const [contractURI, uri0] = await Promise.all([readContractURI(client, k.contract), readERC1155Uri(client, k.contract, 0n)]);
      return contractURI?.trim() === baseURIs.contractMetadataURI || Boolean(uri0?.trim().startsWith(baseURIs.tokenMetadataURI));
    } catch {
      throw unavailable(k.chainId);
    }
  };

  const keyOf = (req: LinkRequest) => ({
    chainId: chains.resolve('chainId', req.chainId).chainId,
    contract: requireAddress('contractAddress', req.contractAddress),
  });

  return {
    async link(creds, req) {
      const collection = await collections.get(creds, req);
      const k = keyOf(req);
      const existing = await links.findOneBy({ chainId: k.chainId, contract: k.contract });
      if (existing?.collectionId === collection.id) return linkOf(existing);
      if (existing) throw new DomainError('RequestConflict', `contract ${k.contract} on chain ${k.chainId} is already linked to another collection`);
      if (!(await pointsAtCollection(k, collection.baseURIs))) {
        throw permissionDenied(
          `contract ${k.contract} on chain ${k.chainId} does not point at collection ${collection.id}: its contractURI() must be ${collection.baseURIs.contractMetadataURI} (or, for ERC-1155, uri(0) must start with ${collection.baseURIs.tokenMetadataURI})`,
        );
      }
      const row: CollectionLinkRow = { ...k, collectionId: collection.id, createdAt: new Date() };
      await links.insert(row);
      return linkOf(row);
    },

    async unlink(creds, req) {
      const collection = await collections.get(creds, req);
      const k = keyOf(req);
      const existing = await links.findOneBy({ chainId: k.chainId, contract: k.contract, collectionId: collection.id });
      if (!existing) throw notFound(`link of collection ${collection.id} to contract ${k.contract} on chain ${k.chainId}`);
      await links.delete({ chainId: k.chainId, contract: k.contract });
      return true;
    },

    async list(creds, req) {
      const collection = await collections.get(creds, req);
      const rows = await links.find({ where: { collectionId: collection.id }, order: { chainId: 'ASC', contract: 'ASC' } });
      return rows.map(linkOf);
    },

    async collectionsOf(keys) {
      if (!keys.length) return new Map();
      const all = await linksOf(keys);
      const hits = [...all.keys()];
      if (!hits.length) return new Map();
      const ids = [...new Set(hits.map((id) => all.get(id)!))];
      const found = await db.getRepository(CollectionEntity).createQueryBuilder('c').where('c.id IN (:...ids)', { ids }).getMany();
      const isPrivate = new Map(found.map((c) => [c.id, Boolean(c.private)]));
      return new Map(hits.map((id) => [id, { collectionId: all.get(id)!, private: isPrivate.get(all.get(id)!) ?? true }]));
    },

    async publicTokens(collectionId, tokenIds) {
      const tokens = await collections.tokensOf(collectionId, tokenIds);
      return new Map(tokens.filter((t) => !t.private).map((t) => [t.tokenId, t]));
    },
  };
};
