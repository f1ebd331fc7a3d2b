// Indexer queries over GraphQL against a real anvil and ingestion: values, order, connections, nested metadata, filters.
import { devWallet } from '../../helpers/anvil';
import { CONNECTION_FIELDS, walkBothWays, type PageArgs } from '../../helpers/paging';
import { HASH, RFC3339, flagContract, gql, startIndexerEnv, waitForIndexed, type IndexerEnv } from './fixtures';
import { PATIENCE_MS } from '../../helpers/patience';

let env: IndexerEnv;

beforeAll(async () => {
  env = await startIndexerEnv();
});
afterAll(() => env?.stop());

const BALANCE = 'chainId contractType contractAddress accountAddress tokenId balance blockNumber blockHash uniqueCollectibles isSummary';

/** Every node of a connection, following endCursor with page size `first`; also returns the page sizes seen. */
const pageThrough = async (field: string, query: string, variables: Record<string, unknown>, first: number) => {
  const nodes: any[] = [];
  const sizes: number[] = [];
  let after: string | null = null;
  for (let i = 0; i < 50; i++) {
    const data: any = await gql(env, query, { ...variables, first, after });
    const c = data[field];
    nodes.push(...c.edges.map((e: any) => e.node));
    sizes.push(c.edges.length);
    expect(c.pageSize).toBe(first);
    if (!c.pageInfo.hasNextPage) return { nodes, sizes };
    expect(c.pageInfo.endCursor).toBe(c.edges[c.edges.length - 1].cursor);
    after = c.pageInfo.endCursor;
  }
  throw new Error('paging did not end');
};

