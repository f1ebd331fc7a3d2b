// The newest published client, @0xsequence/indexer 3.0.13's SequenceIndexer, unchanged, on the Indexer methods beyond
// the specification. Every balance, supply and token id is checked against the contracts themselves (balanceOf,
// ownerOf, totalSupply read from anvil with ethers), not against Strata's own reads.
import { JsonRpcProvider, Wallet, type Contract } from 'ethers';
// The package is ESM only: jest compiles it to CommonJS (jest.config.js), so it is required; its types come from the
// ESM declarations.
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
type TokenBalance = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).TokenBalance;
type Page = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).Page;
type WebrpcError = import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } }).WebrpcError;
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ContractVerificationStatus, InvalidArgumentError, NotFoundError, SequenceIndexer, TimeoutError } = require('@0xsequence/indexer-v3') as V3;
type SequenceIndexer = InstanceType<V3['SequenceIndexer']>;
import { BalanceChangeEntity, BalanceEntity, ChainCheckpointEntity } from '../../src/db';
import { devWallet } from '../helpers/anvil';
import { chainBalance, sendAndWait, type Tokens } from '../helpers/chain-fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';
import { startIndexerEnv, waitForIndexed, type IndexerEnv } from '../integration/indexer/fixtures';
import { PATIENCE_MS } from '../helpers/patience';

let env: IndexerEnv;
let indexer: SequenceIndexer;
let provider: JsonRpcProvider;

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);
const as = (c: Contract, i: number) => c.connect(devWallet(env.anvil, i)) as Contract;
const kindOf = (t: TokenBalance): keyof Tokens => (t.contractType === 'ERC20' ? 'erc20' : t.contractType === 'ERC721' ? 'erc721' : 'erc1155');

/** The accounts the fixtures touch: every holder is one of them. */
const holders = () => [env.A, env.B, env.C, env.D];

beforeAll(async () => {
  env = await startIndexerEnv();
  // As an app moving from the hosted service configures it: one base URL per chain (the client sends no chain id).
  indexer = new SequenceIndexer(`${env.server.url}/chains/${env.anvil.chainId}`, env.key);
  provider = new JsonRpcProvider(env.anvil.rpcUrl, env.anvil.chainId, { staticNetwork: true });
  // ERC-721 ids 5, 6 and 10 to C: with the fixtures' 1, 2, 3 the held ids form the ranges 1-3, 5-6 and 10.
  for (const id of [5n, 6n, 10n]) await sendAndWait(env.tokens.erc721.mint(env.C, id));
  await waitForIndexed(env.server.app, env.anvil);
});
afterAll(async () => {
  provider?.destroy();
  await env?.stop();
});

/** Each row's balance as the contract reports it. */
const expectOnChain = async (rows: TokenBalance[]) => {
  for (const r of rows) expect(BigInt(r.balance)).toBe(await chainBalance(env.tokens, kindOf(r), r.accountAddress, r.tokenID ?? '0'));
};

/** Every positive balance of these accounts and contracts, read from the contracts: the rows a complete answer holds. */
const onChainRows = async (accounts: string[], contracts: Array<keyof Tokens>, ids: Record<keyof Tokens, string[]>) => {
  const rows: string[] = [];
  for (const account of accounts) {
    for (const kind of contracts) {
      const address = env.addr[kind];
      for (const id of ids[kind]) {
        const balance = await chainBalance(env.tokens, kind, account, id);
        if (balance > 0n) rows.push(`${account}|${address}|${kind === 'erc20' ? '' : id}|${balance}`);
      }
    }
  }
  return rows.sort();
};
const rowsOf = (balances: TokenBalance[]) => balances.map((b) => `${b.accountAddress}|${b.contractAddress}|${b.tokenID ?? ''}|${b.balance}`).sort();
const ALL_IDS: Record<keyof Tokens, string[]> = { erc20: ['0'], erc721: ['1', '2', '3', '5', '6', '10'], erc1155: ['1', '2', '3'] };

