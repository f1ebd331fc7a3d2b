// State as of a block: `atBlock` on tokenBalances, tokenHolders and tokenSupplies answers what the contracts' own
// balanceOf answers at that block (ethers calls with a blockTag), for every account and block of a short history of
// the three standards, and again after a reorg replaced the last blocks; blocks outside the index are refused.
// Holders, their count and supplies are read by each plan as well (domain/indexer/at-block-recent.ts: now less the
// changes after the block, or every balance's latest change), a page of one or two holders at a time forward and
// backward through the cursors: every block is recent for one plan's purpose and old for the other's, the history
// has holders tied on their balance (the tie broken by account), holders whose balance went to zero after a block
// and holders that first appeared after it. blockNumberAtTime finds the block current at a time.
import type { AtBlockPlan } from '../../../src/domain/indexer/at-block-recent';
import { countHolders, readHolders, readSupplies } from '../../../src/domain/indexer/holders';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { burnTx, callTx, mine, mintTx, reorg, sendTx, transferTx, type TxRequest } from '../../helpers/chain-kit';
import { waitForCanonical } from '../../helpers/ledger';

const IDS_1155 = [1n, 2n, 3n];

let anvil: Anvil;
let server: TestServer;
let tokens: Tokens;
let accounts: string[];
let headers: Record<string, string>;
let addr: { erc20: string; erc721: string; erc1155: string };
/** The block of the first deployment: the chain's start block. */
let start: number;

const gql = async (query: string, variables: Record<string, unknown> = {}) => {
  const r = await server.graphql(query, variables, headers);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
};

const head = async () => Number(await anvil.rpc<string>('eth_blockNumber'));

/** A balanceOf call at a block; 0 before the contract was deployed (the call returns no data there). */
const call = async (read: () => Promise<bigint>, block: number, deployedAt: number) => (block < deployedAt ? 0n : read());

/** What the contracts say at `block`: per account, its ERC-20 balance, ERC-721 count and ERC-1155 balance per id. */
const onChain = async (account: string, block: number) => ({
  erc20: await call(() => tokens.erc20.balanceOf(account, { blockTag: block }), block, start),
  erc721: await call(() => tokens.erc721.balanceOf(account, { blockTag: block }), block, start + 1),
  erc1155: await Promise.all(IDS_1155.map((id) => call(() => tokens.erc1155.balanceOf(account, id, { blockTag: block }), block, start + 2))),
});

const BALANCES = `query($a: String!, $b: Int, $after: String) {
  tokenBalances(accountAddress: $a, atBlock: $b, first: 100, after: $after) {
    pageInfo { hasNextPage endCursor } nodes { contractAddress tokenId balance } } }`;

/** The same, from Strata's atBlock answer (every page). */
const indexedAt = async (account: string, block: number) => {
  const rows: Array<{ contractAddress: string; tokenId: string | null; balance: string }> = [];
  for (let after: string | null = null; ; ) {
    const page: any = (await gql(BALANCES, { a: account, b: block, after })).tokenBalances;
    rows.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) break;
    after = page.pageInfo.endCursor;
  }
  const of = (contract: string, tokenId: string | null) => rows.filter((r) => r.contractAddress === contract && r.tokenId === tokenId);
  return {
    erc20: BigInt(of(addr.erc20, null)[0]?.balance ?? 0),
    erc721: BigInt(rows.filter((r) => r.contractAddress === addr.erc721).length),
    erc1155: IDS_1155.map((id) => BigInt(of(addr.erc1155, String(id))[0]?.balance ?? 0)),
  };
};

const PLANS: AtBlockPlan[] = ['recent', 'replay'];

