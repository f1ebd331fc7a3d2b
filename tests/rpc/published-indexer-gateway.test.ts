// The published @0xsequence/indexer 3.0.13 SequenceIndexerGateway and SequenceIndexer (on a per-chain base URL),
// unchanged, against Strata with two anvil chains; one chain is stopped mid-test and answers its errorReason while the
// other answers normally. Balances are checked against balanceOf / eth_getBalance read from anvil, not Strata's reads.
import { Metadata as MetadataClient } from '@0xsequence/metadata';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { chainBalance, deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../helpers/chain-fixtures';
import { rejectionOf } from '../helpers/rejection';
import { startTestServer, type TestServer } from '../helpers/server';
import { PATIENCE_MS } from '../helpers/patience';
// The package is ESM only: jest compiles it to CommonJS (jest.config.js), so it is required; its types come from the
// ESM declarations.
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
type Gateway = InstanceType<V3['SequenceIndexerGateway']>;
type Indexer = InstanceType<V3['SequenceIndexer']>;
type Page = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).Page;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexerGateway, SequenceIndexer, ContractVerificationStatus, InvalidArgumentError, IndexerGateway } = require('@0xsequence/indexer-v3') as V3;

type Chain = { anvil: Anvil; tokens: Tokens; addr: { erc20: string; erc1155: string } };

let alpha: Chain;
let beta: Chain;
let server: TestServer;
let key: string;
let gateway: Gateway;
let A: string;
let B: string;

/** Deploys the tokens and gives A and B different holdings on each chain (`n` varies the amounts). */
const seedChain = async (anvil: Anvil, n: bigint): Promise<Chain> => {
  const tokens = await deployTokens(anvil);
  const a = devWallet(anvil, 0).address;
  const b = devWallet(anvil, 1).address;
  await sendAndWait(tokens.erc20.mint(a, 1_000_000n * n));
  await sendAndWait(tokens.erc20.transfer(b, 1000n * n));
  await sendAndWait(tokens.erc1155.mintBatch(a, [1n, 2n], [10n * n, 20n * n]));
  await sendAndWait(tokens.erc1155.safeTransferFrom(a, b, 2n, 5n, '0x'));
  await sendAndWait(tokens.erc20.transfer(b, 7n));
  return {
    anvil,
    tokens,
    addr: { erc20: (await tokens.erc20.getAddress()).toLowerCase(), erc1155: (await tokens.erc1155.getAddress()).toLowerCase() },
  };
};

beforeAll(async () => {
  const [a, b] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 })]);
  [alpha, beta] = await Promise.all([seedChain(a, 1n), seedChain(b, 3n)]);
  A = devWallet(a, 0).address.toLowerCase();
  B = devWallet(a, 1).address.toLowerCase();
  server = await startTestServer({
    CHAINS: JSON.stringify([
      { chainId: a.chainId, name: 'alpha', url: a.rpcUrl, confirmations: 2 },
      { chainId: b.chainId, name: 'beta', url: b.rpcUrl, confirmations: 2, testnet: true },
    ]),
    GATEWAY_CHAIN_TIMEOUT_MS: '3000',
    GATEWAY_HEALTH_TTL_MS: '200',
  });
  key = (await server.createProject('gateway')).accessKey;
  await Promise.all([waitForIndexed(server.app, a), waitForIndexed(server.app, b)]);
  gateway = new SequenceIndexerGateway(server.url, key);
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([alpha?.anvil.stop(), beta?.anvil.stop()]);
});

/** What the chain itself says of every balance a reply lists. */
const onChain = async (c: Chain, rows: Array<{ contractAddress: string; accountAddress: string; tokenID?: string; balance: string }>) =>
  Promise.all(
    rows.map(async (r) => {
      const kind = r.contractAddress === c.addr.erc20 ? 'erc20' : 'erc1155';
      return String(await chainBalance(c.tokens, kind, r.accountAddress, r.tokenID ?? '0'));
    }),
  );