describe('@0xsequence/indexer 3.0.13 SequenceIndexer: methods beyond the specification', () => {
  it('getChainID: the chain the base URL reaches', async () => {
    expect(await indexer.getChainID()).toEqual({ chainID: env.anvil.chainId });
  });

  it('getNativeTokenBalance and the deprecated getEtherBalance: eth_getBalance of the account', async () => {
    const wei = (await provider.getBalance(env.B)).toString();
    const r = await indexer.getNativeTokenBalance({ accountAddress: env.B.toUpperCase().replace('0X', '0x') });
    expect(r.balance).toMatchObject({ accountAddress: env.B, chainId: env.anvil.chainId, balance: wei });
    expect(await indexer.getEtherBalance({ accountAddress: env.B })).toEqual({ balance: { accountAddress: env.B, balanceWei: wei } });
    const missing = await rejectionOf(indexer.getNativeTokenBalance({}));
    expect(missing).toBeInstanceOf(InvalidArgumentError);
  });

  it('getTokenBalancesDetails: one row per token of several accounts, as the contracts hold them, with native balances', async () => {
    const accounts = [env.A, env.B];
    const r = await indexer.getTokenBalancesDetails({ filter: { accountAddresses: accounts, contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: false } });
    expect(rowsOf(r.balances)).toEqual(await onChainRows(accounts, ['erc20', 'erc721', 'erc1155'], ALL_IDS));
    await expectOnChain(r.balances);
    expect(r.balances.every((b) => !b.isSummary)).toBe(true);
    expect(r.nativeBalances.map((n) => [n.accountAddress, n.balance])).toEqual(
      await Promise.all(accounts.map(async (a) => [a, (await provider.getBalance(a)).toString()])),
    );

    // Paged by echoing the reply page: the same rows, native balances on the first page only.
    const seen: TokenBalance[] = [];
    let page: Page | undefined = { pageSize: 3 };
    for (let calls = 0; page && calls < 10; calls++) {
      const p = await indexer.getTokenBalancesDetails({ filter: { accountAddresses: accounts, contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: false }, page });
      if (calls > 0) expect(p.nativeBalances).toEqual([]);
      seen.push(...p.balances);
      page = p.page.more ? p.page : undefined;
    }
    expect(rowsOf(seen)).toEqual(rowsOf(r.balances));
  });

  it('the TokenBalancesFilter fields of 3.0.13: contractTypes, tokenIDs, whitelist, blacklist, omitNativeBalances', async () => {
    const base = { accountAddresses: [env.A, env.B], contractStatus: ContractVerificationStatus.ALL, omitNativeBalances: true };
    const only1155 = await indexer.getTokenBalancesDetails({ filter: { ...base, contractTypes: ['ERC1155'] } });
    expect(rowsOf(only1155.balances)).toEqual(await onChainRows([env.A, env.B], ['erc1155'], ALL_IDS));
    expect(only1155.nativeBalances).toEqual([]);

    const id2 = await indexer.getTokenBalancesDetails({ filter: { ...base, tokenIDs: ['2'] } });
    expect(rowsOf(id2.balances)).toEqual(await onChainRows([env.A, env.B], ['erc721', 'erc1155'], { erc20: [], erc721: ['2'], erc1155: ['2'] }));

    const white = await indexer.getTokenBalancesDetails({ filter: { ...base, contractWhitelist: [env.addr.erc20] } });
    expect(rowsOf(white.balances)).toEqual(await onChainRows([env.A, env.B], ['erc20'], ALL_IDS));
    const black = await indexer.getTokenBalancesDetails({ filter: { ...base, contractBlacklist: [env.addr.erc20, env.addr.erc721] } });
    expect(rowsOf(black.balances)).toEqual(await onChainRows([env.A, env.B], ['erc1155'], ALL_IDS));

    // A type Strata does not index (the native coin) matches no token row; an unknown name is refused.
    expect((await indexer.getTokenBalancesDetails({ filter: { ...base, contractTypes: ['NATIVE'] } })).balances).toEqual([]);
    const bad = await rejectionOf(indexer.getTokenBalancesDetails({ filter: { ...base, contractTypes: ['ERC999'] } }));
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect(bad.message).toMatch(/^filter\.contractTypes\[0\]: /);

    // The specified GetTokenBalancesSummary honours the same newer fields.
    const summary = await indexer.getTokenBalancesSummary({ filter: { ...base, contractTypes: ['ERC721'] } });
    expect(summary.balances.map((b) => [b.accountAddress, b.contractAddress, b.balance, b.uniqueCollectibles])).toEqual([
      [env.A, env.addr.erc721, String(await env.tokens.erc721.balanceOf(env.A)), '2'],
      [env.B, env.addr.erc721, String(await env.tokens.erc721.balanceOf(env.B)), '1'],
    ].sort((x, y) => (x[0] < y[0] ? -1 : 1)));
    const summaryId3 = await indexer.getTokenBalancesSummary({ filter: { ...base, tokenIDs: ['3'] } });
    expect(summaryId3.balances.map((b) => [b.contractAddress, b.balance])).toEqual([
      [env.addr.erc721, '1'],
      [env.addr.erc1155, String(await env.tokens.erc1155.balanceOf(env.A, 3n))],
    ].sort((x, y) => (x[0] < y[0] ? -1 : 1)));
  });

  it('the specified methods through 3.0.13: getTransactionHistory (omitPrices accepted) and getTokenBalances', async () => {
    const { B, tx, addr } = env;
    const h = await indexer.getTransactionHistory({ filter: { accountAddress: B, contractAddress: addr.erc20, omitPrices: true } });
    expect(h.transactions.map((t) => t.txnHash)).toEqual([tx.erc20BtoC.hash, tx.erc20AtoB.hash]);
    const b = await indexer.getTokenBalances({ accountAddress: B, includeCollectionTokens: true });
    expect(rowsOf(b.balances)).toEqual(await onChainRows([B], ['erc20', 'erc721', 'erc1155'], ALL_IDS));
  });

  it('getTokenBalancesByContract: every holder of the named contracts, or of some accounts and token ids', async () => {
    const all = await indexer.getTokenBalancesByContract({ filter: { contractAddresses: [env.addr.erc1155] } });
    expect(rowsOf(all.balances)).toEqual(await onChainRows(holders(), ['erc1155'], ALL_IDS));
    const ofB = await indexer.getTokenBalancesByContract({ filter: { contractAddresses: [env.addr.erc1155, env.addr.erc20], accountAddresses: [env.B], tokenIDs: ['1', '0'] } });
    expect(rowsOf(ofB.balances)).toEqual(await onChainRows([env.B], ['erc20', 'erc1155'], { erc20: ['0'], erc721: [], erc1155: ['1'] }));
    const none = await rejectionOf(indexer.getTokenBalancesByContract({ filter: { contractAddresses: [] } }));
    expect(none).toBeInstanceOf(InvalidArgumentError);
  });

  it('getTokenSupplies: an ERC-20’s totalSupply(), each held id of a collection with the sum of its holders’ balanceOf', async () => {
    const erc20 = await indexer.getTokenSupplies({ contractAddress: env.addr.erc20 });
    expect(erc20).toMatchObject({ contractType: 'ERC20', tokenIDs: [{ tokenID: '0', supply: String(await env.tokens.erc20.totalSupply()), chainId: env.anvil.chainId }] });

    const items = await indexer.getTokenSupplies({ contractAddress: env.addr.erc1155 });
    expect(items.contractType).toBe('ERC1155');
    const expected = [];
    for (const id of ['1', '2', '3']) {
      let sum = 0n;
      for (const h of holders()) sum += await env.tokens.erc1155.balanceOf(h, BigInt(id));
      expected.push({ tokenID: id, supply: String(sum), chainId: env.anvil.chainId });
    }
    expect(items.tokenIDs).toEqual(expected);

    // Numeric order (10 after 6), paged by echoing the page.
    const ids: string[] = [];
    let page: Page | undefined = { pageSize: 4 };
    for (let calls = 0; page && calls < 5; calls++) {
      const p = await indexer.getTokenSupplies({ contractAddress: env.addr.erc721, page });
      ids.push(...p.tokenIDs.map((t) => t.tokenID));
      expect(p.tokenIDs.every((t) => t.supply === '1')).toBe(true);
      page = p.page.more ? p.page : undefined;
    }
    expect(ids).toEqual(ALL_IDS.erc721);
    for (const id of ids) expect(holders()).toContain((await env.tokens.erc721.ownerOf(BigInt(id))).toLowerCase());

    // includeMetadata: the contract's info and each token's document.
    const withMeta = await indexer.getTokenSupplies({ contractAddress: env.addr.erc721, includeMetadata: true, page: { pageSize: 2 } });
    expect(withMeta.tokenIDs[0]).toMatchObject({ tokenID: '1', contractInfo: { address: env.addr.erc721, name: 'Apes', type: 'ERC721' }, tokenMetadata: { tokenId: '1', name: 'Doc /apes/1' } });
    expect(items.tokenIDs[0].contractInfo).toBeUndefined();
    const erc20Meta = await indexer.getTokenSupplies({ contractAddress: env.addr.erc20, includeMetadata: true });
    expect(erc20Meta.tokenIDs[0]).toMatchObject({ contractInfo: { name: 'Gold', symbol: 'GLD', decimals: 18 } });
    expect(erc20Meta.tokenIDs[0].tokenMetadata).toBeUndefined();
  });

  it('getTokenSuppliesMap: the requested ids of each contract; an ERC-20 by [] or [0]', async () => {
    const r = await indexer.getTokenSuppliesMap({ tokenMap: { [env.addr.erc20]: [], [env.addr.erc1155]: ['3', '9', '1'] } });
    const sumOf = async (id: bigint) => {
      let s = 0n;
      for (const h of holders()) s += await env.tokens.erc1155.balanceOf(h, id);
      return String(s);
    };
    expect(r.supplies).toEqual({
      [env.addr.erc20]: [{ tokenID: '0', supply: String(await env.tokens.erc20.totalSupply()), chainId: env.anvil.chainId }],
      [env.addr.erc1155]: [
        { tokenID: '3', supply: await sumOf(3n), chainId: env.anvil.chainId },
        { tokenID: '9', supply: '0', chainId: env.anvil.chainId },
        { tokenID: '1', supply: await sumOf(1n), chainId: env.anvil.chainId },
      ],
    });
  });

  it('getTokenIDs and getTokenIDRanges: the held ids in numeric order, and as ranges of consecutive ids', async () => {
    const r = await indexer.getTokenIDs({ contractAddress: env.addr.erc721 });
    expect(r).toMatchObject({ contractType: 'ERC721', tokenIDs: ALL_IDS.erc721, page: { more: false } });
    for (const id of r.tokenIDs) expect(holders()).toContain((await env.tokens.erc721.ownerOf(BigInt(id))).toLowerCase());
    await expect(env.tokens.erc721.ownerOf(4n)).rejects.toThrow();

    const first = await indexer.getTokenIDs({ contractAddress: env.addr.erc721, page: { pageSize: 4 } });
    expect(first.tokenIDs).toEqual(['1', '2', '3', '5']);
    const rest = await indexer.getTokenIDs({ contractAddress: env.addr.erc721, page: first.page });
    expect(rest.tokenIDs).toEqual(['6', '10']);

    expect(await indexer.getTokenIDRanges({ contractAddress: env.addr.erc721 })).toEqual({
      contractType: 'ERC721',
      tokenIDRanges: [
        { start: '1', end: '3' },
        { start: '5', end: '6' },
        { start: '10', end: '10' },
      ],
      moreRanges: false,
    });
    const after = await indexer.getTokenIDRanges({ contractAddress: env.addr.erc721, lastTokenID: '3' });
    expect(after.tokenIDRanges).toEqual([
      { start: '5', end: '6' },
      { start: '10', end: '10' },
    ]);
    const bad = await rejectionOf(indexer.getTokenIDRanges({ contractAddress: 'not-an-address' }));
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect(bad).toMatchObject({ code: 2001, status: 400 });
  });

  it('fetchTransactionReceipt: a mined receipt as the node has it, marked final past the confirmations', async () => {
    const { tx } = env;
    const r = await indexer.fetchTransactionReceipt({ txnHash: tx.erc20AtoB.hash });
    const node = (await provider.getTransactionReceipt(tx.erc20AtoB.hash))!;
    expect(r.receipt).toMatchObject({
      txnHash: tx.erc20AtoB.hash,
      txnStatus: 'SUCCESSFUL',
      blockNumber: node.blockNumber,
      blockHash: node.blockHash.toLowerCase(),
      from: node.from.toLowerCase(),
      to: env.addr.erc20,
      gasUsed: Number(node.gasUsed),
      final: true,
      reorged: false,
    });
    expect(r.receipt.logs.map((l) => [l.contractAddress, l.topics[0], l.index])).toEqual(node.logs.map((l) => [l.address.toLowerCase(), l.topics[0], l.index]));
  });

  it('fetchTransactionReceipt waits for a transaction not mined yet; maxBlockWait bounds the wait', async () => {
    await env.anvil.rpc('evm_setAutomine', [false]);
    try {
      const wallet = new Wallet(devWallet(env.anvil, 3).privateKey, provider);
      const sent = await wallet.sendTransaction({ to: env.C, value: 12345n });
      const waiting = indexer.fetchTransactionReceipt({ txnHash: sent.hash });
      await new Promise((r) => setTimeout(r, 1200));
      await env.anvil.rpc('evm_mine');
      const got = await waiting;
      const node = (await provider.getTransactionReceipt(sent.hash))!;
      expect(got.receipt).toMatchObject({ txnHash: sent.hash.toLowerCase(), blockNumber: node.blockNumber, txnStatus: 'SUCCESSFUL', logs: [] });

      const never = `0x${'ab'.repeat(32)}`;
      const timedOut = rejectionOf(indexer.fetchTransactionReceipt({ txnHash: never, maxBlockWait: 2 }));
      await new Promise((r) => setTimeout(r, 700));
      await env.anvil.rpc('evm_mine');
      await env.anvil.rpc('evm_mine');
      const err = await timedOut;
      expect(err).toBeInstanceOf(TimeoutError);
      expect(err.message).toMatch(/not mined within 2 blocks/);
    } finally {
      await env.anvil.rpc('evm_setAutomine', [true]);
    }
  });

  it('fetchTransactionReceiptWithFilter: the next matching receipt, or a hash checked against the filter', async () => {
    const { D, addr } = env;
    const waiting = indexer.fetchTransactionReceiptWithFilter({ filter: { from: D, contractAddress: addr.erc20 }, maxBlockWait: 20 });
    // The wait listens from when its request reaches the server, which a loaded machine may take a while to do: a
    // matching transaction mined before that is not its answer, so mint until the wait answers, with one of them.
    const mined: Array<{ hash: string; blockNumber: number }> = [];
    let settled = false;
    void waiting.finally(() => (settled = true)).catch(() => undefined);
    for (const started = Date.now(); !settled && Date.now() - started < PATIENCE_MS; ) {
      mined.push((await sendAndWait(as(env.tokens.erc20, 3).getFunction('mint')(D, 77n))) as { hash: string; blockNumber: number });
      await new Promise((r) => setTimeout(r, 500));
    }
    const got = await waiting;
    const answer = mined.find((m) => m.hash.toLowerCase() === got.receipt.txnHash);
    expect(answer).toBeDefined();
    expect(got.receipt).toMatchObject({ from: D, blockNumber: answer!.blockNumber });

    const byHash = await indexer.fetchTransactionReceiptWithFilter({ filter: { txnHash: env.tx.nft1AtoB.hash, contractAddress: addr.erc721 } });
    expect(byHash.receipt.txnHash).toBe(env.tx.nft1AtoB.hash);
    const mismatch = await rejectionOf(indexer.fetchTransactionReceiptWithFilter({ filter: { txnHash: env.tx.nft1AtoB.hash, contractAddress: addr.erc20 } }));
    expect(mismatch).toBeInstanceOf(NotFoundError);
  });

  it('syncBalance: a wrong stored balance is repaired from the contract, counted in the metrics, and later transfers apply on top', async () => {
    const { app } = env.server;
    const chainId = env.anvil.chainId;
    const repo = app.db.getRepository(BalanceEntity);
    await waitForIndexed(app, env.anvil);
    await repo.update({ chainId, contract: env.addr.erc20, account: env.B, tokenId: '' }, { balance: '5' });
    await repo.update({ chainId, contract: env.addr.erc1155, account: env.B, tokenId: '2' }, { balance: '999' });
    // The ERC-1155 balance's history is wrong as well (as for a token whose events do not tell every change): its
    // latest change says 999 too. The ERC-20's history still says the right value.
    const changes = app.db.getRepository(BalanceChangeEntity);
    const historyOf = (contract: string, tokenId: string) => changes.find({ where: { chainId, contract, account: env.B, tokenId }, order: { blockNumber: 'ASC' } });
    const erc20History = await historyOf(env.addr.erc20, '');
    const last1155 = (await historyOf(env.addr.erc1155, '2')).at(-1)!;
    await changes.update({ chainId, contract: env.addr.erc1155, account: env.B, tokenId: '2', blockNumber: last1155.blockNumber }, { balance: '999' });
    const repairBlock = Number((await app.db.getRepository(ChainCheckpointEntity).findOneByOrFail({ chainId })).indexedBlock);

    expect(await indexer.syncBalance({ accountAddress: env.B, contractAddress: env.addr.erc20 })).toEqual({});
    expect(await indexer.syncBalance({ accountAddress: env.B, contractAddress: env.addr.erc1155, tokenID: '2' })).toEqual({});
    expect(await indexer.syncBalance({ accountAddress: env.A, contractAddress: env.addr.erc721, tokenID: '2' })).toEqual({});
    const stored = async (contract: string, tokenId: string) => (await repo.findOneBy({ chainId, contract, account: env.B, tokenId }))!.balance;
    expect(await stored(env.addr.erc20, '')).toBe(String(await env.tokens.erc20.balanceOf(env.B)));
    expect(await stored(env.addr.erc1155, '2')).toBe(String(await env.tokens.erc1155.balanceOf(env.B, 2n)));
    // The wrong history got a change at the repair's block bringing it to the contract's value; the right one nothing.
    const onChain1155 = BigInt(await env.tokens.erc1155.balanceOf(env.B, 2n));
    const repaired1155 = (await historyOf(env.addr.erc1155, '2')).at(-1)!;
    expect(repaired1155).toMatchObject({ blockNumber: repairBlock, balance: String(onChain1155) });
    expect(BigInt(repaired1155.delta)).toBe(
      last1155.blockNumber === repairBlock ? BigInt(last1155.delta) + onChain1155 - 999n : onChain1155 - 999n,
    );
    expect(await historyOf(env.addr.erc20, '')).toEqual(erc20History);

    const metrics = await (await fetch(`${env.server.url}/metrics`)).text();
    expect(metrics).toMatch(new RegExp(`strata_balance_syncs_total\\{chain="${chainId}",outcome="repaired"\\} 2`));
    expect(metrics).toMatch(new RegExp(`strata_balance_syncs_total\\{chain="${chainId}",outcome="unchanged"\\} 1`));

    await sendAndWait(as(env.tokens.erc20, 1).getFunction('transfer')(env.C, 1n));
    await waitForIndexed(app, env.anvil);
    expect(await stored(env.addr.erc20, '')).toBe(String(await env.tokens.erc20.balanceOf(env.B)));

    const needsId = await rejectionOf(indexer.syncBalance({ accountAddress: env.B, contractAddress: env.addr.erc1155 }));
    expect(needsId).toBeInstanceOf(InvalidArgumentError);
    expect(needsId.message).toMatch(/^tokenID: /);
  });
});