/** Nodes of every page of `read`, `size` at a time: forward from the first page, and backward from the last. */
const allPages = async <T>(read: (page: { pageSize: number; backward: boolean; cursor: string | null }) => Promise<any>, size: number) => {
  const forward: T[] = [];
  const backward: T[] = [];
  for (let cursor: string | null = null, i = 0; i < 100; i++) {
    const p = await read({ pageSize: size, backward: false, cursor });
    forward.push(...p.items.map((x: { node: T }) => x.node));
    if (!p.hasNextPage) break;
    cursor = p.endCursor;
  }
  for (let cursor: string | null = null, i = 0; i < 100; i++) {
    const p = await read({ pageSize: size, backward: true, cursor });
    backward.unshift(...p.items.map((x: { node: T }) => x.node));
    if (!p.hasPreviousPage) break;
    cursor = p.startCursor;
  }
  return { forward, backward };
};

/** Holders (ERC-20, and one ERC-1155 id), their counts and the ERC-1155 supplies at `block` read by `plan`. */
const byPlan = async (block: number, plan: AtBlockPlan, size: number) => {
  const db = server.app.db;
  const ref = { chainId: anvil.chainId, atBlock: block, plan };
  const holder = (n: { accountAddress: string; balance: string }) => ({ accountAddress: n.accountAddress, balance: n.balance });
  const holdersOf = async (contract: string, tokenId: string) => {
    const pages = await allPages<{ accountAddress: string; balance: string }>((page) => readHolders(db, { ...ref, contract, tokenId, page }), size);
    return { forward: pages.forward.map(holder), backward: pages.backward.map(holder), count: await countHolders(db, { ...ref, contract, tokenId }) };
  };
  /** Per-account totals over a collectible contract's token ids (tokenHolders without a token id). */
  const totalsOf = async (contract: string) => {
    const pages = await allPages<{ accountAddress: string; balance: string; tokenCount: number }>((page) => readHolders(db, { ...ref, contract, tokenId: null, page }), size);
    const total = (n: { accountAddress: string; balance: string; tokenCount: number }) => ({ accountAddress: n.accountAddress, balance: n.balance, tokenCount: n.tokenCount });
    return { forward: pages.forward.map(total), backward: pages.backward.map(total), count: await countHolders(db, { ...ref, contract, tokenId: null }) };
  };
  const supplies = await allPages<{ tokenId: string; supply: string; holders: number }>((page) => readSupplies(db, { ...ref, contract: addr.erc1155, page }), size);
  const supply = (n: { tokenId: string; supply: string; holders: number }) => ({ tokenId: n.tokenId, supply: n.supply, holders: n.holders });
  return {
    erc20: await holdersOf(addr.erc20, ''),
    erc1155Id2: await holdersOf(addr.erc1155, '2'),
    erc1155Totals: await totalsOf(addr.erc1155),
    supplies: { forward: supplies.forward.map(supply), backward: supplies.backward.map(supply) },
  };
};

/** Largest balance first, ties by account (descending), as the holders index orders them. */
const holdersOrder = (holders: Array<{ accountAddress: string; balance: bigint }>) =>
  holders
    .filter((h) => h.balance > 0n)
    .sort((x, y) => (x.balance === y.balance ? (x.accountAddress < y.accountAddress ? 1 : -1) : x.balance < y.balance ? 1 : -1))
    .map((h) => ({ accountAddress: h.accountAddress, balance: h.balance.toString() }));

