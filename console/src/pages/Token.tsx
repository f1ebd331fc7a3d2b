// One hosted token: its document fields, private flag, properties and attributes, and files uploaded for its fields
// (the image by default), with links to the public document the world reads.
import { useEffect, useState } from 'preact/hooks';
import { request, upload } from '../api';
import { AttributesEditor, attributesOf, rowsOf, type Attribute } from '../components/AttributesEditor';
import { CheckboxField, TextArea, TextField } from '../components/Field';
import { FileDrop } from '../components/FileDrop';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';
import { go, hrefOf } from '../route';
import { localUrl } from '../urls';

const TokenQuery = graphql(`
  query ConsoleToken($collectionId: Int!, $tokenId: BigInt!) {
    collection(collectionId: $collectionId) {
      metadata {
        name
      }
      baseUris {
        tokenMetadataUri
      }
    }
    collectionToken(collectionId: $collectionId, tokenId: $tokenId) {
      tokenId
      name
      description
      externalUrl
      image
      private
      properties
      attributes
      assets {
        id
        metadataField
        filename
        filesize
        mimeType
        width
        height
        url
      }
    }
  }
`);

const UpdateToken = graphql(`
  mutation ConsoleUpdateToken($collectionId: Int!, $tokenId: BigInt!, $token: TokenMetadataInput!, $private: Boolean) {
    updateCollectionToken(collectionId: $collectionId, tokenId: $tokenId, token: $token, private: $private) {
      tokenId
    }
  }
`);

const UploadAsset = graphql(`
  mutation ConsoleUploadAsset($collectionId: Int!, $tokenId: BigInt!, $metadataField: String!, $file: File!) {
    uploadCollectionAsset(collectionId: $collectionId, tokenId: $tokenId, metadataField: $metadataField, file: $file) {
      id
      url
      width
      height
    }
  }
`);

const DeleteToken = graphql(`
  mutation ConsoleDeleteToken($collectionId: Int!, $tokenId: BigInt!) {
    deleteCollectionToken(collectionId: $collectionId, tokenId: $tokenId)
  }
`);

const FIELDS = ['image', 'animation_url', 'video', 'audio'];

/** Properties are free JSON: parsed here so a typo is caught before it is sent. */
const parseProperties = (text: string): Record<string, unknown> | null => {
  if (!text.trim()) return null;
  const value: unknown = JSON.parse(text);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('Properties must be a JSON object, like {"color": "red"}');
  return value as Record<string, unknown>;
};

export const Token = ({ token, collectionId, tokenId }: { token: string; collectionId: number; tokenId: string }) => {
  const loaded = useLoad(() => request(token, TokenQuery, { collectionId, tokenId }), [token, collectionId, tokenId]);
  const t = loaded.data?.collectionToken;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [externalUrl, setExternalUrl] = useState('');
  const [hidden, setHidden] = useState(false);
  const [properties, setProperties] = useState('');
  const [attributes, setAttributes] = useState<Attribute[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [field, setField] = useState('image');
  const save = useAction();
  const send = useAction();
  const remove = useAction();

  useEffect(() => {
    if (!t) return;
    setName(t.name);
    setDescription(t.description);
    setExternalUrl(t.externalUrl ?? '');
    setHidden(t.private);
    setProperties(t.properties ? JSON.stringify(t.properties, null, 2) : '');
    setAttributes(rowsOf(t.attributes));
  }, [t]);

  if (!t) return <ErrorNotice error={loaded.error ?? (loaded.loading ? null : 'no such token')} />;
  const documentUrl = `${loaded.data?.collection?.baseUris.tokenMetadataUri ?? ''}${t.tokenId}`;

  const submit = (e: Event) => {
    e.preventDefault();
    void save.run(async () => {
      const input = { name, description, externalUrl: externalUrl.trim() || null, properties: parseProperties(properties), attributes: attributesOf(attributes) };
      await request(token, UpdateToken, { collectionId, tokenId, token: input, private: hidden });
      loaded.reload();
      return 'Token saved.';
    });
  };

  const sendFile = () =>
    void send.run(async () => {
      if (!file) return;
      const { uploadCollectionAsset: asset } = await upload(token, UploadAsset, { collectionId, tokenId, metadataField: field, file }, file);
      setFile(null);
      loaded.reload();
      return `Uploaded ${file.name}${asset?.width ? ` (${asset.width}×${asset.height})` : ''} as the token’s ${field}.`;
    });

  const deleteToken = () =>
    void remove.run(async () => {
      if (!confirm(`Delete token #${t.tokenId} and its files?`)) return;
      await request(token, DeleteToken, { collectionId, tokenId });
      go({ page: 'collection', collectionId });
    });

  return (
    <section aria-labelledby="token-title">
      <p>
        <a href={hrefOf({ page: 'collection', collectionId })}>← {loaded.data?.collection?.metadata.name ?? 'Collection'}</a>
      </p>
      <h2 id="token-title">
        Token #{t.tokenId} {t.name && <span class="muted">{t.name}</span>}
      </h2>
      <p>
        Public document:{' '}
        <a href={localUrl(documentUrl)} target="_blank" rel="noopener" data-testid="document-link">
          {documentUrl}
        </a>
      </p>
      <div class="token-layout">
        <div class="media">
          {t.image ? <img src={localUrl(t.image)} alt={`Image of token ${t.tokenId}`} data-testid="token-image" /> : <div class="placeholder large">No image yet</div>}
          <FileDrop label="File to upload" file={file} onFile={setFile} disabled={send.busy} />
          <div class="field">
            <label for="asset-field">Document field</label>
            <select id="asset-field" value={field} onChange={(e) => setField(e.currentTarget.value)}>
              {FIELDS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </select>
          </div>
          <button type="button" onClick={sendFile} disabled={!file || send.busy}>
            {send.busy ? 'Uploading…' : 'Upload'}
          </button>
          <ActionNotice action={send} />
          {t.assets.length > 0 && (
            <ul class="assets" aria-label="Uploaded files">
              {t.assets.map((a) => (
                <li key={a.id}>
                  <a href={localUrl(a.url)}>{a.filename}</a> — {a.metadataField}, {a.mimeType}, {(a.filesize / 1024).toFixed(1)} KiB
                  {a.width ? `, ${a.width}×${a.height}` : ''}
                </li>
              ))}
            </ul>
          )}
        </div>
        <form onSubmit={submit} aria-label="Token details">
          <TextField label="Token name" value={name} onValue={setName} />
          <TextArea label="Description" rows={3} value={description} onValue={setDescription} />
          <TextField label="External URL" type="url" value={externalUrl} onValue={setExternalUrl} />
          <CheckboxField label="Private" hint="A private token’s document is not served." checked={hidden} onChecked={setHidden} />
          <AttributesEditor rows={attributes} onRows={setAttributes} />
          <TextArea label="Properties (JSON)" rows={4} value={properties} onValue={setProperties} spellcheck={false} />
          <button type="submit" disabled={save.busy}>
            Save token
          </button>
          <ActionNotice action={save} />
        </form>
      </div>
      <h3>Danger zone</h3>
      <button type="button" class="danger" onClick={deleteToken} disabled={remove.busy}>
        Delete token
      </button>
      <ActionNotice action={remove} />
    </section>
  );
};
