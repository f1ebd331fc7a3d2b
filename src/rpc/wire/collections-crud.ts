// Collections CRUD wire shapes (metadata.gen.ts 2.3.43): the clients' Collection, ContractCollection, TokenMetadata and
// Asset objects renamed into GraphQL inputs, and GraphQL results back into them. Renaming only: the rules are the
// domain's.
import type {
  AssetFieldsFragment,
  CollectionTokenFieldsFragment,
  ContractCollectionFieldsFragment,
} from '../generated/operations';
import { chainIdIn, obj, omitEmpty, type Body } from './common';
import { tokenMetadataOut } from './collections';
import { HOSTED_TOKEN } from './sources';

/** Keeps the keys whose value was sent (null means absent, wire notes Decision 3). */
const sent = (o: Body): Body => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null));

/** The client's Collection into CollectionInput: `metadata.*` and `private`; `external_link` is the wire's spelling. */
export const collectionIn = (v: unknown): unknown => {
  const c = obj(v);
  if (!c) return v;
  const m = obj(c.metadata) ?? {};
  return sent({
    name: m.name,
    description: m.description,
    image: m.image,
    externalLink: m.external_link ?? m.externalLink,
    properties: m.properties,
    private: c.private,
  });
};

/** The id inside the client's object (UpdateCollection's `collection.id`, UpdateAsset's `asset.id`). */
export const idIn = (v: unknown): unknown => obj(v)?.id;

/** The client's ContractCollection into the link mutation's arguments. */
export const contractCollectionIn = (v: unknown): Body => {
  const c = obj(v) ?? {};
  return { chainId: chainIdIn(c.chainId), contractAddress: c.contractAddress, collectionId: c.collectionId };
};

export const contractCollectionOut = (l: ContractCollectionFieldsFragment) => ({
  id: l.id,
  chainId: l.chainId,
  contractAddress: l.contractAddress,
  collectionId: l.collectionId,
});

/** The client's Asset into AssetInput: its `name` is the file name; url, size, type and dimensions are not inputs. */
export const assetIn = (v: unknown): unknown => {
  const a = obj(v);
  if (!a) return v;
  return sent({
    collectionId: a.collectionId,
    tokenId: typeof a.tokenId === 'number' ? String(a.tokenId) : a.tokenId,
    metadataField: a.metadataField,
    filename: a.name ?? a.filename,
  });
};

/**
 * Asset as the clients type it (`name` is the file name), with `filename` too, as the Metadata service's assets
 * spell it. A record whose file is not uploaded yet has no url, type or dimensions (Go's omitempty).
 */
export const assetOut = (a: AssetFieldsFragment) => ({
  id: a.id,
  collectionId: a.collectionId,
  tokenId: a.tokenId,
  ...omitEmpty({ url: a.url }),
  metadataField: a.metadataField,
  name: a.filename,
  filename: a.filename,
  filesize: a.filesize,
  ...omitEmpty({ mimeType: a.mimeType, width: a.width, height: a.height }),
  updatedAt: a.updatedAt,
});

/** A hosted token as the clients' TokenMetadata, with its own `updatedAt`. */
export const collectionTokenOut = (t: CollectionTokenFieldsFragment) => tokenMetadataOut(t, t.updatedAt, HOSTED_TOKEN);

/** The distinct collections of a page of links, in the order first seen. */
export const collectionsOfLinks = <C extends { id: number }>(links: Array<{ collection: C }>): C[] => [
  ...new Map(links.map((l) => [l.collection.id, l.collection])).values(),
];