describe('tokenBalances', () => {
  const Q = `query($account: String!, $contract: String, $tokenId: BigInt, $first: Int, $after: String, $collection: Boolean, $opts: MetadataOptionsInput) {
    tokenBalances(accountAddress: $account, contractAddress: $contract, tokenId: $tokenId, first: $first, after: $after,
                  includeCollectionTokens: $collection, metadataOptions: $opts) {
      pageSize pageInfo { hasNextPage endCursor } edges { cursor node { ${BALANCE} } }
    }
  }`;

  it('lists the balances above zero of one account, ordered by contract then token id', async () => {
    const { A, addr, tx, anvil } = env;
    const data = await gql(env, Q, { account: A.toUpperCase().replace('0X', '0x') });
    const c = data.tokenBalances;
    expect(c.pageSize).toBe(50);
    expect(c.pageInfo.hasNextPage).toBe(false);
    const rows = c.edges.map((e: any) => e.node);
    const expected = [
      { contractAddress: addr.erc20, contractType: 'ERC20', tokenId: null, balance: '999000', blockNumber: tx.erc20AtoB.blockNumber },
      { contractAddress: addr.erc721, contractType: 'ERC721', tokenId: '2', balance: '1', blockNumber: tx.mint721_2.blockNumber },
      { contractAddress: addr.erc721, contractType: 'ERC721', tokenId: '3', balance: '1', blockNumber: tx.mint721_3.blockNumber },
      { contractAddress: addr.erc1155, contractType: 'ERC1155', tokenId: '1', balance: '6', blockNumber: tx.batchAtoB.blockNumber },
      { contractAddress: addr.erc1155, contractType: 'ERC1155', tokenId: '2', balance: '15', blockNumber: tx.batchAtoB.blockNumber },
      { contractAddress: addr.erc1155, contractType: 'ERC1155', tokenId: '3', balance: '30', blockNumber: tx.mintBatch.blockNumber },
    ].sort((a, b) => (a.contractAddress + (a.tokenId ?? '') < b.contractAddress + (b.tokenId ?? '') ? -1 : 1));
    expect(rows).toEqual(
      expected.map((e) => ({
        ...e,
        chainId: anvil.chainId,
        accountAddress: A,
        blockHash: Object.values(tx).find((t) => t.blockNumber === e.blockNumber)!.blockHash,
        uniqueCollectibles: '0',
        isSummary: false,
      })),
    );
    // Token id 1 of the ERC-721 moved to B: a zero balance is never listed.
    expect(rows.find((r: any) => r.contractAddress === addr.erc721 && r.tokenId === '1')).toBeUndefined();
  });

  it('narrows by contract and token id (0 matches ERC-20)', async () => {
    const { A, addr } = env;
    const byContract = await gql(env, Q, { account: A, contract: addr.erc1155 });
    expect(byContract.tokenBalances.edges.map((e: any) => e.node.tokenId)).toEqual(['1', '2', '3']);
    const byToken = await gql(env, Q, { account: A, contract: addr.erc1155, tokenId: '2' });
    expect(byToken.tokenBalances.edges.map((e: any) => e.node.balance)).toEqual(['15']);
    const erc20 = await gql(env, Q, { account: A, tokenId: '0' });
    expect(erc20.tokenBalances.edges.map((e: any) => e.node.contractAddress)).toEqual([addr.erc20]);
  });

  it('pages through every balance exactly once', async () => {
    const all = (await gql(env, Q, { account: env.A })).tokenBalances.edges.map((e: any) => e.node);
    for (const first of [1, 4]) {
      const { nodes, sizes } = await pageThrough('tokenBalances', Q, { account: env.A }, first);
      expect(nodes).toEqual(all);
      expect(sizes.slice(0, -1).every((s) => s === first)).toBe(true);
    }
  });

  it('summarises collectibles per contract when includeCollectionTokens is false', async () => {
    const { A, addr } = env;
    const rows = (await gql(env, Q, { account: A, collection: false })).tokenBalances.edges.map((e: any) => e.node);
    const by = Object.fromEntries(rows.map((r: any) => [r.contractAddress, r]));
    expect(rows).toHaveLength(3);
    expect(by[addr.erc20]).toMatchObject({ tokenId: null, balance: '999000', isSummary: false, uniqueCollectibles: '0' });
    expect(by[addr.erc721]).toMatchObject({ tokenId: null, balance: '2', isSummary: true, uniqueCollectibles: '2', blockNumber: env.tx.mint721_3.blockNumber });
    expect(by[addr.erc1155]).toMatchObject({ tokenId: null, balance: '51', isSummary: true, uniqueCollectibles: '3', blockNumber: env.tx.batchAtoB.blockNumber });
    expect(by[addr.erc1155].blockHash).toBe(env.tx.batchAtoB.blockHash);
  });

  it('attaches contract info and token metadata, loaded per request', async () => {
    const { A, addr } = env;
    const data = await gql(
      env,
      `query($a: String!) { tokenBalances(accountAddress: $a) { edges { node {
        contractAddress tokenId contractInfo { address name symbol type decimals } tokenMetadata { tokenId name status } } } } }`,
      { a: A },
    );
    const rows = data.tokenBalances.edges.map((e: any) => e.node);
    const erc20 = rows.find((r: any) => r.contractAddress === addr.erc20);
    expect(erc20.contractInfo).toEqual({ address: addr.erc20, name: 'Gold', symbol: 'GLD', type: 'ERC20', decimals: 18 });
    expect(erc20.tokenMetadata).toBeNull();
    const ape = rows.find((r: any) => r.contractAddress === addr.erc721 && r.tokenId === '2');
    expect(ape.contractInfo).toMatchObject({ name: 'Apes', symbol: 'APE', type: 'ERC721' });
    expect(ape.tokenMetadata).toEqual({ tokenId: '2', name: 'Doc /apes/2', status: 'AVAILABLE' });
  });

  it('filters by verification flags (metadataOptions)', async () => {
    const { A, addr } = env;
    await flagContract(env, addr.erc721, { verified: true });
    try {
      const contractsOf = async (opts: unknown) =>
        [...new Set((await gql(env, Q, { account: A, opts })).tokenBalances.edges.map((e: any) => e.node.contractAddress))];
      expect(await contractsOf({ verifiedOnly: true })).toEqual([addr.erc721]);
      expect(await contractsOf({ verifiedOnly: true, includeContracts: [addr.erc20.toUpperCase().replace('0X', '0x')] }).then((l) => l.sort())).toEqual(
        [addr.erc20, addr.erc721].sort(),
      );
      expect((await contractsOf({ unverifiedOnly: true })).sort()).toEqual([addr.erc20, addr.erc1155].sort());
      expect(await contractsOf({})).toHaveLength(3);
    } finally {
      await flagContract(env, addr.erc721, { verified: false });
    }
  });
});