describe('SequenceIndexerGateway against Strata (two chains)', () => {
  it('getChains lists the configured chains, narrowed by networkType', async () => {
    expect(await gateway.getChains({})).toEqual({
      chains: [
        { chainId: 31337, chainName: 'alpha' },
        { chainId: 31338, chainName: 'beta' },
      ],
    });
    expect((await gateway.getChains({ networkType: IndexerGateway.NetworkType.TESTNETS })).chains).toEqual([{ chainId: 31338, chainName: 'beta' }]);
    expect((await gateway.getChains({ networkType: IndexerGateway.NetworkType.MAINNETS })).chains).toEqual([{ chainId: 31337, chainName: 'alpha' }]);
  });

  it('getTokenBalances: each chain’s balances of the account, equal to balanceOf on that chain', async () => {
    const r = await gateway.getTokenBalances({ chainIds: [31337, 31338], accountAddress: A });
    expect(r.balances.map((b) => [b.chainId, b.errorReason])).toEqual([
      [31337, undefined],
      [31338, undefined],
    ]);
    for (const [i, c] of [alpha, beta].entries()) {
      const rows = r.balances[i].results;
      expect(rows.length).toBe(3); // ERC-20 and ERC-1155 ids 1 and 2
      expect(rows.every((b) => b.chainId === c.anvil.chainId)).toBe(true);
      expect(rows.map((b) => b.balance)).toEqual(await onChain(c, rows));
    }
    // Names select chains too; chainIds and networks together are their union.
    const byName = await gateway.getTokenBalances({ networks: ['beta'], accountAddress: A });
    expect(byName.balances.map((b) => b.chainId)).toEqual([31338]);
  });

  it('getTokenBalancesSummary: per-chain summaries and native balances, equal to the chains’ own figures', async () => {
    const r = await gateway.getTokenBalancesSummary({
      filter: { accountAddresses: [A, B], contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: false },
      omitMetadata: true,
    });
    expect(r.page).toEqual({ pageSize: 50, more: false });
    for (const [i, c] of [alpha, beta].entries()) {
      const natives = r.nativeBalances[i];
      expect(natives.chainId).toBe(c.anvil.chainId);
      const wei = await Promise.all([A, B].map((x) => c.anvil.rpc<string>('eth_getBalance', [x, 'latest'])));
      expect(natives.results.map((n) => [n.accountAddress, n.balance])).toEqual([
        [A, BigInt(wei[0]).toString()],
        [B, BigInt(wei[1]).toString()],
      ]);
      const erc20 = r.balances[i].results.filter((b) => b.contractAddress === c.addr.erc20);
      expect(erc20.map((b) => b.balance)).toEqual(await onChain(c, erc20));
      const nft = r.balances[i].results.find((b) => b.contractAddress === c.addr.erc1155 && b.accountAddress === A)!;
      expect(nft).toMatchObject({ isSummary: true, uniqueCollectibles: '2' });
      expect(BigInt(nft.balance)).toBe((await chainBalance(c.tokens, 'erc1155', A, '1')) + (await chainBalance(c.tokens, 'erc1155', A, '2')));
    }
  });

  it('getTransactionHistory pages across chains: every chain continues where it stopped, nothing twice, nothing missed', async () => {
    const whole = await gateway.getTransactionHistory({ filter: { accountAddress: A } });
    const expected = whole.transactions.flatMap((g) => g.results.map((t) => `${g.chainId}:${t.txnHash}`)).sort();
    expect(expected.length).toBe(2 * 5);
    const seen: string[] = [];
    let page: Page | undefined = { pageSize: 2 };
    let calls = 0;
    while (page && calls++ < 10) {
      const r: Awaited<ReturnType<Gateway['getTransactionHistory']>> = await gateway.getTransactionHistory({ filter: { accountAddress: A }, page });
      for (const g of r.transactions) {
        expect(g.results.length).toBeLessThanOrEqual(2);
        seen.push(...g.results.map((t) => `${g.chainId}:${t.txnHash}`));
      }
      page = r.page.more ? r.page : undefined;
    }
    expect(calls).toBe(3);
    expect(seen.sort()).toEqual(expected);
  });

  it('getBalanceUpdates: one contract address on both chains (the same deployer and nonce gives the same address)', async () => {
    expect(alpha.addr.erc20).toBe(beta.addr.erc20);
    const r = await gateway.getBalanceUpdates({ contractAddress: alpha.addr.erc20, lastBlockNumber: 0 });
    for (const [i, c] of [alpha, beta].entries()) {
      const last = new Map<string, string>();
      for (const u of r.balances[i].results) last.set(u.accountAddress, u.balance);
      expect(last.get(A)).toBe(String(await chainBalance(c.tokens, 'erc20', A, '0')));
      expect(last.get(B)).toBe(String(await chainBalance(c.tokens, 'erc20', B, '0')));
    }
  });

  it('getNativeTokenBalance: the account’s coin balance on each chain, equal to eth_getBalance', async () => {
    const r = await gateway.getNativeTokenBalance({ accountAddress: B });
    expect(r.balances.map((b) => b.chainId)).toEqual([31337, 31338]);
    for (const [i, c] of [alpha, beta].entries()) {
      expect(r.balances[i].errorReason).toBeUndefined();
      expect(r.balances[i].result).toMatchObject({ chainId: c.anvil.chainId, accountAddress: B });
      expect(r.balances[i].result.balance).toBe(BigInt(await c.anvil.rpc<string>('eth_getBalance', [B, 'latest'])).toString());
    }
  });

  it('getTokenBalancesDetails: one row per token id on each chain, equal to balanceOf', async () => {
    const r = await gateway.getTokenBalancesDetails({
      chainIds: [31338, 31337],
      filter: { accountAddresses: [A, B], contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: true },
      omitMetadata: true,
    });
    // Configuration order, whatever order the request names them in.
    expect(r.balances.map((b) => b.chainId)).toEqual([31337, 31338]);
    expect(r.nativeBalances.map((n) => n.results)).toEqual([[], []]);
    for (const [i, c] of [alpha, beta].entries()) {
      const rows = r.balances[i].results;
      // A: ERC-20, ids 1 and 2; B: ERC-20, id 2.
      expect(rows.length).toBe(5);
      expect(rows.every((b) => !b.isSummary)).toBe(true);
      expect(rows.map((b) => b.balance)).toEqual(await onChain(c, rows));
    }
  });

  it('getTokenBalancesByContract: every holder of a contract on each chain, equal to balanceOf', async () => {
    const r = await gateway.getTokenBalancesByContract({ filter: { contractAddresses: [alpha.addr.erc1155] }, omitMetadata: true });
    for (const [i, c] of [alpha, beta].entries()) {
      const rows = r.balances[i].results;
      expect(rows.map((b) => [b.accountAddress, b.tokenID]).sort()).toEqual(
        [
          [A, '1'],
          [A, '2'],
          [B, '2'],
        ].sort(),
      );
      expect(rows.map((b) => b.balance)).toEqual(await onChain(c, rows));
    }
  });

  it('ping, version and runtimeStatus report the build and each chain', async () => {
    expect(await gateway.ping()).toEqual({ status: true });
    const { version } = await gateway.version();
    expect(version).toMatchObject({ webrpcVersion: 'v1', schemaVersion: '0.1.0', schemaHash: expect.stringMatching(/^[0-9a-f]{40}$/) });
    const { status } = await gateway.runtimeStatus();
    expect(status).toMatchObject({ healthOK: true, ver: '0.1.0' });
    expect(status.uptime).toBeGreaterThanOrEqual(0);
    expect(status.backends.map((b) => [b.name, b.chainId])).toEqual([
      ['alpha', 31337],
      ['beta', 31338],
    ]);
    // The reads above were timed.
    expect(status.backends[0].responseTime.average).toBeGreaterThan(0);
  });

  it('an unknown chain fails the whole request; a bad argument too', async () => {
    const unknown = await rejectionOf<InstanceType<V3['WebrpcError']>>(gateway.getTokenBalances({ chainIds: [5], accountAddress: A }));
    // The gateway's module has its own error classes.
    expect(unknown).toBeInstanceOf(IndexerGateway.InvalidArgumentError);
    expect(unknown.message).toBe('chainIds[0]: chain "5" is not configured');
    const bad = await rejectionOf<InstanceType<V3['WebrpcError']>>(gateway.getTokenBalances({ accountAddress: 'nope' }));
    expect(bad).toBeInstanceOf(IndexerGateway.InvalidArgumentError);
    expect(bad.message).toMatch(/^accountAddress: /);
  });
});

