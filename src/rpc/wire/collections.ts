// Collections service wire shapes: GraphQL results renamed to the published clients' JSON and back.
import type { CollectionFieldsFragment, TokenMetadataInput, UpdateTokenMutation } from '../generated/operations';
import { ZERO_TIME } from '../../graphql/scalars/timestamp';
import { obj, omitEmpty, type Body, type Answered } from './common';
import { HOSTED_TOKEN } from './sources';

export const collectionOut = (c: CollectionFieldsFragment) => ({
  id: c.id,
  projectId: c.projectId,
  metadata: {
    name: c.metadata.name,
    description: c.metadata.description,
    ...omitEmpty({ image: c.metadata.image, external_link: c.metadata.externalLink }),
    ...(c.metadata.properties ? { properties: c.metadata.properties } : {}),
  },
  private: c.private,
  tokenCount: c.tokenCount,
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
  baseURIs: c.baseURIs,
});

type TokenOut = Answered<UpdateTokenMutation>['updateCollectionToken'];

/**
 * TokenMetadata as the clients read it: both spellings of four fields (wire notes, Decision 2); `source` and `status`
 * in the clients' names (wire/sources.ts).
 */
export const tokenMetadataOut = (t: TokenOut, updatedAt: string, origin: { source: string; status: string }) => ({
  tokenId: t.tokenId,
  source: origin.source,
  name: t.name,
  description: t.description,
  image: t.image,
  ...omitEmpty({ video: t.video, audio: t.audio }),
  properties: t.properties,
  attributes: t.attributes,
  ...omitEmpty({
    image_data: t.imageData,
    imageData: t.imageData,
    external_url: t.externalUrl,
    externalUrl: t.externalUrl,
    background_color: t.backgroundColor,
    backgroundColor: t.backgroundColor,
    animation_url: t.animationUrl,
    animationUrl: t.animationUrl,
  }),
  ...(t.decimals !== null ? { decimals: t.decimals } : {}),
  updatedAt,
  status: origin.status,
});

/** Reply of UpdateToken: the published reply carries the zero time as `updatedAt`. */
export const updatedTokenOut = (t: TokenOut) => tokenMetadataOut(t, ZERO_TIME, HOSTED_TOKEN);

/** A TokenMetadata from a client, either spelling, into the GraphQL input; other keys are ignored. */
export const tokenMetadataIn = (v: unknown): TokenMetadataInput | unknown => {
  const t = obj(v);
  if (!t) return v;
  const either = (a: string, b: string) => (t[a] ?? t[b]) as never;
  const input: Body = {
    tokenId: t.tokenId,
    name: t.name,
    description: t.description,
    image: t.image,
    video: t.video,
    audio: t.audio,
    properties: t.properties,
    attributes: t.attributes,
    imageData: either('image_data', 'imageData'),
    externalUrl: either('external_url', 'externalUrl'),
    backgroundColor: either('background_color', 'backgroundColor'),
    animationUrl: either('animation_url', 'animationUrl'),
    decimals: t.decimals,
  };
  return Object.fromEntries(Object.entries(input).filter(([, x]) => x !== undefined));
};
