// A fetched document that says nothing about its token (a gateway's or an unrevealed drop's empty JSON): served, but
// fetched again on the retry schedule, since the real one usually appears later.
import type { NormalizedTokenMetadata } from '../../web';

export const PLACEHOLDER_NOTE = 'placeholder document: no name, description, image, animation or traits yet';

export const isPlaceholderDocument = (doc: NormalizedTokenMetadata): boolean =>
  !doc.name.trim() &&
  !doc.description.trim() &&
  !doc.image &&
  !doc.imageData &&
  !doc.animationUrl &&
  !doc.video &&
  !doc.audio &&
  !(doc.attributes && doc.attributes.length) &&
  !(doc.properties && Object.keys(doc.properties).length);
