// Cached media as the published clients' `TokenMetadata.assets` list them (url, mimeType, width, height, filesize):
// one entry per READY field, its url Strata's /media/<sha256>. Not an uploaded asset, so id and collectionId are 0.
import type { Asset } from '../assets/service';
import type { TokenMedia } from './types';

export const mediaAssetsOf = (tokenId: string, media: TokenMedia[]): Asset[] =>
  media.flatMap((m) =>
    m.status === 'READY' && m.file
      ? [
          {
            id: 0,
            collectionId: 0,
            metadataField: m.field,
            tokenId,
            url: m.file.url,
            filename: m.file.sha256,
            filesize: m.file.filesize,
            mimeType: m.file.mimeType,
            width: m.file.width,
            height: m.file.height,
            updatedAt: m.updatedAt,
          },
        ]
      : [],
  );
