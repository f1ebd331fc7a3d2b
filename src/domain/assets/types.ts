// The plain shape of an uploaded asset, shared by the upload service and the asset records.

/** The spec's Asset: a file of one metadata field of one token. */
export type Asset = {
  id: number;
  collectionId: number;
  metadataField: string;
  tokenId: string;
  url: string;
  filename: string;
  filesize: number;
  mimeType: string;
  width: number | null;
  height: number | null;
  updatedAt: Date;
};