describe('the same capabilities in GraphQL', () => {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => env.server.graphql(query, variables, env.headers);

  it('nativeBalance, tokenIdRanges, tokenIds, contractSupplies, chainId', async () => {
    const r = await gql(
      `query($a: String!, $c: String!, $t: String!) {
        chainId
        nativeBalance(accountAddress: $a) { accountAddress balance }
        tokenIdRanges(contractAddress: $c) { contractType moreRanges ranges { start end } }
        tokenIds(contractAddress: $c, first: 2) { contractType totalCount nodes { tokenId } pageInfo { hasNextPage } }
        contractSupplies(contractAddress: $t) { contractType nodes { tokenId supply holders } }
      }`,
      { a: env.C, c: env.addr.erc721, t: env.addr.erc20 },
    );
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.chainId).toBe(env.anvil.chainId);
    expect(r.body.data.nativeBalance).toEqual({ accountAddress: env.C, balance: (await provider.getBalance(env.C)).toString() });
    expect(r.body.data.tokenIdRanges.ranges).toEqual([
      { start: '1', end: '3' },
      { start: '5', end: '6' },
      { start: '10', end: '10' },
    ]);
    expect(r.body.data.tokenIds).toEqual({ contractType: 'ERC721', totalCount: 6, nodes: [{ tokenId: '1' }, { tokenId: '2' }], pageInfo: { hasNextPage: true } });
    expect(r.body.data.contractSupplies.nodes).toEqual([{ tokenId: '0', supply: String(await env.tokens.erc20.totalSupply()), holders: expect.any(Number) }]);
  });

  it('tokenBalancesDetails, tokenBalancesByContract, tokenSuppliesMap and the syncBalance mutation', async () => {
    const r = await gql(
      `query($a: [String!]!, $n: String!, $m: String!) {
        tokenBalancesDetails(filter: { accountAddresses: $a, contractStatus: ALL, contractTypes: ["erc1155"], omitNativeBalances: true }) {
          totalCount nativeBalances { balance } nodes { accountAddress tokenId balance contractType }
        }
        tokenBalancesByContract(filter: { contractAddresses: [$n], tokenIds: ["1"] }) { totalCount nodes { accountAddress balance } }
        tokenSuppliesMap(tokens: [{ contractAddress: $m, tokenIds: ["2"] }]) { contractAddress contractType supplies { tokenId supply holders } }
      }`,
      { a: [env.A], n: env.addr.erc721, m: env.addr.erc1155 },
    );
    expect(r.body.errors).toBeUndefined();
    const d = r.body.data;
    expect(d.tokenBalancesDetails.nativeBalances).toEqual([]);
    expect(d.tokenBalancesDetails.nodes.map((n: any) => `${n.accountAddress}|${n.contractType}|${n.tokenId}|${n.balance}`).sort()).toEqual(
      (await onChainRows([env.A], ['erc1155'], ALL_IDS)).map((row) => row.replace(`|${env.addr.erc1155}|`, '|ERC1155|')),
    );
    expect(d.tokenBalancesDetails.totalCount).toBe(d.tokenBalancesDetails.nodes.length);
    expect(d.tokenBalancesByContract).toEqual({ totalCount: 1, nodes: [{ accountAddress: (await env.tokens.erc721.ownerOf(1n)).toLowerCase(), balance: '1' }] });
    let supply2 = 0n;
    for (const h of holders()) supply2 += await env.tokens.erc1155.balanceOf(h, 2n);
    expect(d.tokenSuppliesMap).toEqual([{ contractAddress: env.addr.erc1155, contractType: 'ERC1155', supplies: [{ tokenId: '2', supply: String(supply2), holders: 2 }] }]);

    const sync = await gql(`mutation($a: String!, $c: String!) { syncBalance(accountAddress: $a, contractAddress: $c, tokenId: "3") { outcome balance previous contractType tokenId } }`, {
      a: env.A,
      c: env.addr.erc1155,
    });
    const onChain = String(await env.tokens.erc1155.balanceOf(env.A, 3n));
    expect(sync.body.data.syncBalance).toEqual({ outcome: 'UNCHANGED', balance: onChain, previous: onChain, contractType: 'ERC1155', tokenId: '3' });
  });

  it('transactionReceipt without waiting: null for a transaction not mined; a bad filter is INVALID_ARGUMENT', async () => {
    const none = await gql(`{ transactionReceipt(filter: { txnHash: "0x${'cd'.repeat(32)}" }) { txnHash } }`);
    expect(none.body).toEqual({ data: { transactionReceipt: null } });
    const noHash = await gql(`{ transactionReceipt(filter: { from: "${env.A}" }) { txnHash } }`);
    expect(noHash.body.errors[0].extensions.code).toBe('INVALID_ARGUMENT');
    const mined = await gql(`{ transactionReceipt(filter: { txnHash: "${env.tx.mintBatch.hash}" }) { txnHash blockNumber final } }`);
    expect(mined.body.data.transactionReceipt).toEqual({ txnHash: env.tx.mintBatch.hash, blockNumber: env.tx.mintBatch.blockNumber, final: true });
  });
});
