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
import { offsetPage, offsetWindow, resolvePageRequest, type Page, type PageRequest } from '../paging';
import { type Maybe, optionalId, requireAddress } from '../validate';
import { unavailable } from '../metadata-fetch/failures';
import { contractKeyOf, type ContractKey } from '../contracts/types';
import type { CollectionLink } from './types';

type LinkRequest = { projectId?: Maybe<number>; collectionId: number; chainId?: Maybe<string>; contractAddress: string };
type ContractRequest = { projectId?: Maybe<number>; chainId?: Maybe<string>; contractAddress: string };

export const LINKS_PAGE = { default: 50, max: 100, cursorTag: 'l1' };

export type CollectionLinksService = {
  /**
   * Links the caller's collection to a deployed contract. The contract must point at the
   * collection: its contractURI() is the collection's contractMetadataURI, or (ERC-1155) its
   * uri(0) starts with the collection's tokenMetadataURI. Anyone else's contract stays theirs.
   */
  link(creds: Credentials, req: LinkRequest): Promise<CollectionLink>;
  /** Removes the caller's link of the contract; with a collectionId, only when linked to that collection. */
  unlink(creds: Credentials, req: ContractRequest & { collectionId?: Maybe<number> }): Promise<boolean>;
  /** Links of a collection the caller owns. */
  list(creds: Credentials, req: { projectId?: Maybe<number>; collectionId: number }): Promise<CollectionLink[]>;
  /** The caller's link of a contract. */
  get(creds: Credentials, req: ContractRequest): Promise<CollectionLink>;
  /** The links of the caller's collections (or of one), oldest first. */
  listOfProject(creds: Credentials, req: { projectId?: Maybe<number>; collectionId?: Maybe<number>; page?: PageRequest | null }): Promise<Page<CollectionLink>>;
  /** Moves the caller's link of a contract to another of the caller's collections, which the contract must point at. */
  relink(creds: Credentials, req: LinkRequest): Promise<CollectionLink>;
  /** Internal: the collection linked to each contract that has one, keyed `chainId:address`. */
  collectionsOf(keys: ContractKey[]): Promise<Map<string, { collectionId: number; private: boolean }>>;
  /** Internal: the public (non-private) tokens of a collection among `tokenIds`. */
  publicTokens(collectionId: number, tokenIds: string[]): Promise<Map<string, CollectionToken>>;
};

const linkOf = (r: CollectionLinkRow): CollectionLink => ({
  id: r.id,
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

  const keyOf = (req: ContractRequest) => ({
    chainId: chains.resolve('chainId', req.chainId).chainId,
    contract: requireAddress('contractAddress', req.contractAddress),
  });

  const requirePointsAt = async (k: { chainId: number; contract: string }, collection: { id: number; baseURIs: { contractMetadataURI: string; tokenMetadataURI: string } }) => {
    if (await pointsAtCollection(k, collection.baseURIs)) return;
    throw permissionDenied(
      `contract ${k.contract} on chain ${k.chainId} does not point at collection ${collection.id}: its contractURI() must be ${collection.baseURIs.contractMetadataURI} (or, for ERC-1155, uri(0) must start with ${collection.baseURIs.tokenMetadataURI})`,
    );
  };

  /** The link of a contract, when its collection is the caller's (another project's link is refused, not shown). */
  const ownedLink = async (creds: Credentials, req: ContractRequest) => {
    const projectId = await collections.callerProject(creds, req.projectId);
    const k = keyOf(req);
    const row = await links.findOneBy({ chainId: k.chainId, contract: k.contract });
    if (!row) throw notFound(`contract collection of ${k.contract} on chain ${k.chainId}`);
    const owner = await db.getRepository(CollectionEntity).findOneBy({ id: row.collectionId });
    if (owner?.projectId !== projectId) throw permissionDenied(`contract ${k.contract} on chain ${k.chainId} is linked to another project's collection`);
    return row;
  };

  return {
    async link(creds, req) {
      const collection = await collections.get(creds, req);
      const k = keyOf(req);
      const existing = await links.findOneBy({ chainId: k.chainId, contract: k.contract });
      if (existing?.collectionId === collection.id) return linkOf(existing);
      if (existing) throw new DomainError('RequestConflict', `contract ${k.contract} on chain ${k.chainId} is already linked to another collection`);
      await requirePointsAt(k, collection);
      const inserted = await links.insert({ ...k, collectionId: collection.id, createdAt: new Date() });
      return linkOf(await links.findOneByOrFail({ id: Number(inserted.identifiers[0].id) }));
    },

    async unlink(creds, req) {
      const row = await ownedLink(creds, req);
      const only = optionalId('collectionId', req.collectionId);
      if (only !== undefined && row.collectionId !== only) {
        throw notFound(`link of collection ${only} to contract ${row.contract} on chain ${row.chainId}`);
      }
      await links.delete({ id: row.id });
      return true;
    },

    async get(creds, req) {
      return linkOf(await ownedLink(creds, req));
    },

    async listOfProject(creds, req) {
      const projectId = await collections.callerProject(creds, req.projectId);
      const collectionId = optionalId('collectionId', req.collectionId);
      // One collection: the caller must own it (and an unknown one is NotFound, as everywhere).
      if (collectionId !== undefined) await collections.get(creds, { projectId, collectionId });
      const page = resolvePageRequest(req.page, LINKS_PAGE);
      const query = () => {
        const q = links.createQueryBuilder('l').innerJoin(CollectionEntity.options.name, 'c', 'c.id = l.collectionId').where('c.projectId = :projectId', { projectId });
        return collectionId === undefined ? q : q.andWhere('l.collectionId = :collectionId', { collectionId });
      };
      const totalCount = () => query().getCount();
      const w = await offsetWindow(LINKS_PAGE.cursorTag, page, totalCount);
      const rows = await query().orderBy('l.id', 'ASC').offset(w.offset).limit(w.limit).getMany();
      return { ...offsetPage(LINKS_PAGE.cursorTag, rows, page, w, linkOf), totalCount };
    },

    async relink(creds, req) {
      const row = await ownedLink(creds, req);
      const collection = await collections.get(creds, req);
      if (row.collectionId === collection.id) return linkOf(row);
      await requirePointsAt({ chainId: row.chainId, contract: row.contract }, collection);
      await links.update({ id: row.id }, { collectionId: collection.id });
      return linkOf(await links.findOneByOrFail({ id: row.id }));
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
