// A contract's tokens narrowed by their traits: the property filters the server offers for the contract (names and
// the values found in the stored documents), and the tokens whose documents match every chosen property (any of its
// chosen values), read through searchTokenMetadata.
import { useId, useState } from 'preact/hooks';
import { request } from '../api';
import { graphql } from '../gql';
import type { TokenPropertyFilterInput } from '../gql/graphql';
import { useLoad } from '../hooks';
import { ErrorNotice } from './Notice';

const FiltersQuery = graphql(`
  query ConsoleTokenPropertyFilters($chainId: String!, $contractAddress: String!) {
    tokenPropertyFilters(chainId: $chainId, contractAddress: $contractAddress) {
      name
      type
      values
    }
  }
`);

const SearchQuery = graphql(`
  query ConsoleSearchTokenMetadata($chainId: String!, $contractAddress: String!, $filter: TokenSearchFilterInput, $after: String) {
    searchTokenMetadata(chainId: $chainId, contractAddress: $contractAddress, filter: $filter, first: 50, after: $after) {
      totalCount
      nodes {
        tokenId
        name
      }
      pageInfo {
        hasNextPage
        endCursor
      }
    }
  }
`);

/** Chosen values by property name; a property with none chosen does not narrow the list. */
type Chosen = Record<string, string[]>;

const filterOf = (chosen: Chosen): TokenPropertyFilterInput[] =>
  Object.entries(chosen)
    .filter(([, values]) => values.length > 0)
    .map(([name, values]) => ({ name, values }));

export const TraitFilters = ({ token, chainId, address }: { token: string; chainId: string; address: string }) => {
  const titleId = useId();
  const [chosen, setChosen] = useState<Chosen>({});
  const [after, setAfter] = useState<string | null>(null);
  const filters = useLoad(() => request(token, FiltersQuery, { chainId, contractAddress: address }), [token, chainId, address]);
  const properties = filterOf(chosen);
  const key = JSON.stringify(properties);
  const found = useLoad(
    () => request(token, SearchQuery, { chainId, contractAddress: address, filter: properties.length ? { properties } : null, after }),
    [token, chainId, address, key, after],
  );

  const toggle = (name: string, value: string, on: boolean) => {
    setAfter(null);
    setChosen((c) => {
      const values = (c[name] ?? []).filter((v) => v !== value);
      return { ...c, [name]: on ? [...values, value] : values };
    });
  };

  const offered = (filters.data?.tokenPropertyFilters ?? []).filter((f) => f.values && f.values.length > 0);
  const page = found.data?.searchTokenMetadata;
  return (
    <section aria-labelledby={titleId} class="traits">
      <h3 id={titleId}>Tokens by trait</h3>
      <ErrorNotice error={filters.error} />
      {filters.data && offered.length === 0 && <p class="muted">No stored token documents with traits yet.</p>}
      <div class="trait-filters">
        {offered.map((f, i) => (
          <fieldset key={f.name} class="trait">
            <legend>
              {f.name} <span class="badge">{f.type}</span>
            </legend>
            {f.values!.map((v, j) => {
              // By position: values are free text, and two could read alike once made an id.
              const id = `${titleId}-${i}-${j}`;
              return (
                <div class="field checkbox" key={v}>
                  <input id={id} type="checkbox" checked={chosen[f.name]?.includes(v) ?? false} onChange={(e) => toggle(f.name, v, e.currentTarget.checked)} />
                  <label for={id}>{v}</label>
                </div>
              );
            })}
          </fieldset>
        ))}
      </div>
      <ErrorNotice error={found.error} />
      {page && (
        <>
          <p aria-live="polite" data-testid="trait-count">
            {page.totalCount} {page.totalCount === 1 ? 'token matches' : 'tokens match'}
          </p>
          <ul class="results" data-testid="trait-tokens">
            {page.nodes.map((t) => (
              <li key={t.tokenId}>
                #{t.tokenId} {t.name}
              </li>
            ))}
          </ul>
          {page.pageInfo.hasNextPage && (
            <button type="button" onClick={() => setAfter(page.pageInfo.endCursor ?? null)}>
              More tokens
            </button>
          )}
        </>
      )}
    </section>
  );
};