describe('SequenceIndexer on a per-chain base URL', () => {
  it('<base>/chains/<id or name> answers for that chain without a chainID in the request', async () => {
    const onBeta: Indexer = new SequenceIndexer(`${server.url}/chains/beta`, key);
    const r = await onBeta.getTokenBalances({ accountAddress: A });
    expect(r.balances.every((b) => b.chainId === 31338)).toBe(true);
    expect(r.balances.map((b) => b.balance)).toEqual(await onChain(beta, r.balances));
    const onAlpha: Indexer = new SequenceIndexer(`${server.url}/chains/31337`, key);
    const s = await onAlpha.getTokenBalancesSummary({ filter: { accountAddresses: [B], contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: true } });
    expect(s.balances.every((b) => b.chainId === 31337)).toBe(true);
    const { status } = await onAlpha.runtimeStatus();
    expect(status).toMatchObject({ chainID: 31337, healthOK: true, indexerEnabled: true, checks: { running: true } });
    expect(status.checks.lastBlockNum).toBeGreaterThan(0);
    expect(await onAlpha.ping()).toEqual({ status: true });
  });

  it('an unknown chain in the base URL, or a body naming another chain, is a clear InvalidArgument', async () => {
    const nowhere: Indexer = new SequenceIndexer(`${server.url}/chains/gamma`, key);
    const err = await rejectionOf<InstanceType<V3['WebrpcError']>>(nowhere.getTokenBalances({ accountAddress: A }));
    expect(err).toBeInstanceOf(InvalidArgumentError);
    expect(err.message).toMatch(/base URL \/chains\/gamma\/: that chain is not configured on this server \(configured: 31337 \(alpha\), 31338 \(beta\)\)/);
    const res = await fetch(`${server.url}/chains/alpha/rpc/Indexer/GetTokenBalances`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
      body: JSON.stringify({ chainID: '31338', accountAddress: A }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 2001, msg: 'chainID: the request names chain 31338 (beta) but its base URL is chain 31337 (alpha)' });
    // The gateway is not a per-chain service.
    const gw = await fetch(`${server.url}/chains/alpha/rpc/IndexerGateway/GetChains`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(gw.status).toBe(404);
  });

  it('without a price feed the price methods answer Unavailable naming PRICE_FEED_URL, and balances carry no price', async () => {
    const onAlpha: Indexer = new SequenceIndexer(`${server.url}/chains/alpha`, key);
    const noFeed = 'no price source is configured on this server: set PRICE_FEED_URL to an HTTP JSON price feed (README: Prices)';
    for (const call of [
      onAlpha.getTokenPrice({ q: { contractAddress: alpha.addr.erc20 } }),
      onAlpha.listTokenPrices({}),
      gateway.getTokenPrices({ q: [{ chainID: 31337, queries: [{ contractAddress: alpha.addr.erc20 }] }] }),
    ]) {
      expect(await rejectionOf(call)).toMatchObject({ code: 2002, status: 400, message: noFeed });
    }
    const r = await onAlpha.getTokenBalances({ accountAddress: A });
    expect(r.balances.length).toBeGreaterThan(0);
    expect(r.balances.every((b) => b.priceUSD === undefined && b.balanceUSD === undefined)).toBe(true);
  });

  it('the Metadata client’s ping, version and runtimeStatus', async () => {
    const metadata = new MetadataClient(server.url, fetch);
    expect(await metadata.ping({ 'X-Access-Key': key })).toEqual({ status: true });
    expect((await metadata.version({ 'X-Access-Key': key })).version.appVersion).toMatch(/^0\.1\.0/);
    const { status } = await metadata.runtimeStatus({ 'X-Access-Key': key });
    expect(status).toMatchObject({ healthOK: true, ver: '0.1.0', runnable: { 'chain-31337': { running: true }, 'chain-31338': { running: true } } });
    expect(status.uptimeString).toMatch(/^(\d+h)?(\d+m)?\d+s$/);
  });
});

describe('one chain stopped', () => {
  it('the stopped chain answers its errorReason while the other answers normally', async () => {
    await beta.anvil.stop();
    // The node's health is remembered for GATEWAY_HEALTH_TTL_MS (200 ms here): a read started just before that ends
    // waits for the chain's bound and answers "did not answer within"; the next ones learn the node is down at once.
    let r: Awaited<ReturnType<Gateway['getTokenBalancesSummary']>> | undefined;
    const deadline = Date.now() + PATIENCE_MS;
    while (Date.now() < deadline) {
      r = await gateway.getTokenBalancesSummary({ filter: { accountAddresses: [A], contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: false } });
      if (r.balances[1].errorReason?.includes('node does not answer')) break;
      await new Promise((res) => setTimeout(res, 100));
    }
    expect(r!.balances[1]).toEqual({ chainId: 31338, errorReason: 'chain 31338: its node does not answer; try again later', results: [] });
    expect(r!.nativeBalances[1]).toMatchObject({ chainId: 31338, errorReason: expect.any(String), results: [] });
    expect(r!.balances[0].errorReason).toBeUndefined();
    const rows = r!.balances[0].results;
    const erc20 = rows.filter((b) => b.contractAddress === alpha.addr.erc20);
    expect(erc20.map((b) => b.balance)).toEqual(await onChain(alpha, erc20));
    const nft = rows.find((b) => b.contractAddress === alpha.addr.erc1155)!;
    expect(BigInt(nft.balance)).toBe((await chainBalance(alpha.tokens, 'erc1155', A, '1')) + (await chainBalance(alpha.tokens, 'erc1155', A, '2')));
    expect(r!.nativeBalances[0].results[0].balance).toBe(BigInt(await alpha.anvil.rpc<string>('eth_getBalance', [A, 'latest'])).toString());

    const native = await gateway.getNativeTokenBalance({ accountAddress: A });
    expect(native.balances[1]).toEqual({ chainId: 31338, errorReason: 'chain 31338: its node does not answer; try again later', result: null });
    expect(native.balances[0].result.balance).toBe(BigInt(await alpha.anvil.rpc<string>('eth_getBalance', [A, 'latest'])).toString());

    // A page whose only unfinished chain failed: `more` is false (no chain that answered has more), `after` is there
    // to read the failed chain again from its place; the finished chain is not read again.
    const h1 = await gateway.getTransactionHistory({ filter: { accountAddress: A }, page: { pageSize: 10 } });
    expect(h1.page).toMatchObject({ more: false, after: expect.any(String) });
    expect(h1.transactions[0].results.length).toBe(5);
    expect(h1.transactions[1]).toMatchObject({ chainId: 31338, errorReason: expect.stringMatching(/^chain 31338/), results: [] });
    const h2 = await gateway.getTransactionHistory({ filter: { accountAddress: A }, page: h1.page });
    expect(h2.transactions[0]).toEqual({ chainId: 31337, results: [] });
    expect(h2.transactions[1].errorReason).toMatch(/^chain 31338/);

    // GraphQL's multi-chain reads: the chain's error is data, the query does not fail.
    const gq = await server.graphql(
      'query($a: String!) { multiChainTokenBalances(accountAddress: $a) { chains { chainId errorReason nodes { chainId balance } } } }',
      { a: A },
      { 'X-Access-Key': key },
    );
    expect(gq.body.errors).toBeUndefined();
    const [onAlpha, onBeta] = gq.body.data.multiChainTokenBalances.chains;
    expect(onBeta).toEqual({ chainId: 31338, errorReason: 'chain 31338: its node does not answer; try again later', nodes: [] });
    expect(onAlpha.errorReason).toBeNull();
    expect(onAlpha.nodes.length).toBe(3);
    expect(onAlpha.nodes.every((n: { chainId: number }) => n.chainId === 31337)).toBe(true);

    const { status } = await gateway.runtimeStatus();
    expect(status.healthOK).toBe(false);
    const indexerStatus = await new SequenceIndexer(`${server.url}/chains/beta`, key).runtimeStatus();
    expect(indexerStatus.status).toMatchObject({ chainID: 31338, healthOK: false, checks: { running: false } });
  });
});