/** Every account's balances at every block of [from, to], and the holders and supplies derived from them. */
const expectMatchesChain = async (from: number, to: number) => {
  for (let block = from; block <= to; block++) {
    const expected = await Promise.all(accounts.map((a) => onChain(a, block)));
    const got = await Promise.all(accounts.map((a) => indexedAt(a, block)));
    expect({ block, balances: got }).toEqual({ block, balances: expected });

    const holders = (
      await gql(`query($c: String!, $b: Int) { tokenHolders(contractAddress: $c, atBlock: $b, first: 500) { totalCount nodes { accountAddress balance } } }`, {
        c: addr.erc20,
        b: block,
      })
    ).tokenHolders;
    const wanted = holdersOrder(accounts.map((a, i) => ({ accountAddress: a, balance: expected[i].erc20 })));
    expect({ block, holders: holders.nodes }).toEqual({ block, holders: wanted });
    expect(holders.totalCount).toBe(wanted.length);

    const supplies = (
      await gql(`query($c: String!, $b: Int) { tokenSupplies(contractAddress: $c, atBlock: $b) { nodes { tokenId supply holders } } }`, { c: addr.erc1155, b: block })
    ).tokenSupplies.nodes;
    const wantedSupplies = IDS_1155.map((id, k) => ({
      tokenId: String(id),
      supply: expected.reduce((s, e) => s + e.erc1155[k], 0n).toString(),
      holders: expected.filter((e) => e.erc1155[k] > 0n).length,
    })).filter((s) => s.holders > 0);
    expect({ block, supplies }).toEqual({ block, supplies: wantedSupplies });

    const wantedId2 = holdersOrder(accounts.map((a, i) => ({ accountAddress: a, balance: expected[i].erc1155[1] })));
    // Most token ids first, ties by account (descending).
    const wantedTotals = accounts
      .map((a, i) => ({
        accountAddress: a,
        balance: expected[i].erc1155.reduce((s, v) => s + v, 0n).toString(),
        tokenCount: expected[i].erc1155.filter((v) => v > 0n).length,
      }))
      .filter((t) => t.tokenCount > 0)
      .sort((x, y) => (x.tokenCount === y.tokenCount ? (x.accountAddress < y.accountAddress ? 1 : -1) : y.tokenCount - x.tokenCount));
    for (const plan of PLANS) {
      for (const size of [1, 2]) {
        const got = await byPlan(block, plan, size);
        expect({ block, plan, size, ...got }).toEqual({
          block,
          plan,
          size,
          erc20: { forward: wanted, backward: wanted, count: wanted.length },
          erc1155Id2: { forward: wantedId2, backward: wantedId2, count: wantedId2.length },
          erc1155Totals: { forward: wantedTotals, backward: wantedTotals, count: wantedTotals.length },
          supplies: { forward: wantedSupplies, backward: wantedSupplies },
        });
      }
    }
  }
};

const sendAll = async (txs: TxRequest[]) => {
  for (const tx of txs) await sendTx(anvil, tx);
};

beforeAll(async () => {
  anvil = await startAnvil();
  // Ten seconds between blocks: blockNumberAtTime has distinct times to find.
  await anvil.rpc('anvil_setBlockTimestampInterval', [10]);
  accounts = [0, 1, 2, 3, 4, 5].map((i) => devWallet(anvil, i).address.toLowerCase());
  const [A, B, C, D, E, F] = accounts;
  start = (await head()) + 1;
  tokens = await deployTokens(anvil);
  addr = { erc20: (await tokens.erc20.getAddress()).toLowerCase(), erc721: (await tokens.erc721.getAddress()).toLowerCase(), erc1155: (await tokens.erc1155.getAddress()).toLowerCase() };
  // One token movement per block: mints, transfers and burns of the three standards, accounts gaining and losing.
  await sendAll([
    mintTx(tokens, 'erc20', A, A, { amount: 1_000n }),
    mintTx(tokens, 'erc20', A, B, { amount: 500n }),
    transferTx(tokens, 'erc20', A, C, { amount: 300n }),
    mintTx(tokens, 'erc721', A, A, { tokenId: 1n }),
    mintTx(tokens, 'erc721', A, B, { tokenId: 2n }),
    callTx(tokens.erc1155, 'mintBatch', [A, IDS_1155, [10n, 20n, 30n]], A),
    transferTx(tokens, 'erc20', B, D, { amount: 500n }),
    // E first appears, tied with D (500 each) until D pays A below; B's balance went to zero a block earlier.
    mintTx(tokens, 'erc20', A, E, { amount: 500n }),
    transferTx(tokens, 'erc721', A, C, { tokenId: 1n }),
    transferTx(tokens, 'erc1155', A, B, { tokenId: 2n, amount: 20n }),
    burnTx(tokens, 'erc20', C, C, { amount: 100n }),
    burnTx(tokens, 'erc721', B, B, { tokenId: 2n }),
    transferTx(tokens, 'erc20', D, A, { amount: 250n }),
    // F first appears in the last blocks, tied with D (250); E's 1155 balance of id 2 ties with B's (10 each).
    mintTx(tokens, 'erc20', A, F, { amount: 250n }),
    transferTx(tokens, 'erc1155', B, E, { tokenId: 2n, amount: 10n }),
  ]);
  await mine(anvil, 2);
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 4, startBlock: start }]) });
  headers = { 'X-Access-Key': (await server.createProject()).accessKey };
  await waitForCanonical(server.app.db, anvil);
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('answers balances, holders and supplies as of every block as balanceOf does there', async () => {
  await expectMatchesChain(start, await head());
});