describe('tokenBalancesSummary', () => {
  const Q = `query($filter: TokenBalancesFilterInput!, $first: Int, $after: String) {
    tokenBalancesSummary(filter: $filter, first: $first, after: $after) {
      pageSize pageInfo { hasNextPage endCursor } nativeBalances { chainId accountAddress balance errorReason }
      edges { cursor node { ${BALANCE} contractInfo { name } } }
    }
  }`;

  it('answers one row per (account, contract), verified contracts by default, with native balances from the node', async () => {
    const { A, B, addr, anvil } = env;
    const none = await gql(env, Q, { filter: { accountAddresses: [A, B] } });
    expect(none.tokenBalancesSummary.edges).toEqual([]); // nothing is verified yet
    await flagContract(env, addr.erc1155, { verified: true });
    await flagContract(env, addr.erc20, { verified: true, blacklist: true });
    try {
      const data = await gql(env, Q, { filter: { accountAddresses: [B, A] } });
      const rows = data.tokenBalancesSummary.edges.map((e: any) => e.node);
      expect(rows.map((r: any) => [r.accountAddress, r.contractAddress, r.balance, r.uniqueCollectibles, r.isSummary])).toEqual(
        [
          [A, addr.erc1155, '51', '3', true],
          [B, addr.erc1155, '9', '2', true],
        ].sort((x, y) => (`${x[0]}` < `${y[0]}` ? -1 : 1)),
      );
      expect(rows[0].contractInfo).toEqual({ name: expect.any(String) });
      const native = data.tokenBalancesSummary.nativeBalances;
      expect(native).toHaveLength(2);
      for (const account of [A, B]) {
        const onChain = BigInt(await anvil.rpc<string>('eth_getBalance', [account, 'latest'])).toString();
        expect(native.find((n: any) => n.accountAddress === account)).toEqual({ chainId: anvil.chainId, accountAddress: account, balance: onChain, errorReason: null });
      }

      const unverified = await gql(env, Q, { filter: { accountAddresses: [A], contractStatus: 'UNVERIFIED' } });
      expect(unverified.tokenBalancesSummary.edges.map((e: any) => e.node.contractAddress)).toEqual([addr.erc721]);
      const all = await gql(env, Q, { filter: { accountAddresses: [A], contractStatus: 'ALL', contractBlacklist: [addr.erc721] } });
      expect(all.tokenBalancesSummary.edges.map((e: any) => e.node.contractAddress).sort()).toEqual([addr.erc20, addr.erc1155].sort());
      // A whitelist names the contracts to report, whatever their flags (the blacklisted ERC-20 included).
      const wl = await gql(env, Q, { filter: { accountAddresses: [A], contractWhitelist: [addr.erc20, addr.erc721] } });
      const wlRows = wl.tokenBalancesSummary.edges.map((e: any) => e.node);
      expect(wlRows.map((r: any) => r.contractAddress).sort()).toEqual([addr.erc20, addr.erc721].sort());
      expect(wlRows.find((r: any) => r.contractAddress === addr.erc20)).toMatchObject({ balance: '999000', isSummary: false, tokenId: null });
      expect(wlRows.find((r: any) => r.contractAddress === addr.erc721)).toMatchObject({ balance: '2', isSummary: true, uniqueCollectibles: '2' });
    } finally {
      await flagContract(env, addr.erc1155, { verified: false });
      await flagContract(env, addr.erc20, { verified: false, blacklist: false });
    }
  });

  it('pages through every row exactly once; native balances come with the first page only', async () => {
    const { A, B, C } = env;
    const filter = { accountAddresses: [A, B, C], contractStatus: 'ALL' };
    const all = (await gql(env, Q, { filter })).tokenBalancesSummary.edges.map((e: any) => e.node);
    expect(all).toHaveLength(7); // A: 3 contracts, B: 3, C: 1
    const { nodes } = await pageThrough('tokenBalancesSummary', Q, { filter }, 2);
    expect(nodes).toEqual(all);
    const first = await gql(env, Q, { filter, first: 2 });
    expect(first.tokenBalancesSummary.nativeBalances).toHaveLength(3);
    const second = await gql(env, Q, { filter, first: 2, after: first.tokenBalancesSummary.pageInfo.endCursor });
    expect(second.tokenBalancesSummary.nativeBalances).toEqual([]);
  });
});

