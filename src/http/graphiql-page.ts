// The GraphiQL page: Strata's example tabs, rendered once, then served compressed (br or gzip) with an ETag.
//
// The page carries GraphiQL's whole bundle inline (about 9 MB) so that the explorer works without internet access;
// compressed it is about 2 MB, and a browser that has it revalidates with If-None-Match and gets a 304.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';

/** anvil's first dev account, and the first contract it deploys: what a local devnet has. Replace with your own. */
const EXAMPLE_ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const EXAMPLE_CONTRACT = '0x5fbdb2315678afecb367f032d93f642f64180aa3';
/** Credentials to prefill in the Headers tabs (`strata dev` passes its project's); placeholders otherwise. */
export type GraphiQLCredentials = { accessKey: string; bearerToken: string };

const PLACEHOLDERS: GraphiQLCredentials = {
  accessKey: 'the accessKey printed by `strata project create`',
  bearerToken: 'the bearerToken printed by `strata project create`',
};

// Values are written into the queries rather than passed as variables: GraphiQL does not load a default tab's
// variables, and a newcomer's first run must just work.
const tab = (query: string, headers: Record<string, string>) => ({ query, headers: JSON.stringify(headers, null, 2) });

export const graphiqlTabs = ({ accessKey, bearerToken }: GraphiQLCredentials = PLACEHOLDERS) => {
  const key = { 'X-Access-Key': accessKey };
  return [
    tab(
      `# What a wallet holds, with each token's contract info and metadata.
query WalletBalances {
  tokenBalances(accountAddress: "${EXAMPLE_ACCOUNT}", first: 20) {
    edges {
      node {
        contractAddress
        contractType
        tokenId
        balance
        contractInfo { name symbol decimals }
        tokenMetadata { name image }
      }
    }
    pageInfo { hasNextPage endCursor }
  }
}`,
      key,
    ),
    tab(
      `# What moved: the wallet's transactions, newest first, with their token transfers.
query History {
  transactionHistory(filter: { accountAddress: "${EXAMPLE_ACCOUNT}" }, first: 10) {
    edges {
      node {
        txnHash
        blockNumber
        timestamp
        transfers { transferType contractAddress from to amounts tokenIds }
      }
    }
  }
}`,
      key,
    ),
    tab(
      `# Live: each balance of the contract that a new block changes (run it, then send a transfer).
subscription LiveBalances {
  balanceEvents(contractAddress: "${EXAMPLE_CONTRACT}") {
    accountAddress
    tokenId
    balance
    delta
    blockNumber
    reorged
  }
}`,
      key,
    ),
    tab(
      `# Host an NFT collection's metadata (bearer token of the project).
mutation CreateCollection {
  createCollection(input: { name: "My collection", description: "Created from GraphiQL" }) {
    id
    baseURIs { contractMetadataURI tokenMetadataURI }
  }
}`,
      { Authorization: `Bearer ${bearerToken}` },
    ),
  ];
};

type Encoded = { body: Buffer; encoding: 'br' | 'gzip' | null };

/** The encoding the client prefers among br and gzip (q-values honoured), or null for none. */
const pickEncoding = (acceptEncoding: string | undefined): 'br' | 'gzip' | null => {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
    if (name) accepted.set(name, q ? Number(q[1]) : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  return weight('gzip') > 0 ? 'gzip' : null;
};

export type GraphiQLPage = { serve(req: IncomingMessage, res: ServerResponse): void };

export const createGraphiQLPage = ({ title, credentials }: { title: string; credentials?: GraphiQLCredentials }): GraphiQLPage => {
  const tabs = graphiqlTabs(credentials);
  const html = Buffer.from(
    renderGraphiQL({ title, subscriptionsProtocol: 'WS', defaultTabs: tabs, defaultHeaders: tabs[0].headers, defaultEditorToolsVisibility: true }),
  );
  const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`;
  // Compressed on first use, not at start: most processes never serve the page.
  const bodies = new Map<Encoded['encoding'], Buffer>([[null, html]]);
  const bodyFor = (encoding: Encoded['encoding']): Buffer => {
    let body = bodies.get(encoding);
    if (!body) {
      body = encoding === 'br' ? brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } }) : gzipSync(html, { level: 9 });
      bodies.set(encoding, body);
    }
    return body;
  };
  return {
    serve(req, res) {
      const common = {
        'Content-Type': 'text/html; charset=utf-8',
        ETag: etag,
        // Revalidated on each visit (a new Strata version serves a new page), answered by a 304 while it is the same.
        'Cache-Control': 'no-cache',
        Vary: 'Accept-Encoding',
      };
      const match = (req.headers['if-none-match'] ?? '').split(',').some((t) => t.trim().replace(/^W\//, '') === etag);
      if (match) {
        res.writeHead(304, common);
        res.end();
        return;
      }
      const encoding = pickEncoding(req.headers['accept-encoding']);
      const body = bodyFor(encoding);
      res.writeHead(200, { ...common, ...(encoding ? { 'Content-Encoding': encoding } : {}), 'Content-Length': body.length });
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
};
