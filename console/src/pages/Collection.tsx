// One collection: its metadata and private flag, where its documents are served, its tokens, and a new token.
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import { CheckboxField, TextArea, TextField } from '../components/Field';
import { LinkedContracts } from '../components/LinkedContracts';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { PropertiesEditor, propertiesOf, propertyRowsOf, type Property } from '../components/PropertiesEditor';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';
import { go, hrefOf } from '../route';
import { imageSrc, localUrl } from '../urls';

const CollectionQuery = graphql(`
  query ConsoleCollection($collectionId: Int!, $after: String) {
    collection(collectionId: $collectionId) {
      id
      private
      metadata {
        name
        description
        externalLink
        image
        properties
      }
      baseUris {
        contractMetadataUri
        tokenMetadataUri
      }
      linkedContracts {
        chainId
        contractAddress
      }
      tokens(first: 50, after: $after) {
        totalCount
        nodes {
          tokenId
          name
          image
          private
        }
        pageInfo {
          hasNextPage
          endCursor
        }
      }
    }
  }
`);

const UpdateCollection = graphql(`
  mutation ConsoleUpdateCollection($collectionId: Int!, $input: CollectionInput!) {
    updateCollection(collectionId: $collectionId, input: $input) {
      id
    }
  }
`);

const DeleteCollection = graphql(`
  mutation ConsoleDeleteCollection($collectionId: Int!) {
    deleteCollection(collectionId: $collectionId)
  }
`);

const CreateToken = graphql(`
  mutation ConsoleCreateToken($collectionId: Int!, $token: TokenMetadataInput!) {
    createCollectionToken(collectionId: $collectionId, token: $token) {
      tokenId
    }
  }
`);

export const Collection = ({ token, collectionId }: { token: string; collectionId: number }) => {
  const [after, setAfter] = useState<string | null>(null);
  const loaded = useLoad(() => request(token, CollectionQuery, { collectionId, after }), [token, collectionId, after]);
  const c = loaded.data?.collection;
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [externalLink, setExternalLink] = useState('');
  const [hidden, setHidden] = useState(false);
  const [image, setImage] = useState('');
  const [properties, setProperties] = useState<Property[]>([]);
  const [tokenId, setTokenId] = useState('');
  const [tokenName, setTokenName] = useState('');
  const save = useAction();
  const add = useAction();
  const remove = useAction();

  useEffect(() => {
    if (!c) return;
    setName(c.metadata.name);
    setDescription(c.metadata.description);
    setExternalLink(c.metadata.externalLink ?? '');
    setHidden(c.private);
    setImage(c.metadata.image ?? '');
    setProperties(propertyRowsOf(c.metadata.properties));
  }, [c?.id, c?.metadata.name, c?.metadata.description, c?.metadata.externalLink, c?.private, c?.metadata.image, JSON.stringify(c?.metadata.properties)]);

  if (!c) return <ErrorNotice error={loaded.error ?? (loaded.loading ? null : 'no such collection')} />;

  const submit = (e: Event) => {
    e.preventDefault();
    void save.run(async () => {
      await request(token, UpdateCollection, { collectionId, input: {
          name: name.trim(),
          description,
          externalLink: externalLink.trim() || null,
          private: hidden,
          image: image.trim(),
          properties: propertiesOf(properties),
        },
      });
      loaded.reload();
      return 'Collection saved.';
    });
  };

  const addToken = (e: Event) => {
    e.preventDefault();
    void add.run(async () => {
      const { createCollectionToken } = await request(token, CreateToken, { collectionId, token: { tokenId: tokenId.trim(), name: tokenName.trim() } });
      if (createCollectionToken) go({ page: 'token', collectionId, tokenId: createCollectionToken.tokenId });
    });
  };

  const deleteCollection = () =>
    void remove.run(async () => {
      if (!confirm(`Delete the collection “${c.metadata.name}” with its ${c.tokens.totalCount} tokens and their files?`)) return;
      await request(token, DeleteCollection, { collectionId });
      go({ page: 'collections' });
    });

  return (
    <section aria-labelledby="collection-title">
      <p>
        <a href={hrefOf({ page: 'collections' })}>← Collections</a>
      </p>
      <h2 id="collection-title">
        {c.metadata.name} <span class="muted">#{c.id}</span>
      </h2>
      <dl class="uris">
        <dt>Contract metadata URI</dt>
        <dd>
          <code>{c.baseUris.contractMetadataUri}</code>
        </dd>
        <dt>Token metadata base URI</dt>
        <dd>
          <code>{c.baseUris.tokenMetadataUri}</code>
        </dd>
      </dl>
      <form onSubmit={submit} aria-label="Collection details">
        <TextField label="Collection name" required maxLength={200} value={name} onValue={setName} />
        <TextArea label="Description" rows={3} value={description} onValue={setDescription} />
        <TextField label="External link" type="url" value={externalLink} onValue={setExternalLink} />
        <TextField label="Image URL" hint="http(s), ipfs:// or ar://; empty clears it." value={image} onValue={setImage} />
        {c.metadata.image && <img class="collection-image" data-testid="collection-image" src={imageSrc(c.metadata.image)} alt={`Image of ${c.metadata.name}`} />}
        <PropertiesEditor rows={properties} onRows={setProperties} />
        <CheckboxField label="Private" hint="Private collections’ documents are not served publicly." checked={hidden} onChecked={setHidden} />
        <button type="submit" disabled={save.busy}>
          Save collection
        </button>
        <ActionNotice action={save} />
      </form>

      <h3>Tokens ({c.tokens.totalCount})</h3>
      <ul class="cards tokens">
        {c.tokens.nodes.map((t) => (
          <li key={t.tokenId} class="card">
            {t.image ? <img src={localUrl(t.image)} alt="" width={64} height={64} loading="lazy" /> : <div class="placeholder" aria-hidden="true" />}
            <a href={hrefOf({ page: 'token', collectionId, tokenId: t.tokenId })}>
              #{t.tokenId} {t.name}
            </a>
            {t.private && <span class="badge">private</span>}
          </li>
        ))}
      </ul>
      {c.tokens.pageInfo.hasNextPage && (
        <button type="button" onClick={() => setAfter(c.tokens.pageInfo.endCursor ?? null)}>
          More tokens
        </button>
      )}
      <form onSubmit={addToken} aria-labelledby="new-token-title">
        <h3 id="new-token-title">New token</h3>
        <TextField label="Token id" required inputMode="numeric" pattern="[0-9]+|0x[0-9a-fA-F]+" value={tokenId} onValue={setTokenId} />
        <TextField label="Token name" value={tokenName} onValue={setTokenName} />
        <button type="submit" disabled={add.busy || !tokenId.trim()}>
          Add token
        </button>
        <ActionNotice action={add} />
      </form>

      <LinkedContracts token={token} collectionId={collectionId} links={c.linkedContracts} onChanged={loaded.reload} />

      <h3>Danger zone</h3>
      <button type="button" class="danger" onClick={deleteCollection} disabled={remove.busy}>
        Delete collection
      </button>
      <ActionNotice action={remove} />
    </section>
  );
};