describe('transactionHistory', () => {
  const Q = `query($filter: TransactionHistoryFilterInput!, $first: Int, $after: String) {
    transactionHistory(filter: $filter, first: $first, after: $after) {
      pageSize pageInfo { hasNextPage endCursor }
      edges { cursor node { chainId txnHash blockNumber blockHash timestamp
        transfers { transferType contractAddress contractType from to tokenIds amounts logIndex contractInfo { name } } } }
    }
  }`;
  const hashes = (data: any) => data.transactionHistory.edges.map((e: any) => e.node.txnHash);

  it('lists the account’s token transactions newest first, with transfers relative to the account', async () => {
    const { A, B, addr, tx, anvil } = env;
    const data = await gql(env, Q, { filter: { accountAddress: A } });
    const c = data.transactionHistory;
    expect(c.pageSize).toBe(10);
    expect(c.pageInfo.hasNextPage).toBe(false);
    expect(hashes(data)).toEqual(
      [tx.batchAtoB, tx.mintBatch, tx.nft1AtoB, tx.mint721_3, tx.mint721_2, tx.mint721_1, tx.erc20AtoB, tx.erc20Mint].map((t) => t.hash),
    );
    const batch = c.edges[0].node;
    const block = await anvil.rpc<{ timestamp: string }>('eth_getBlockByNumber', [`0x${tx.batchAtoB.blockNumber.toString(16)}`, false]);
    expect(batch).toEqual({
      chainId: anvil.chainId,
      txnHash: tx.batchAtoB.hash,
      blockNumber: tx.batchAtoB.blockNumber,
      blockHash: tx.batchAtoB.blockHash,
      timestamp: new Date(Number(block.timestamp) * 1000).toISOString().replace('.000Z', 'Z'),
      transfers: [
        {
          transferType: 'SEND',
          contractAddress: addr.erc1155,
          contractType: 'ERC1155',
          from: A,
          to: B,
          tokenIds: ['1', '2'],
          amounts: ['4', '5'],
          logIndex: 0,
          contractInfo: { name: expect.any(String) },
        },
      ],
    });
    expect(batch.timestamp).toMatch(RFC3339);
    const mint = c.edges[7].node.transfers[0];
    expect(mint).toMatchObject({ transferType: 'RECEIVE', contractType: 'ERC20', tokenIds: null, amounts: ['1000000'], contractInfo: { name: 'Gold' } });
    expect(mint.from).toBe(`0x${'0'.repeat(40)}`);
    const bView = await gql(env, Q, { filter: { accountAddress: B, contractAddress: addr.erc20 } });
    expect(bView.transactionHistory.edges.map((e: any) => e.node.transfers[0].transferType)).toEqual(['SEND', 'RECEIVE']);
  });

  it('pages through every transaction exactly once', async () => {
    const all = hashes(await gql(env, Q, { filter: { accountAddress: env.A } }));
    for (const first of [1, 3]) {
      const { nodes } = await pageThrough('transactionHistory', Q, { filter: { accountAddress: env.A } }, first);
      expect(nodes.map((n) => n.txnHash)).toEqual(all);
    }
  });

  it('filters by contracts, token id, blocks, hashes and several accounts', async () => {
    const { A, B, C, addr, tx } = env;
    expect(hashes(await gql(env, Q, { filter: { accountAddress: A, contractAddresses: [addr.erc721] } }))).toEqual(
      [tx.nft1AtoB, tx.mint721_3, tx.mint721_2, tx.mint721_1].map((t) => t.hash),
    );
    expect(hashes(await gql(env, Q, { filter: { accountAddress: A, contractAddress: addr.erc721, tokenId: '1' } }))).toEqual(
      [tx.nft1AtoB, tx.mint721_1].map((t) => t.hash),
    );
    expect(hashes(await gql(env, Q, { filter: { accountAddress: A, fromBlock: tx.mint721_2.blockNumber, toBlock: tx.nft1AtoB.blockNumber } }))).toEqual(
      [tx.nft1AtoB, tx.mint721_3, tx.mint721_2].map((t) => t.hash),
    );
    expect(hashes(await gql(env, Q, { filter: { accountAddress: A, transactionHashes: [tx.erc20Mint.hash.toUpperCase().replace('0X', '0x')] } }))).toEqual([
      tx.erc20Mint.hash,
    ]);
    const many = await gql(env, Q, { filter: { accountAddresses: [B, C], contractAddress: addr.erc20 } });
    expect(hashes(many)).toEqual([tx.erc20BtoC, tx.erc20AtoB].map((t) => t.hash));
    // B → C concerns both accounts asked about: B's side decides (SEND).
    expect(many.transactionHistory.edges[0].node.transfers.map((t: any) => t.transferType)).toEqual(['SEND']);
    expect(hashes(await gql(env, Q, { filter: { contractAddress: addr.erc20 } }))).toEqual([tx.erc20BtoC, tx.erc20AtoB, tx.erc20Mint].map((t) => t.hash));
    const meta = await gql(env, Q, { filter: { accountAddress: A, metaTransactionIds: ['x'] } });
    expect(meta.transactionHistory.edges).toEqual([]);
  });
});

