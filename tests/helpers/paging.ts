// Walks a GraphQL connection to both ends: forward with first/after, then backward with last/before, checking that
// each row is seen exactly once each way, in mirrored order, and that totalCount counts them.
type PageInfo = { hasNextPage: boolean; hasPreviousPage: boolean; startCursor: string | null; endCursor: string | null };
export type ConnectionPage<T> = { totalCount: number; pageInfo: PageInfo; edges: Array<{ cursor: string; node: T }>; nodes: T[] };
export type PageArgs = { first?: number; after?: string | null; last?: number; before?: string | null };

export const walkBothWays = async <T>(fetchPage: (args: PageArgs) => Promise<ConnectionPage<T>>, size: number, keyOf: (n: T) => string) => {
  const forward: string[] = [];
  let after: string | null = null;
  let total = -1;
  for (let i = 0; i < 1000; i++) {
    const page: ConnectionPage<T> = await fetchPage({ first: size, after });
    total = page.totalCount;
    expect(page.nodes.map(keyOf)).toEqual(page.edges.map((e) => keyOf(e.node)));
    expect(page.edges.length).toBeLessThanOrEqual(size);
    expect(page.pageInfo.hasPreviousPage).toBe(after !== null);
    forward.push(...page.nodes.map(keyOf));
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  const backward: string[] = [];
  let before: string | null = null;
  for (let i = 0; i < 1000; i++) {
    const page: ConnectionPage<T> = await fetchPage({ last: size, before });
    expect(page.pageInfo.hasNextPage).toBe(before !== null);
    backward.unshift(...page.nodes.map(keyOf));
    if (!page.pageInfo.hasPreviousPage) break;
    before = page.pageInfo.startCursor;
  }
  expect(new Set(forward).size).toBe(forward.length);
  expect(backward).toEqual(forward);
  expect(total).toBe(forward.length);
  return forward;
};

/** The selection every connection test asks for. */
export const CONNECTION_FIELDS = (node: string) => `totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { ${node} } } nodes { ${node} }`;
