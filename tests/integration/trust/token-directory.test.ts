// The token directory over GraphQL and the published Indexer client (@0xsequence/indexer 2.1.4): lists imported from a
// file and from a real local HTTP server, validated and versioned; malformed or hostile answers refused with a clear
// error and nothing replaced; listed tokens feed contract info (an override still wins); the operator's curation; and
// the default GetTokenBalancesSummary (VERIFIED) showing listed tokens and hiding the rest.
import fs from 'node:fs';
import { ContractVerificationStatus, SequenceIndexer, type TokenBalancesFilter } from '@0xsequence/indexer';
import { HOLDER, REFRESH, operator, startDirectoryEnv, tokenList, type DirectoryEnv } from './fixtures';

let env: DirectoryEnv;
let indexer: SequenceIndexer;

const fileList = () =>
  tokenList('Strata Test File', [1, 0, 0], [
    { chainId: env.chainId, address: env.good, name: 'Good Coin (listed)', symbol: 'GOOD', decimals: 18, logoURI: 'https://logo.example/good.png' },
    { chainId: 1, address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', name: 'USD Coin', symbol: 'USDC', decimals: 6 },
  ]);
const servedList = (version: [number, number, number], extra: object = {}) =>
  tokenList('Strata Test Served', version, [
    { chainId: env.chainId, address: env.served.toUpperCase().replace('0X', '0x'), name: 'Served Coin', symbol: 'SERV', decimals: 18, ...extra },
  ]);

const refresh = async () => (await env.gql(REFRESH, {}, operator)).refreshTokenDirectory as Array<{ source: string; outcome: string; error: string | null; tokens: number; version: string | null; name: string }>;
const servedStatus = async () => (await refresh())[1];
const summary = async (contractStatus?: ContractVerificationStatus) =>
  (
    await indexer.getTokenBalancesSummary({
      // Without contractStatus, as a client leaving it out sends it (the 2.1.4 type calls it required).
      filter: { accountAddresses: [HOLDER], ...(contractStatus ? { contractStatus } : {}), contractWhitelist: [], contractBlacklist: [] } as TokenBalancesFilter,
      omitMetadata: true,
    })
  ).balances
    .map((b) => b.contractAddress)
    .sort();
const directory = async (args = '') =>
  (await env.gql(`{ tokenDirectory${args} { totalCount nodes { address name symbol decimals logoUri source extensions { verified verifiedBy featured } tokenDirectory { lists addedByOperator featureIndex } } } }`)).tokenDirectory;

beforeAll(async () => {
  env = await startDirectoryEnv();
  indexer = new SequenceIndexer(env.server.url, env.accessKey);
  fs.writeFileSync(env.listFile, JSON.stringify(fileList()));
  env.answer({ doc: servedList([2, 0, 0]) });
});
afterAll(() => env?.stop());

describe('token lists', () => {
  it('are imported from a file and from a URL, tokens of other chains left out', async () => {
    const [file, served] = await refresh();
    expect(file).toMatchObject({ source: env.listFile, name: 'Strata Test File', version: '1.0.0', tokens: 1, outcome: 'IMPORTED', error: null });
    expect(served).toMatchObject({ source: `${env.listServer.origin}/list.json`, name: 'Strata Test Served', version: '2.0.0', tokens: 1, outcome: 'IMPORTED' });
    // Read again unchanged: nothing replaced.
    expect((await refresh()).map((s) => s.outcome)).toEqual(['UNCHANGED', 'UNCHANGED']);
  });

  it('feed contract info: the list’s name, symbol, decimals and logo; an override still wins', async () => {
    const q = `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { name symbol logoUri source extensions { verified verifiedBy } tokenDirectory { lists } } }`;
    const info = (await env.gql(q, { c: String(env.chainId), a: env.good })).contractInfo;
    expect(info).toEqual({
      name: 'Good Coin (listed)',
      symbol: 'GOOD',
      logoUri: 'https://logo.example/good.png',
      source: 'TOKEN_LIST',
      extensions: { verified: true, verifiedBy: 'Strata Test File' },
      tokenDirectory: { lists: ['Strata Test File'] },
    });
    const scam = (await env.gql(q, { c: String(env.chainId), a: env.scam })).contractInfo;
    expect(scam).toMatchObject({ name: 'Visit claim-rewards dot example', source: 'CHAIN', extensions: { verified: false }, tokenDirectory: null });
    await env.gql(
      `mutation($c: String!, $a: String!) { addContractInfoOverride(chainId: $c, contractAddress: $a, override: { name: "Operator Name", type: ERC20 }) { name type } }`,
      { c: String(env.chainId), a: env.good },
      operator,
    );
    expect((await env.gql(q, { c: String(env.chainId), a: env.good })).contractInfo).toMatchObject({ name: 'Operator Name', symbol: 'GOOD', source: 'OVERRIDE' });
    await env.gql(`mutation($c: String!, $a: String!) { removeContractInfoOverride(chainId: $c, contractAddress: $a) }`, { c: String(env.chainId), a: env.good }, operator);
  });

  it('the default summary (VERIFIED) shows the listed tokens and hides the rest; ALL shows every one', async () => {
    expect(await summary()).toEqual([env.good, env.served].sort());
    expect(await summary(ContractVerificationStatus.VERIFIED)).toEqual([env.good, env.served].sort());
    expect(await summary(ContractVerificationStatus.UNVERIFIED)).toEqual([env.scam]);
    expect(await summary(ContractVerificationStatus.ALL)).toEqual([env.good, env.served, env.scam].sort());
    const balances = await indexer.getTokenBalances({ accountAddress: HOLDER, includeMetadata: true, metadataOptions: { verifiedOnly: true, unverifiedOnly: false, includeContracts: [] } });
    expect(balances.balances.map((b) => b.contractAddress).sort()).toEqual([env.good, env.served].sort());
  });

  const hostile: Array<[string, () => void, RegExp]> = [
    ['malformed JSON', () => env.answer({ raw: '{"name": "Broken", "tokens": [' }), /list\.json: not JSON/],
    ['a document outside the schema', () => env.answer({ doc: { ...servedList([3, 0, 0]), name: 'Bad<name>' } }), /not a token list \(Token Lists schema\): \/name must match pattern/],
    ['a token with a bad address', () => env.answer({ doc: tokenList('Strata Test Served', [3, 0, 0], [{ chainId: env.chainId, address: '0x1234', name: 'X', symbol: 'X', decimals: 1 }]) }), /\/tokens\/0\/address must match pattern/],
    ['a token named twice', () => env.answer({ doc: { ...servedList([3, 0, 0]), tokens: [...servedList([3, 0, 0]).tokens, ...servedList([3, 0, 0]).tokens] } }), /\/tokens\/1 names 0x[0-9a-f]{40} on chain \d+ a second time/],
    ['an older version of a valid list', () => env.answer({ doc: { ...servedList([1, 9, 9]) } }), /version 1\.9\.9 is older than the imported 2\.0\.0; kept 2\.0\.0/],
    ['a body past TOKEN_LISTS_MAX_BYTES', () => env.answer({ huge: true }), /larger than 1048576 bytes/],
    ['a redirect to a private address', () => env.answer({ redirect: 'http://169.254.169.254/latest/meta-data/' }), /169\.254\.169\.254/],
    ['an HTTP error', () => env.answer({ status: 500 }), /500/],
  ];
  it.each(hostile)('%s is refused with a clear error, nothing replaced', async (_what, set, message) => {
    set();
    const served = await servedStatus();
    expect(served.outcome).toBe('REFUSED');
    expect(served.error).toMatch(message);
    expect(served).toMatchObject({ version: '2.0.0', tokens: 1 });
    expect(await summary()).toEqual([env.good, env.served].sort());
    const lists = (await env.gql(`{ tokenLists { source version tokens error } }`, {}, operator)).tokenLists;
    expect(lists[1]).toMatchObject({ version: '2.0.0', tokens: 1, error: served.error });
  });

  it('a newer version replaces the list’s tokens; a logo of another scheme is left out', async () => {
    env.answer({ doc: servedList([2, 1, 0], { logoURI: 'javascript:alert(1)' }) });
    expect(await servedStatus()).toMatchObject({ outcome: 'IMPORTED', version: '2.1.0', error: null });
    const node = (await directory(`(chainId: "${env.chainId}")`)).nodes.find((n: { address: string }) => n.address === env.served);
    expect(node).toMatchObject({ name: 'Served Coin', logoUri: null });
    // A list that drops a token takes it out of the directory.
    env.answer({ doc: tokenList('Strata Test Served', [3, 0, 0], [{ chainId: 1, address: '0x' + '2'.repeat(40), name: 'Other', symbol: 'OTH', decimals: 1 }]) });
    expect(await servedStatus()).toMatchObject({ outcome: 'IMPORTED', version: '3.0.0', tokens: 0 });
    expect(await summary()).toEqual([env.good]);
    env.answer({ doc: servedList([3, 1, 0]) });
    expect(await servedStatus()).toMatchObject({ outcome: 'IMPORTED', tokens: 1 });
  });
});

describe('directory reads and curation', () => {
  const key = () => ({ c: String(env.chainId), a: '' });
  const curate = (field: string, address: string, extra = '') =>
    env.gql(`mutation($c: String!, $a: String!) { ${field}(chainId: $c, contractAddress: $a${extra}) { address } }`, { ...key(), a: address }, operator);

  it('lists, searches and names the networks', async () => {
    const all = await directory();
    expect(all.totalCount).toBe(2);
    expect(all.nodes.map((n: { address: string }) => n.address)).toEqual([env.good, env.served].sort());
    const found = (await env.gql(`{ searchTokenDirectory(query: "good") { nodes { address symbol } } }`)).searchTokenDirectory.nodes;
    expect(found).toEqual([{ address: env.good, symbol: 'GOOD' }]);
    expect((await env.gql(`{ searchTokenDirectory(query: "${env.served}") { nodes { address } } }`)).searchTokenDirectory.nodes).toEqual([{ address: env.served }]);
    expect((await env.gql(`{ searchTokenDirectory(query: "100%_") { nodes { address } } }`)).searchTokenDirectory.nodes).toEqual([]);
    expect((await env.gql(`{ tokenDirectoryNetworks { chainId } }`)).tokenDirectoryNetworks).toEqual([{ chainId: env.chainId }]);
    expect((await env.gql(`{ tokenDirectoryNetworks(onlyFeatured: true) { chainId } }`)).tokenDirectoryNetworks).toEqual([]);
    const page = (await env.gql(`{ tokenDirectory(first: 1) { nodes { address } pageInfo { hasNextPage endCursor } } }`)).tokenDirectory;
    expect(page.pageInfo.hasNextPage).toBe(true);
    const next = (await env.gql(`{ tokenDirectory(first: 1, after: "${page.pageInfo.endCursor}") { nodes { address } pageInfo { hasNextPage } } }`)).tokenDirectory;
    expect([...page.nodes, ...next.nodes].map((n: { address: string }) => n.address)).toEqual([env.good, env.served].sort());
  });

  it('are for readers; curation is for the operator', async () => {
    expect((await env.gqlRaw(`{ tokenDirectory { totalCount } }`, {}, {})).errors![0].extensions.code).toBe('UNAUTHORIZED');
    const denied = await env.gqlRaw(`mutation($c: String!, $a: String!) { addContractToTokenDirectory(chainId: $c, contractAddress: $a) { address } }`, { ...key(), a: env.scam });
    expect(denied.errors![0].extensions.code).toBe('UNAUTHORIZED');
  });

  it('the operator adds, features, removes; the summary follows', async () => {
    const member = async (a: string) => (await env.gql(`query($c: String!, $a: String!) { isInTokenDirectory(chainId: $c, contractAddress: $a) { listed featureIndex } }`, { ...key(), a }, operator)).isInTokenDirectory;
    expect(await member(env.scam)).toEqual({ listed: false, featureIndex: 0 });
    await curate('addContractToTokenDirectory', env.scam);
    expect(await member(env.scam)).toEqual({ listed: true, featureIndex: 0 });
    expect(await summary()).toEqual([env.good, env.served, env.scam].sort());

    await curate('setTokenDirectoryFeatureIndex', env.served, ', featureIndex: 7');
    const featured = await directory();
    expect(featured.nodes[0]).toMatchObject({ address: env.served, extensions: { featured: true }, tokenDirectory: { featureIndex: 7 } });
    expect((await directory('(onlyFeatured: true)')).nodes.map((n: { address: string }) => n.address)).toEqual([env.served]);
    expect(featured.nodes.find((n: { address: string }) => n.address === env.scam)).toMatchObject({ name: 'Visit claim-rewards dot example', tokenDirectory: { lists: [], addedByOperator: true } });

    // Removed: out whatever the list says, across a refresh.
    await curate('removeContractFromTokenDirectory', env.good);
    fs.writeFileSync(env.listFile, JSON.stringify({ ...fileList(), version: { major: 1, minor: 0, patch: 1 } }));
    expect((await refresh())[0]).toMatchObject({ outcome: 'IMPORTED', version: '1.0.1' });
    expect(await member(env.good)).toEqual({ listed: false, featureIndex: 0 });
    expect(await summary()).toEqual([env.served, env.scam].sort());
    const notIn = await env.gqlRaw(`mutation($c: String!, $a: String!) { removeContractFromTokenDirectory(chainId: $c, contractAddress: $a) { address } }`, { ...key(), a: env.good }, operator);
    expect(notIn.errors![0].extensions.code).toBe('NOT_FOUND');
    await curate('addContractToTokenDirectory', env.good);
    expect(await member(env.good)).toEqual({ listed: true, featureIndex: 0 });

    // A blacklisted contract is not VERIFIED, directory or not.
    await env.gql(`mutation($c: String!, $a: String!) { setContractFlags(chainId: $c, contractAddress: $a, flags: { blacklist: true }) { address } }`, { ...key(), a: env.scam }, operator);
    expect(await summary()).toEqual([env.good, env.served].sort());
    expect(await summary(ContractVerificationStatus.UNVERIFIED)).toEqual([]);
    // Flagged verified without the directory still counts.
    await curate('removeContractFromTokenDirectory', env.scam);
    await env.gql(`mutation($c: String!, $a: String!) { setContractFlags(chainId: $c, contractAddress: $a, flags: { blacklist: false, verified: true }) { address } }`, { ...key(), a: env.scam }, operator);
    expect(await summary()).toEqual([env.good, env.served, env.scam].sort());
  });

  it('the transaction history filter agrees', async () => {
    const history = await indexer.getTransactionHistory({ filter: { accountAddress: HOLDER }, includeMetadata: false, metadataOptions: { verifiedOnly: true, unverifiedOnly: false, includeContracts: [] } });
    const contracts = new Set(history.transactions.flatMap((t) => t.transfers?.map((x) => x.contractAddress) ?? []));
    expect([...contracts].sort()).toEqual([env.good, env.served, env.scam].sort());
  });
});