describe('balanceUpdates', () => {
  const Q = `query($contract: String!, $last: Int, $first: Int, $after: String) {
    balanceUpdates(contractAddress: $contract, lastBlockNumber: $last, first: $first, after: $after) {
      pageSize pageInfo { hasNextPage endCursor }
      edges { cursor node { chainId contractType contractAddress accountAddress tokenId balance delta blockNumber blockHash } }
    }
  }`;

  it('pins balance = the balance after the block and delta = the signed change in it', async () => {
    const { A, B, C, addr, tx, anvil } = env;
    const data = await gql(env, Q, { contract: addr.erc20, last: 0 });
    expect(data.balanceUpdates.pageSize).toBe(200);
    const row = (t: { blockNumber: number; blockHash: string }, account: string, balance: string, delta: string) => ({
      chainId: anvil.chainId,
      contractType: 'ERC20',
      contractAddress: addr.erc20,
      accountAddress: account,
      tokenId: null,
      balance,
      delta,
      blockNumber: t.blockNumber,
      blockHash: t.blockHash,
    });
    const sorted3 = (rows: any[][]) => rows.sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] < y[2] ? -1 : 1));
    const sorted = (rows: any[]) => rows.sort((x, y) => x.blockNumber - y.blockNumber || (x.accountAddress < y.accountAddress ? -1 : 1));
    expect(data.balanceUpdates.edges.map((e: any) => e.node)).toEqual(
      sorted([
        row(tx.erc20Mint, A, '1000000', '1000000'),
        row(tx.erc20AtoB, A, '999000', '-1000'),
        row(tx.erc20AtoB, B, '1000', '1000'),
        row(tx.erc20BtoC, B, '600', '-400'),
        row(tx.erc20BtoC, C, '400', '400'),
      ]),
    );
    // lastBlockNumber is exclusive.
    const later = await gql(env, Q, { contract: addr.erc20, last: tx.erc20AtoB.blockNumber });
    expect(later.balanceUpdates.edges.map((e: any) => e.node.blockNumber)).toEqual([tx.erc20BtoC.blockNumber, tx.erc20BtoC.blockNumber]);
    const nft = await gql(env, Q, { contract: addr.erc1155 });
    const m = tx.mintBatch.blockNumber;
    const b = tx.batchAtoB.blockNumber;
    expect(nft.balanceUpdates.edges.map((e: any) => [e.node.blockNumber, e.node.accountAddress, e.node.tokenId, e.node.balance, e.node.delta])).toEqual(
      sorted3([
        [m, A, '1', '10', '10'],
        [m, A, '2', '20', '20'],
        [m, A, '3', '30', '30'],
        [b, A, '1', '6', '-4'],
        [b, A, '2', '15', '-5'],
        [b, B, '1', '4', '4'],
        [b, B, '2', '5', '5'],
      ]),
    );
  });

  it('pages by cursor, ending pages at block boundaries when it can', async () => {
    const { anvil, addr, A } = env;
    // One block with four changes (A and three receivers).
    const D = devWallet(anvil, 3).address.toLowerCase();
    const E = devWallet(anvil, 4).address.toLowerCase();
    await anvil.rpc('evm_setAutomine', [false]);
    try {
      const owner = devWallet(anvil, 0);
      const base = await owner.getNonce('pending');
      const erc20 = env.tokens.erc20.connect(owner) as typeof env.tokens.erc20;
      const sent = await Promise.all([env.B, D, E].map((to, i) => erc20.getFunction('transfer')(to, 1n, { nonce: base + i })));
      await anvil.rpc('evm_mine');
      await Promise.all(sent.map((t: any) => t.wait()));
    } finally {
      await anvil.rpc('evm_setAutomine', [true]);
    }
    await waitForIndexed(env.server.app, anvil);
    const all = (await gql(env, Q, { contract: addr.erc20 })).balanceUpdates.edges.map((e: any) => e.node);
    expect(all).toHaveLength(9);
    const lastBlock = all[8].blockNumber;
    expect(all.filter((n: any) => n.blockNumber === lastBlock).map((n: any) => n.accountAddress).sort()).toEqual([A, env.B, D, E].sort());

    const { nodes, sizes } = await pageThrough('balanceUpdates', Q, { contract: addr.erc20 }, 3);
    expect(nodes).toEqual(all);
    // Blocks hold 1, 2, 2 and 4 changes. Page 2 would end inside the 4-change block: it ends at the boundary
    // before it (2 rows); page 3 starts that block and cannot end at a boundary (3 rows, then 1).
    expect(sizes).toEqual([3, 2, 3, 1]);

    // A client that resumes from the last block number it saw instead of the cursor misses nothing in small blocks.
    const seen: any[] = [];
    let last = 0;
    for (let i = 0; i < 2; i++) {
      const c = (await gql(env, Q, { contract: addr.erc20, last, first: 3 })).balanceUpdates;
      const page = c.edges.map((e: any) => e.node);
      seen.push(...page);
      last = page[page.length - 1].blockNumber;
    }
    expect(seen).toEqual(all.slice(0, 5));
  });
});

