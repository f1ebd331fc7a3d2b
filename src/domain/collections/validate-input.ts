// Validation of collection and token input; every error names the offending field.
import { invalidArgument } from '../errors';
import {
  optionalAttributes,
  optionalBoolean,
  optionalProperties,
  optionalText,
  optionalUrl,
  requireText,
  requireUint256,
} from '../validate';
import type { CollectionInput, TokenExtra, TokenInput } from './types';

const NAME_MAX = 200;
const DESCRIPTION_MAX = 10_000;

export const collectionFields = (input: CollectionInput, prefix: string, creating: boolean) => ({
  name: creating || input.name !== undefined ? requireText(`${prefix}name`, input.name, NAME_MAX) : undefined,
  description: optionalText(`${prefix}description`, input.description, DESCRIPTION_MAX),
  image: optionalUrl(`${prefix}image`, input.image),
  externalLink: optionalUrl(`${prefix}external_link`, input.externalLink),
  properties: optionalProperties(`${prefix}properties`, input.properties),
  private: optionalBoolean('private', input.private),
});

export const tokenFields = (input: TokenInput, prefix: string, creating: boolean) => {
  const extra: TokenExtra = {};
  const video = optionalUrl(`${prefix}video`, input.video);
  const audio = optionalUrl(`${prefix}audio`, input.audio);
  const imageData = optionalText(`${prefix}image_data`, input.imageData, 100_000);
  const externalUrl = optionalUrl(`${prefix}external_url`, input.externalUrl);
  const backgroundColor = optionalText(`${prefix}background_color`, input.backgroundColor, 16);
  const animationUrl = optionalUrl(`${prefix}animation_url`, input.animationUrl);
  if (backgroundColor && !/^#?[0-9a-fA-F]{3,8}$/.test(backgroundColor)) {
    throw invalidArgument(`${prefix}background_color`, 'must be a hex colour');
  }
  if (input.decimals !== undefined && input.decimals !== null) {
    if (typeof input.decimals !== 'number' || !Number.isInteger(input.decimals) || input.decimals < 0 || input.decimals > 255) {
      throw invalidArgument(`${prefix}decimals`, 'must be an integer from 0 to 255');
    }
    extra.decimals = input.decimals;
  }
  Object.assign(
    extra,
    Object.fromEntries(
      Object.entries({ video, audio, imageData, externalUrl, backgroundColor, animationUrl }).filter(([, v]) => v !== undefined),
    ),
  );
  return {
    // `null` means absent, as for every other field: an update keeps the name.
    name: creating || (input.name !== undefined && input.name !== null) ? requireText(`${prefix}name`, input.name ?? '', NAME_MAX, { allowEmpty: true }) : undefined,
    description: optionalText(`${prefix}description`, input.description, DESCRIPTION_MAX),
    image: optionalUrl(`${prefix}image`, input.image),
    properties: optionalProperties(`${prefix}properties`, input.properties),
    attributes: optionalAttributes(`${prefix}attributes`, input.attributes),
    extra,
  };
};

export const tokenIdOf = (field: string, v: unknown) => requireUint256(field, v);
