// A project's collections: list and create. Each opens its own page with its tokens.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { CheckboxField, TextArea, TextField } from '../components/Field';
import { ActionNotice, ErrorNotice } from '../components/Notice';
import { PropertiesEditor, propertiesOf, type Property } from '../components/PropertiesEditor';
import { graphql } from '../gql';
import { useAction, useLoad } from '../hooks';
import { go, hrefOf } from '../route';
import { imageSrc } from '../urls';

const CollectionsQuery = graphql(`
  query ConsoleCollections($after: String) {
    collections(first: 100, after: $after) {
      totalCount
      nodes {
        id
        private
        tokenCount
        metadata {
          name
          description
          image
        }
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

const CreateCollection = graphql(`
  mutation ConsoleCreateCollection($input: CollectionInput!) {
    createCollection(input: $input) {
      id
    }
  }
`);

export const Collections = ({ token }: { token: string }) => {
  const [after, setAfter] = useState<string | null>(null);
  const collections = useLoad(() => request(token, CollectionsQuery, { after }), [token, after]);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [hidden, setHidden] = useState(false);
  const [image, setImage] = useState('');
  const [properties, setProperties] = useState<Property[]>([]);
  const create = useAction();
  const page = collections.data?.collections;

  const submit = (e: Event) => {
    e.preventDefault();
    void create.run(async () => {
      const { createCollection } = await request(token, CreateCollection, {
        input: { name: name.trim(), description, private: hidden, image: image.trim() || null, properties: propertiesOf(properties) },
      });
      if (createCollection) go({ page: 'collection', collectionId: createCollection.id });
    });
  };

  return (
    <section aria-labelledby="collections-title">
      <h2 id="collections-title">Collections {page && <span class="muted">({page.totalCount})</span>}</h2>
      <ErrorNotice error={collections.error} />
      {page && page.nodes.length === 0 && <p class="muted">No collection yet: create the first one below.</p>}
      <ul class="cards">
        {page?.nodes.map((c) => (
          <li key={c.id} class="card">
            {c.metadata.image && <img class="collection-image" src={imageSrc(c.metadata.image)} alt="" loading="lazy" />}
            <a href={hrefOf({ page: 'collection', collectionId: c.id })}>{c.metadata.name}</a>
            {c.private && <span class="badge">private</span>}
            <div class="muted">
              #{c.id} · {c.tokenCount} token{c.tokenCount === 1 ? '' : 's'}
            </div>
          </li>
        ))}
      </ul>
      {page?.pageInfo.hasNextPage && (
        <button type="button" onClick={() => setAfter(page.pageInfo.endCursor ?? null)}>
          Next page
        </button>
      )}
      <form onSubmit={submit} aria-labelledby="new-collection-title">
        <h3 id="new-collection-title">New collection</h3>
        <TextField label="Collection name" required maxLength={200} value={name} onValue={setName} />
        <TextArea label="Description" rows={3} value={description} onValue={setDescription} />
        <TextField label="Image URL" hint="http(s), ipfs:// or ar:// — shown by marketplaces for the collection." value={image} onValue={setImage} />
        <PropertiesEditor rows={properties} onRows={setProperties} />
        <CheckboxField label="Private" hint="Its documents are not served publicly until you clear this." checked={hidden} onChecked={setHidden} />
        <button type="submit" disabled={create.busy || !name.trim()}>
          Create collection
        </button>
        <ActionNotice action={create} />
      </form>
    </section>
  );
};