describe('connections both ways, with counts', () => {
  const page = (field: string, query: string, vars: Record<string, unknown>) => async (args: PageArgs) => (await gql(env, query, { ...vars, ...args }))[field];
  const ARGS = '$first: Int, $after: String, $last: Int, $before: String';
  const PAGING = 'first: $first, after: $after, last: $last, before: $before';
  /** Both ways in pages of `size`, and the same rows as one large page. */
  const walk = async (field: string, query: string, vars: Record<string, unknown>, size: number, keyOf: (n: any) => string) => {
    const rows = await walkBothWays(page(field, query, vars), size, keyOf);
    expect(rows).toEqual((await page(field, query, vars)({ first: 100 })).nodes.map(keyOf));
    expect(rows.length).toBeGreaterThan(size);
    return rows;
  };

  it('tokenBalances, tokenBalancesSummary, transactionHistory and balanceUpdates page to both ends, each row once', async () => {
    const { A, B, addr } = env;
    const balances = `query($a: String!, ${ARGS}) { tokenBalances(accountAddress: $a, ${PAGING}) { ${CONNECTION_FIELDS('contractAddress tokenId')} } }`;
    for (const size of [1, 4]) await walk('tokenBalances', balances, { a: A }, size, (n: any) => `${n.contractAddress}:${n.tokenId}`);
    const summary = `query($a: [String!]!, ${ARGS}) { tokenBalancesSummary(filter: { accountAddresses: $a, contractStatus: ALL }, ${PAGING}) {
      ${CONNECTION_FIELDS('accountAddress contractAddress')} } }`;
    await walk('tokenBalancesSummary', summary, { a: [A, B] }, 2, (n: any) => `${n.accountAddress}:${n.contractAddress}`);
    const history = `query($a: String!, ${ARGS}) { transactionHistory(filter: { accountAddress: $a }, ${PAGING}) { ${CONNECTION_FIELDS('txnHash blockNumber')} } }`;
    for (const size of [1, 3]) await walk('transactionHistory', history, { a: A }, size, (n: any) => n.txnHash);
    const updates = `query($c: String!, ${ARGS}) { balanceUpdates(contractAddress: $c, ${PAGING}) { ${CONNECTION_FIELDS('blockNumber accountAddress tokenId')} } }`;
    await walk('balanceUpdates', updates, { c: addr.erc1155 }, 1, (n: any) => `${n.blockNumber}:${n.accountAddress}:${n.tokenId}`);
  });

  it('refuses first with last, and a cursor of another list', async () => {
    const { A } = env;
    const both = await env.server.graphql(`{ tokenBalances(accountAddress: "${A}", first: 1, last: 1) { totalCount } }`, {}, env.headers);
    expect(both.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'first' });
    const history = await gql(env, `{ transactionHistory(filter: { accountAddress: "${A}" }, first: 1) { pageInfo { endCursor } } }`);
    const wrong = await env.server.graphql(
      `query($b: String) { tokenBalances(accountAddress: "${A}", last: 2, before: $b) { totalCount } }`,
      { b: history.transactionHistory.pageInfo.endCursor },
      env.headers,
    );
    expect(wrong.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'before' });
  });

  it('keeps the fields that succeeded when another root field fails', async () => {
    const r = await env.server.graphql(`{ chains { chainId } tokenBalances(accountAddress: "not-an-address") { totalCount } }`, {}, env.headers);
    expect(r.body.data).toEqual({ chains: [{ chainId: env.anvil.chainId }], tokenBalances: null });
    expect(r.body.errors).toHaveLength(1);
    expect(r.body.errors[0]).toMatchObject({ path: ['tokenBalances'], extensions: { code: 'INVALID_ARGUMENT', field: 'accountAddress' } });
  });
});

