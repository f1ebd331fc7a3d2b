// Cost and exactness on seeded rows: nested metadata is batched per request (statement count), summaries sum uint256 exactly.
import { BalanceEntity, ContractEntity, TokenMetadataEntity, hexRows, toBytes, type BalanceRow, type ContractRow, type TokenMetadataRow } from '../../../src/db';
import { readNativeBalances } from '../../../src/domain/indexer/chain-state';
import { STORED_BALANCE_SQLITE, storedBalancesQuery } from '../../../src/ingestion/apply-batch';
import { startTestServer, type TestServer } from '../../helpers/server';

const CHAIN = 31337;
let server: TestServer;
let headers: Record<string, string>;
const X = `0x${'a1'.repeat(20)}`;
const Y = `0x${'b2'.repeat(20)}`;
const contractAt = (i: number) => `0x${(0x1000 + i).toString(16).padStart(40, '0')}`;
const HASH = `0x${'cd'.repeat(32)}`;

/**
 * SQL statements the server runs while `fn` runs. The server does nothing else: no ingestion, and its background loops
 * (key usage flush, metadata task poll, webhook delivery poll) are set to their longest periods below, so none of their
 * statements lands inside a measured request (a usage flush 10 s after the first request did, on a loaded CI machine).
 */
// Credentials are read again once their cache entry is a second old (KEY_CACHE_TTL_MS): whether a request meets that
// read depends on the machine's speed, not on the read it makes, so those statements are not counted.
const CREDENTIAL_READ = /\b(access_keys|bearer_tokens|projects)\b/;

const countStatements = async (fn: () => Promise<unknown>) => {
  const logger = server.app.db.logger;
  const original = logger.logQuery.bind(logger);
  const seen: string[] = [];
  logger.logQuery = (query, parameters, runner) => {
    if (!CREDENTIAL_READ.test(query)) seen.push(query);
    return original(query, parameters, runner);
  };
  try {
    await fn();
  } finally {
    logger.logQuery = original;
  }
  return seen;
};

