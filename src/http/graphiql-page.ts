// The GraphiQL page: Strata's example tabs, rendered once, then served compressed (br or gzip) with an ETag.
//
// The page carries GraphiQL's whole bundle inline (about 9 MB) so that the explorer works without internet access;
// compressed it is about 2 MB, and a browser that has it revalidates with If-None-Match and gets a 304.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createStaticBody } from './static-body';

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
    baseUris { contractMetadataUri tokenMetadataUri }
  }
}`,
      { Authorization: `Bearer ${bearerToken}` },
    ),
  ];
};

export type GraphiQLPage = { serve(req: IncomingMessage, res: ServerResponse): void };

// GraphiQL's tab bar is a drag-to-reorder list whose tabs are left with a stale offset (translateX of a few hundred
// px) when the default tabs are first created; its own stylesheet hides that offset only while no tab has focus. A
// first pointer click focuses the tab on pointerdown, the offset applies, the tab jumps from under the pointer, and
// pointerup lands on the bar: no click, so the first visit needed two clicks per tab (a reload restores the tabs
// from storage without the offset). Tabs keep their place: dragging still reorders them, without the floating tab.
const STEADY_TABS = '<style>.graphiql-tab{transform:none!important}</style>';

export const createGraphiQLPage = ({ title, credentials }: { title: string; credentials?: GraphiQLCredentials }): GraphiQLPage => {
  const tabs = graphiqlTabs(credentials);
  const rendered = renderGraphiQL({ title, subscriptionsProtocol: 'WS', defaultTabs: tabs, defaultHeaders: tabs[0].headers, defaultEditorToolsVisibility: true });
  const html = Buffer.from(rendered.replace('</head>', `${STEADY_TABS}</head>`));
  // Compressed on first use, not at start: most processes never serve the page.
  return createStaticBody(html, 'text/html; charset=utf-8');
};