describe('holders and supply', () => {
  const HOLDERS = `query($c: String!, $t: BigInt, $first: Int, $after: String, $last: Int, $before: String) {
    tokenHolders(contractAddress: $c, tokenId: $t, first: $first, after: $after, last: $last, before: $before) { ${CONNECTION_FIELDS('accountAddress tokenId balance tokenCount')} } }`;
  /** Every holder, after paging both ways one by one. */
  const holders = async (vars: Record<string, unknown>) => {
    const keys = await walkBothWays(async (args) => (await gql(env, HOLDERS, { ...vars, ...args })).tokenHolders, 1, (n: any) => n.accountAddress);
    const all = (await gql(env, HOLDERS, { ...vars, first: 100 })).tokenHolders.nodes;
    expect(all.map((n: any) => n.accountAddress)).toEqual(keys);
    return all as Array<{ accountAddress: string; tokenId: string | null; balance: string; tokenCount: number }>;
  };
  const descending = (values: bigint[]) => values.every((v, i) => i === 0 || values[i - 1] >= v);

  it('lists the holders of an ERC-20, of one token id and of a collectible contract, largest first, as the chain has them', async () => {
    const { A, addr, tokens } = env;
    const fungible = await holders({ c: addr.erc20.toUpperCase().replace('0X', '0x') });
    expect(fungible.length).toBeGreaterThanOrEqual(3);
    expect(descending(fungible.map((h) => BigInt(h.balance)))).toBe(true);
    for (const h of fungible) {
      expect(h).toMatchObject({ tokenId: null, tokenCount: 0 });
      expect((await tokens.erc20.balanceOf(h.accountAddress)).toString()).toBe(h.balance);
    }
    expect(fungible.reduce((sum, h) => sum + BigInt(h.balance), 0n)).toBe(await tokens.erc20.totalSupply());
    const item = await holders({ c: addr.erc1155, t: '1' });
    expect(item.map((h) => h.accountAddress)).toContain(A);
    for (const h of item) expect((await tokens.erc1155.balanceOf(h.accountAddress, 1n)).toString()).toBe(h.balance);
    const owners = await holders({ c: addr.erc721 });
    expect(descending(owners.map((h) => BigInt(h.tokenCount)))).toBe(true);
    for (const h of owners) {
      expect(h.tokenId).toBeNull();
      expect((await tokens.erc721.balanceOf(h.accountAddress)).toString()).toBe(String(h.tokenCount));
    }
  });

  it('answers the supply of each token id, and one token with its supply, holders, metadata and transfers', async () => {
    const { addr, tokens, tx } = env;
    const SUPPLIES = `query($c: String!, $first: Int, $after: String, $last: Int, $before: String) {
      tokenSupplies(contractAddress: $c, first: $first, after: $after, last: $last, before: $before) { ${CONNECTION_FIELDS('tokenId supply holders')} } }`;
    const ids = await walkBothWays(async (args) => (await gql(env, SUPPLIES, { c: addr.erc1155, ...args })).tokenSupplies, 1, (n: any) => n.tokenId);
    expect(ids).toEqual(expect.arrayContaining(['1', '2', '3']));
    const supplies = (await gql(env, SUPPLIES, { c: addr.erc1155, first: 100 })).tokenSupplies.nodes;
    for (const s of supplies) {
      const held = await holders({ c: addr.erc1155, t: s.tokenId });
      expect(s.holders).toBe(held.length);
      expect(s.supply).toBe(held.reduce((sum, h) => sum + BigInt(h.balance), 0n).toString());
    }
    const TOKEN = `query($c: String!, $t: BigInt) { token(contractAddress: $c, tokenId: $t) {
      contractAddress tokenId supply holdersCount contractInfo { type } metadata { tokenId }
      holders(first: 1) { totalCount nodes { accountAddress balance } }
      transfers(first: 100) { totalCount nodes { txnHash } } } }`;
    const erc20 = (await gql(env, TOKEN, { c: addr.erc20 })).token;
    const fungible = await holders({ c: addr.erc20 });
    expect(erc20).toMatchObject({ tokenId: null, supply: (await tokens.erc20.totalSupply()).toString(), holdersCount: fungible.length, contractInfo: { type: 'ERC20' }, metadata: null });
    expect(erc20.holders).toEqual({ totalCount: fungible.length, nodes: [{ accountAddress: fungible[0].accountAddress, balance: fungible[0].balance }] });
    expect(erc20.transfers.nodes.map((n: any) => n.txnHash)).toEqual(expect.arrayContaining([tx.erc20Mint.hash, tx.erc20AtoB.hash, tx.erc20BtoC.hash]));
    expect(erc20.transfers.totalCount).toBe(erc20.transfers.nodes.length);
    const item = (await gql(env, TOKEN, { c: addr.erc1155, t: '2' })).token;
    const two = supplies.find((s: any) => s.tokenId === '2');
    expect(item).toMatchObject({ tokenId: '2', supply: two.supply, holdersCount: two.holders, contractInfo: { type: 'ERC1155' }, metadata: { tokenId: '2' } });
    expect(item.transfers.nodes.map((n: any) => n.txnHash)).toEqual(expect.arrayContaining([tx.batchAtoB.hash, tx.mintBatch.hash]));
    const nfts = (await gql(env, TOKEN, { c: addr.erc721 })).token;
    const owners = await holders({ c: addr.erc721 });
    expect(nfts).toMatchObject({ supply: String(owners.reduce((n, h) => n + h.tokenCount, 0)), holdersCount: owners.length });
  });

  it('still takes the deprecated `contract` argument, and names contractAddress when the contract is missing or given twice differently', async () => {
    const { addr } = env;
    const byNew = await gql(env, `query($c: String!) { tokenHolders(contractAddress: $c, first: 100) { nodes { accountAddress balance } } }`, { c: addr.erc20 });
    const byOld = await gql(env, `query($c: String!) { tokenHolders(contract: $c, first: 100) { nodes { accountAddress balance } } }`, { c: addr.erc20 });
    expect(byOld).toEqual(byNew);
    for (const args of ['', `contractAddress: "${addr.erc20}", contract: "${addr.erc721}"`]) {
      const r = await env.server.graphql(`{ token(${args || 'tokenId: "1"'}) { supply } tokenSupplies(${args || 'first: 1'}) { totalCount } }`, {}, env.headers);
      expect(r.body.data).toEqual({ token: null, tokenSupplies: null });
      for (const e of r.body.errors) expect(e.extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'contractAddress' });
    }
  });
});