beforeAll(async () => {
  // A chain whose node is not running: every answer below must come from stored rows.
  server = await startTestServer(
    { CHAINS: `${CHAIN}:seeded=http://127.0.0.1:9`, KEY_USAGE_FLUSH_SECONDS: '3600', METADATA_TASK_POLL_MS: '60000', WEBHOOK_POLL_MS: '60000' },
    { index: false },
  );
  headers = { 'X-Access-Key': (await server.createProject()).accessKey };
  const now = new Date();
  const contracts: ContractRow[] = Array.from({ length: 51 }, (_, i) => ({
    chainId: CHAIN,
    address: contractAt(i),
    type: i === 50 ? 'ERC20' : i % 2 ? 'ERC721' : 'ERC1155',
    name: `Contract ${i}`,
    symbol: `C${i}`,
    decimals: i === 50 ? 18 : null,
    deployed: true,
    bytecodeHash: HASH,
    firstBlock: 1,
    // A built row (the Metadata service's JSON) with no contractURI: nothing to fetch.
    extensions: JSON.stringify({ link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', contractURI: { uri: null, status: 'none', attempts: 0 } }),
    logoURI: null,
    verified: i === 50,
    verifiedBy: null,
    blacklist: false,
    featured: false,
    refreshedAt: now,
    updatedAt: now,
  }));
  await server.app.db.getRepository(ContractEntity).insert(contracts);
  // X: 100 balances, two tokens in each of 50 contracts; each token's metadata document stored.
  const balances: BalanceRow[] = [];
  const documents: TokenMetadataRow[] = [];
  for (let i = 0; i < 50; i++) {
    for (const tokenId of [String(i * 10 + 1), String(i * 10 + 2)]) {
      balances.push({ chainId: CHAIN, contract: contractAt(i), account: X, tokenId, balance: '1', blockNumber: 100 + i, blockHash: HASH });
      documents.push({
        chainId: CHAIN,
        contract: contractAt(i),
        tokenId,
        status: 'AVAILABLE',
        sourceUri: `https://docs.example/${i}/${tokenId}`,
        document: JSON.stringify({ tokenId, name: `Token ${tokenId}`, description: '', image: '' }),
        error: null,
        attempts: 0,
        fetchedAt: now,
        attemptedAt: now,
        retryAt: null,
        updatedAt: now,
      });
    }
  }
  // Y: uint256 extremes (an ERC-20 at 2^256-1, ERC-1155 amounts whose sum passes 2^256) and a stale negative balance.
  const big = 1n << 255n;
  balances.push(
    { chainId: CHAIN, contract: contractAt(50), account: Y, tokenId: '', balance: ((1n << 256n) - 1n).toString(), blockNumber: 7, blockHash: HASH },
    { chainId: CHAIN, contract: contractAt(0), account: Y, tokenId: '5', balance: big.toString(), blockNumber: 8, blockHash: HASH },
    { chainId: CHAIN, contract: contractAt(0), account: Y, tokenId: '6', balance: (big + 7n).toString(), blockNumber: 9, blockHash: `0x${'ef'.repeat(32)}` },
    { chainId: CHAIN, contract: contractAt(0), account: Y, tokenId: '7', balance: '999999999999999999999999999999', blockNumber: 3, blockHash: HASH },
    { chainId: CHAIN, contract: contractAt(2), account: Y, tokenId: '1', balance: '-5', blockNumber: 4, blockHash: HASH },
  );
  for (let i = 0; i < balances.length; i += 50) await server.app.db.getRepository(BalanceEntity).insert(balances.slice(i, i + 50));
  for (let i = 0; i < documents.length; i += 25) await server.app.db.getRepository(TokenMetadataEntity).insert(documents.slice(i, i + 25));
});

afterAll(async () => {
  await server.app.services.tokenMetadata.close();
  await server.stop();
});

describe('nested contract info and token metadata are loaded in batches', () => {
  const rpcPage = (pageSize: number) => server.rpc('Indexer/GetTokenBalances', { accountAddress: X, includeMetadata: true, page: { pageSize } }, headers);

  it('a page of 100 balances across 50 contracts costs the same few statements as a page of 10 (RPC)', async () => {
    let small: any, large: any;
    await rpcPage(10); // whatever a first request in the process may warm is not counted
    const smallSql = await countStatements(async () => (small = await rpcPage(10)));
    const largeSql = await countStatements(async () => (large = await rpcPage(100)));
    expect(small.status).toBe(200);
    expect(large.status).toBe(200);
    expect(small.body.balances).toHaveLength(10);
    expect(large.body.balances).toHaveLength(100);
    expect(new Set(large.body.balances.map((b: any) => b.contractAddress)).size).toBe(50);
    for (const b of large.body.balances) {
      expect(b.contractInfo.name).toMatch(/^Contract \d+$/);
      expect(b.tokenMetadata).toMatchObject({ tokenId: b.tokenID, name: `Token ${b.tokenID}` });
    }
    // Seven: the balances, the stored contracts, their overrides, their token-directory listings, the token documents,
    // their stored spam verdicts (extensions.blacklist, one statement per chain), …
    expect(largeSql.length).toBeLessThanOrEqual(7);
    expect(largeSql.length).toBe(smallSql.length);
  });

  it('the same over GraphQL', async () => {
    const query = `query($a: String!, $n: Int) { tokenBalances(accountAddress: $a, first: $n) { edges { node {
      tokenId contractInfo { name } tokenMetadata { name } } } } }`;
    const run = async (n: number) => {
      const r = await server.graphql(query, { a: X, n }, headers);
      expect(r.body.errors).toBeUndefined();
      expect(r.body.data.tokenBalances.edges).toHaveLength(n);
    };
    await run(10);
    const small = await countStatements(() => run(10));
    const large = await countStatements(() => run(100));
    expect(large.length).toBeLessThanOrEqual(6);
    expect(large.length).toBe(small.length);
  });
});

describe('holders and supply', () => {
  const HOLDERS = `query($c: String!, $t: BigInt, $n: Int) { tokenHolders(contract: $c, tokenId: $t, first: $n) { totalCount nodes { accountAddress balance tokenCount } } }`;
  const SUPPLIES = `query($c: String!, $n: Int) { tokenSupplies(contract: $c, first: $n) { totalCount nodes { tokenId supply holders } } }`;
  const gql = async (query: string, variables: Record<string, unknown>) => {
    const r = await server.graphql(query, variables, headers);
    expect(r.body.errors).toBeUndefined();
    return r.body.data;
  };

  it('sum balances exactly past 2^256, and cost the same few statements whatever the page size', async () => {
    const big = 1n << 255n;
    const supplies = await gql(SUPPLIES, { c: contractAt(0), n: 10 });
    expect(supplies.tokenSupplies).toEqual({
      totalCount: 5,
      nodes: [
        { tokenId: '1', supply: '1', holders: 1 },
        { tokenId: '2', supply: '1', holders: 1 },
        { tokenId: '5', supply: big.toString(), holders: 1 },
        { tokenId: '6', supply: (big + 7n).toString(), holders: 1 },
        { tokenId: '7', supply: '999999999999999999999999999999', holders: 1 },
      ],
    });
    const totals = await gql(HOLDERS, { c: contractAt(0), n: 10 });
    expect(totals.tokenHolders).toEqual({
      totalCount: 2,
      nodes: [
        { accountAddress: Y, balance: (big + big + 7n + 999999999999999999999999999999n).toString(), tokenCount: 3 },
        { accountAddress: X, balance: '2', tokenCount: 2 },
      ],
    });
    const small = await countStatements(() => gql(SUPPLIES, { c: contractAt(0), n: 1 }));
    const large = await countStatements(() => gql(SUPPLIES, { c: contractAt(0), n: 5 }));
    expect(large.length).toBe(small.length);
    expect(large.length).toBeLessThanOrEqual(3); // the key, the page, the count
    const holders = await countStatements(() => gql(HOLDERS, { c: contractAt(50), n: 10 }));
    expect(holders.length).toBeLessThanOrEqual(4); // the key, is it fungible, the page, the count
  });

  it('walk the holders index in balance order, without sorting', async () => {
    const sql = (await countStatements(() => gql(HOLDERS, { c: contractAt(0), t: '5', n: 10 }))).find((q) => /ORDER BY/.test(q))!;
    const params = [CHAIN, contractAt(0), '5', 11];
    const mysql = server.app.db.options.type === 'mysql';
    const plan = JSON.stringify(await server.app.db.query(`${mysql ? 'EXPLAIN' : 'EXPLAIN QUERY PLAN'} ${sql}`, params));
    expect(plan).toContain('idx_balances_holders');
    expect(plan).not.toMatch(mysql ? /filesort/i : /TEMP B-TREE/i);
  });
});

describe('ingestion', () => {
  it('reads stored balances by their primary key, not by walking a contract\'s holders', async () => {
    const mysql = server.app.db.options.type === 'mysql';
    const keys: Array<[string, string, string]> = [[contractAt(0), X, '1'], [contractAt(0), Y, '6'], [contractAt(50), Y, '']];
    const key = (r: { contract: string; account: string; token_id?: string; tokenId?: string; balance: string }) => `${r.contract} ${r.account} ${r.token_id ?? r.tokenId} ${r.balance}`;
    const repo = server.app.db.getRepository(BalanceEntity);
    const stored = (await Promise.all(keys.map(([contract, account, tokenId]) => repo.findBy({ chainId: CHAIN, contract, account, tokenId })))).flat();
    expect(stored.length).toBe(3);
    if (mysql) {
      const { sql, params } = storedBalancesQuery(CHAIN, new Map([[contractAt(0), new Set([X, Y])], [contractAt(50), new Set([Y])]]));
      const plan = JSON.stringify(await server.app.db.query(`EXPLAIN ${sql}`, params));
      expect(plan).not.toContain('idx_balances_holders');
      expect(plan).toMatch(/"key":"PRIMARY"/);
      const read = hexRows((await server.app.db.query(sql, params)) as Parameters<typeof key>[0][]);
      expect(read.filter((r) => keys.some(([c, a, t]) => r.contract === c && r.account === a && r.token_id === t)).map(key).sort()).toEqual(stored.map(key).sort());
    } else {
      // SQLite stores balances in their primary key's B-tree (WITHOUT ROWID), which the plan calls PRIMARY KEY.
      const bound = ([c, a, t]: [string, string, string]) => [CHAIN, toBytes(c), toBytes(a), t];
      const plan = JSON.stringify(await server.app.db.query(`EXPLAIN QUERY PLAN ${STORED_BALANCE_SQLITE}`, bound(keys[0])));
      expect(plan).toMatch(/SEARCH token_balances USING PRIMARY KEY \(chain_id=\? AND contract=\? AND account=\? AND token_id=\?\)/);
      const read = await Promise.all(keys.map(async ([c, a, t]) => (await server.app.db.query(STORED_BALANCE_SQLITE, bound([c, a, t])))[0].balance));
      expect(read).toEqual(stored.map((r) => r.balance));
    }
  });
});

describe('uint256 exactness', () => {
  it('sums collectible balances exactly past 2^256 and reports uint256-max ERC-20 balances whole', async () => {
    const r = await server.rpc('Indexer/GetTokenBalancesSummary', { filter: { accountAddresses: [Y], contractStatus: 'ALL', omitNativeBalances: true } }, headers);
    expect(r.status).toBe(200);
    const big = 1n << 255n;
    expect(r.body.nativeBalances).toEqual([]);
    expect(r.body.balances.map((b: any) => [b.contractAddress, b.contractType, b.tokenID, b.balance, b.uniqueCollectibles, b.isSummary, b.blockNumber, b.blockHash])).toEqual([
      [contractAt(0), 'ERC1155', undefined, (big + big + 7n + 999999999999999999999999999999n).toString(), '3', true, 9, `0x${'ef'.repeat(32)}`],
      [contractAt(50), 'ERC20', undefined, ((1n << 256n) - 1n).toString(), '0', false, 7, HASH],
    ]);
    // The negative (stale) balance of contract 2 is not reported anywhere.
    const detail = await server.rpc('Indexer/GetTokenBalances', { accountAddress: Y }, headers);
    expect(detail.body.balances.map((b: any) => b.contractAddress)).not.toContain(contractAt(2));
    expect(detail.body.balances).toHaveLength(4);
  });

  it('reports a native balance the node cannot give with its reason, not a failure', async () => {
    // The node's retries take seconds; the domain function is called directly with a node that refuses.
    const refusing = { client: async () => Promise.reject(new Error('connect ECONNREFUSED')) };
    expect(await readNativeBalances(refusing, CHAIN, [X, Y])).toEqual([
      { chainId: CHAIN, accountAddress: X, balance: '0', errorReason: `chain ${CHAIN}: the node did not answer; try again later` },
      { chainId: CHAIN, accountAddress: Y, balance: '0', errorReason: `chain ${CHAIN}: the node did not answer; try again later` },
    ]);
  });
});