it('answers the new branch’s balances after a reorg replaced the last blocks', async () => {
  const [A, B, C, D] = accounts;
  await sendAll([transferTx(tokens, 'erc20', A, B, { amount: 1n }), transferTx(tokens, 'erc1155', A, D, { tokenId: 3n, amount: 5n })]);
  const before = await head();
  await waitForCanonical(server.app.db, anvil);
  // Two blocks replaced: different movements, one of them to an account the old branch did not pay.
  await reorg(anvil, 2, [
    { tx: transferTx(tokens, 'erc20', A, C, { amount: 7n }), block: 0 },
    { tx: transferTx(tokens, 'erc1155', B, C, { tokenId: 2n, amount: 3n }), block: 1 },
  ]);
  await mine(anvil, 1);
  await waitForCanonical(server.app.db, anvil);
  await expectMatchesChain(before - 3, await head());
});

it('refuses blocks outside the index with InvalidArgument naming atBlock', async () => {
  const indexed = await waitForCanonical(server.app.db, anvil);
  for (const b of [start - 1, indexed + 1]) {
    for (const q of [
      `{ tokenBalances(accountAddress: "${accounts[0]}", atBlock: ${b}) { totalCount } }`,
      `{ tokenHolders(contractAddress: "${addr.erc20}", atBlock: ${b}) { totalCount } }`,
      `{ tokenSupplies(contractAddress: "${addr.erc1155}", atBlock: ${b}) { totalCount } }`,
    ]) {
      const r = await server.graphql(q, {}, headers);
      expect(r.status).toBe(200);
      expect(r.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'atBlock' });
      expect(r.body.errors[0].message).toMatch(b < start ? /before the chain’s start block/ : /not indexed yet/);
    }
  }
});

it('finds the block current at a time, and refuses times outside the index', async () => {
  const indexed = await waitForCanonical(server.app.db, anvil);
  const at = (ts: number) => server.graphql(`query($t: Int!) { blockNumberAtTime(timestamp: $t) }`, { t: ts }, headers);
  const timeOf = async (n: number) => Number((await anvil.rpc<{ timestamp: string }>('eth_getBlockByNumber', [`0x${n.toString(16)}`, false])).timestamp);
  // Blocks mined before the reorg, ten seconds apart; the indexed block as it is.
  for (const n of [start, start + 1, start + 7, start + 12]) {
    const ts = await timeOf(n);
    expect((await at(ts)).body.data.blockNumberAtTime).toBe(n);
    expect((await at(ts + 5)).body.data.blockNumberAtTime).toBe(n);
    if (n > start) expect((await at(ts - 1)).body.data.blockNumberAtTime).toBe(n - 1);
  }
  expect((await at(await timeOf(indexed))).body.data.blockNumberAtTime).toBe(indexed);
  for (const ts of [(await timeOf(start)) - 1, (await timeOf(indexed)) + 1]) {
    const r = await at(ts);
    expect(r.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'timestamp' });
  }
});