describe('chains', () => {
  it('reports each chain’s indexed, head and finalized blocks and the lag', async () => {
    const { anvil } = env;
    await waitForIndexed(env.server.app, anvil);
    const data = await gql(env, `{ chains { chainId name indexedBlock indexedHash headBlock finalizedBlock lag updatedAt } }`);
    const head = Number(await anvil.rpc<string>('eth_blockNumber'));
    expect(data.chains).toEqual([
      {
        chainId: anvil.chainId,
        name: 'anvil',
        indexedBlock: head,
        indexedHash: expect.stringMatching(HASH),
        headBlock: expect.any(Number),
        finalizedBlock: expect.any(Number),
        lag: expect.any(Number),
        updatedAt: expect.stringMatching(RFC3339),
      },
    ]);
    const [c] = data.chains;
    expect(c.headBlock).toBeGreaterThanOrEqual(head);
    expect(c.lag).toBe(c.headBlock - c.indexedBlock);
    expect(c.finalizedBlock).toBeLessThan(head);
    expect(c.finalizedBlock).toBeGreaterThan(0);
  });
});

describe('reorgs', () => {
  it('forgets the transfers, balances and balance updates of orphaned blocks', async () => {
    const { anvil, addr, C } = env;
    await waitForIndexed(env.server.app, anvil);
    const historyOf = async () =>
      (await gql(env, `query($c: String!) { transactionHistory(filter: { accountAddress: $c }) { edges { node { txnHash blockHash } } } }`, { c: C })).transactionHistory.edges.map(
        (e: any) => e.node,
      );
    const balanceOf = async () =>
      (await gql(env, `query($c: String!, $t: String) { tokenBalances(accountAddress: $c, contractAddress: $t) { edges { node { balance } } } }`, { c: C, t: addr.erc20 }))
        .tokenBalances.edges.map((e: any) => e.node.balance);
    const snapshot = await anvil.rpc<string>('evm_snapshot');
    const orphan: any = await (await env.tokens.erc20.transfer(C, 5n)).wait();
    await waitForIndexed(env.server.app, anvil);
    expect((await historyOf()).map((t: any) => t.txnHash)).toContain(orphan.hash.toLowerCase());
    expect(await balanceOf()).toEqual(['405']);

    await anvil.rpc('evm_revert', [snapshot]);
    await anvil.rpc('anvil_mine', ['0x3']); // a longer branch without the transfer
    await waitForIndexed(env.server.app, anvil);
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && (await historyOf()).some((t: any) => t.txnHash === orphan.hash.toLowerCase()); ) await new Promise((r) => setTimeout(r, 100));
    expect((await historyOf()).map((t: any) => t.txnHash)).not.toContain(orphan.hash.toLowerCase());
    expect(await balanceOf()).toEqual(['400']);
    const updates = await gql(env, `query($t: String!) { balanceUpdates(contractAddress: $t) { edges { node { blockHash } } } }`, { t: addr.erc20 });
    expect(updates.balanceUpdates.edges.map((e: any) => e.node.blockHash)).not.toContain(orphan.blockHash.toLowerCase());
  });
});

describe('errors', () => {
  it('requires an access key and names bad arguments', async () => {
    const noKey = await env.server.graphql(`{ tokenBalances(accountAddress: "${env.A}") { pageSize } }`);
    expect(noKey.body.errors[0].extensions.code).toBe('UNAUTHORIZED');
    const badCursor = await env.server.graphql(`{ tokenBalances(accountAddress: "${env.A}", after: "nope") { pageSize } }`, {}, env.headers);
    expect(badCursor.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'after' });
    // A cursor of another operation is refused rather than silently misread.
    const history = await gql(env, `{ transactionHistory(filter: { accountAddress: "${env.A}" }, first: 1) { pageInfo { endCursor } } }`);
    const wrong = await env.server.graphql(
      `query($after: String) { tokenBalances(accountAddress: "${env.A}", after: $after) { pageSize } }`,
      { after: history.transactionHistory.pageInfo.endCursor },
      env.headers,
    );
    expect(wrong.body.errors[0].extensions.field).toBe('after');
    const badChain = await env.server.graphql(`{ balanceUpdates(chainId: "999", contractAddress: "${env.A}") { pageSize } }`, {}, env.headers);
    expect(badChain.body.errors[0].extensions.code).toBe('CHAIN_NOT_FOUND');
  });
});
