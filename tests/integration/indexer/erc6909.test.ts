// ERC-6909 (#41 item 4) against anvil: an OpenZeppelin ERC-6909 token (tests/fixtures/contracts/TestERC6909.sol) is
// minted, transferred, moved by an operator and by a spender with an allowance, and burnt, with a 2^256-1 id and
// amount among them. Every answer is compared with the chain: the node's Transfer logs (decoded in tests/helpers/ledger.ts,
// independently of src) and balanceOf(owner, id) read from the contract. Through GraphQL (balances, holders, supplies,
// history), the published indexer clients (2.x and 3.0.13) unchanged, webhooks and the SubscribeEvents stream (live
// and resumed), and token metadata read with tokenURI(id); then a reorg replaces the last blocks with other transfers
// and the answers follow it.
import { SequenceIndexer } from '@0xsequence/indexer';
import { id, type Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { callTx, headBlock, mine, reorg, sendTx } from '../../helpers/chain-kit';
import { chainTransfers, expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';
import { openNdjson } from '../../helpers/ndjson';
import { startTestServer, type TestServer } from '../../helpers/server';
import { PATIENCE_MS } from '../../helpers/patience';
import { deployContract } from '../../helpers/solidity';
import { fastDeliveriesTo, startReceiver, verifiedDeliveries, type Receiver } from '../webhooks/receiver';
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ContractVerificationStatus, SequenceIndexer: SequenceIndexerV3 } = require('@0xsequence/indexer-v3') as V3;

const MAX = 2n ** 256n - 1n;
const ZERO = `0x${'0'.repeat(40)}`;
const TRANSFER_TOPIC = id('Transfer(address,address,address,uint256,uint256)');
const CALLER_SIG = 'Transfer(address caller, address indexed sender, address indexed receiver, uint256 indexed id, uint256 amount)';

let anvil: Anvil;
let server: TestServer;
let receiver: Receiver;
let secret: string;
let token: Contract;
let address: string;
let headers: Record<string, string>;
let A: string, B: string, C: string, D: string;
const ids = [1n, 2n, MAX];

const call = (method: string, args: unknown[], from: string) => sendTx(anvil, callTx(token, method, args, from));

const gql = async (query: string, variables: Record<string, unknown>) => {
  const r = await server.graphql(query, variables, headers);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
};

/** Every (account, id) with a non-zero balanceOf on the chain, as `account|id|balance`, sorted. */
const chainBalances = async (accounts: string[]) => {
  const out: string[] = [];
  for (const a of accounts) {
    for (const id of ids) {
      const b: bigint = await token.balanceOf(a, id);
      if (b > 0n) out.push(`${a}|${id}|${b}`);
    }
  }
  return out.sort();
};

/** Per id in numeric order, the sum of every account's balanceOf (the contract has no totalSupply) and how many hold some. */
const chainSupplies = async () => {
  const out: Array<{ tokenId: string; supply: string; holders: number }> = [];
  for (const id of [...ids].sort((x, y) => (x < y ? -1 : 1))) {
    let supply = 0n;
    let holders = 0;
    for (const a of [A, B, C, D]) {
      const b: bigint = await token.balanceOf(a, id);
      supply += b;
      if (b > 0n) holders++;
    }
    if (supply > 0n) out.push({ tokenId: String(id), supply: String(supply), holders });
  }
  return out;
};

const BALANCES = `query($a: String!) { tokenBalances(accountAddress: $a, first: 100) { nodes { contractAddress contractType tokenId balance } } }`;
const HOLDERS = `query($c: String!, $t: BigInt) { tokenHolders(contractAddress: $c, tokenId: $t, first: 100) { nodes { accountAddress balance } } }`;
const SUPPLIES = `query($c: String!) { tokenSupplies(contractAddress: $c, first: 100) { nodes { tokenId supply holders } } }`;
const HISTORY = `query($a: String!) { transactionHistory(filter: { accountAddress: $a }, first: 100) {
  nodes { txnHash transfers { contractAddress contractType from to tokenIds amounts } } } }`;

/** GraphQL's answers, each against the chain: balances of every account, holders of every id, supplies, history. */
const expectGraphqlMatchesChain = async () => {
  for (const a of [A, B, C, D]) {
    const nodes = (await gql(BALANCES, { a })).tokenBalances.nodes;
    for (const n of nodes) expect(n).toMatchObject({ contractAddress: address, contractType: 'ERC6909' });
    expect(nodes.map((n: any) => `${a}|${n.tokenId}|${n.balance}`).sort()).toEqual(await chainBalances([a]));
  }
  for (const id of ids) {
    const nodes = (await gql(HOLDERS, { c: address, t: String(id) })).tokenHolders.nodes;
    const expected = (await chainBalances([A, B, C, D])).filter((k) => k.split('|')[1] === String(id)).map((k) => `${k.split('|')[0]}|${k.split('|')[2]}`);
    expect(nodes.map((n: any) => `${n.accountAddress}|${n.balance}`).sort()).toEqual(expected);
  }
  // GraphQL lists supplies in token id order as text (the RPC in numeric order, below).
  const byText = (await chainSupplies()).sort((x, y) => (x.tokenId < y.tokenId ? -1 : 1));
  expect((await gql(SUPPLIES, { c: address })).tokenSupplies.nodes).toEqual(byText);
  const logs = await chainTransfers(anvil, [address]);
  for (const a of [A, B, C, D]) {
    const answered = (await gql(HISTORY, { a })).transactionHistory.nodes.flatMap((t: any) =>
      t.transfers.filter((x: any) => x.contractType === 'ERC6909').map((x: any) => `${t.txnHash} ${x.from} ${x.to} ${x.tokenIds.join()} ${x.amounts.join()}`),
    );
    const mine = logs.filter((t) => t.from === a || t.to === a).map((t) => `${t.txHash} ${t.from} ${t.to} ${t.tokenId} ${t.amount}`);
    expect(answered.sort()).toEqual(mine.sort());
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C, D] = [0, 1, 2, 3].map((i) => devWallet(anvil, i).address.toLowerCase());
  token = await deployContract(devWallet(anvil, 0), 'TestERC6909.sol', 'TestERC6909');
  address = (await token.getAddress()).toLowerCase();
  const start = (await headBlock(anvil)).number + 1;
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3, startBlock: start }]),
    ...fastDeliveriesTo(receiver),
  });
  const project = await server.createProject('erc6909');
  headers = { 'X-Access-Key': project.accessKey };
  const creds = { authorization: `Bearer ${project.bearerToken}` };
  secret = (await server.app.services.webhooks.add(creds, { url: receiver.url('/6909'), filters: { contractAddresses: [address] } })).secret;

  await call('mint', [A, 1n, 1000n], A);
  await call('mint', [B, 2n, 50n], A);
  await call('mint', [C, MAX, MAX], A);
  await call('transfer', [B, 1n, 300n], A);
  await call('setOperator', [C, true], A);
  await call('transferFrom', [A, D, 1n, 100n], C); // by an operator of A
  await call('approve', [D, 1n, 25n], A);
  await call('transferFrom', [A, D, 1n, 20n], D); // by a spender, within its allowance
  await call('burn', [2n, 10n], B);
  await call('transfer', [A, MAX, 7n], C);
  await call('transfer', [D, 2n, 0n], B); // a zero amount moves nothing, and is still a transfer
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

it('classifies the contract as ERC6909 and stores every transfer and balance as the chain has them', async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  const { transfers } = await expectLedgerMatchesChain(server.app.db, anvil, { erc6909: token }, head);
  expect(transfers).toBe(9);
  const info = await gql(`query($n: String!, $c: String!) { contractInfo(chainId: $n, contractAddress: $c) { type } }`, { n: String(anvil.chainId), c: address });
  expect(info.contractInfo.type).toBe('ERC6909');
});

it('answers balances, holders, supplies and history through GraphQL exactly as balanceOf and the logs say', async () => {
  await waitForCanonical(server.app.db, anvil);
  await expectGraphqlMatchesChain();
  // Mints from and burns to the zero address are in history; the zero address holds nothing.
  const b = (await gql(HISTORY, { a: B })).transactionHistory.nodes.flatMap((t: any) => t.transfers);
  expect(b).toEqual(expect.arrayContaining([expect.objectContaining({ from: B, to: ZERO, tokenIds: ['2'], amounts: ['10'] })]));
  expect((await gql(HOLDERS, { c: address, t: '2' })).tokenHolders.nodes.map((n: any) => n.accountAddress)).not.toContain(ZERO);

  // The held ids, numerically; and SyncBalance reads balanceOf(owner, id), finding the stored balance right.
  const held = await gql(`query($c: String!) { tokenIds(contractAddress: $c, first: 100) { contractType nodes { tokenId } } }`, { c: address });
  expect(held.tokenIds).toEqual({ contractType: 'ERC6909', nodes: ['1', '2', String(MAX)].map((tokenId) => ({ tokenId })) });
  const sync = `mutation($a: String!, $c: String!, $t: BigInt) { syncBalance(accountAddress: $a, contractAddress: $c, tokenId: $t) { contractType balance outcome } }`;
  expect((await gql(sync, { a: D, c: address, t: '1' })).syncBalance).toEqual({ contractType: 'ERC6909', balance: String(await token.balanceOf(D, 1n)), outcome: 'UNCHANGED' });
});

it('serves ERC6909 balances, supplies and history to the published indexer clients, 2.x and 3.0.13, unchanged', async () => {
  await waitForCanonical(server.app.db, anvil);
  const url = `${server.url}/chains/${anvil.chainId}`;
  const v2 = new SequenceIndexer(url, headers['X-Access-Key']);
  const v3 = new SequenceIndexerV3(url, headers['X-Access-Key']);
  const logs = await chainTransfers(anvil, [address]);
  for (const client of [v2, v3] as unknown as SequenceIndexer[]) {
    for (const a of [A, D]) {
      const r = await client.getTokenBalances({ accountAddress: a, includeMetadata: true });
      for (const x of r.balances) expect(x).toMatchObject({ contractType: 'ERC6909', contractAddress: address });
      expect(r.balances.map((x) => `${a}|${x.tokenID}|${x.balance}`).sort()).toEqual(await chainBalances([a]));
      const h = await client.getTransactionHistory({ filter: { accountAddress: a } });
      const answered = h.transactions.flatMap((t) => (t.transfers ?? []).map((x) => `${t.txnHash} ${x.contractType} ${x.from} ${x.to} ${x.tokenIds?.join()} ${x.amounts.join()}`));
      const mine = logs.filter((t) => t.from === a || t.to === a).map((t) => `${t.txHash} ERC6909 ${t.from} ${t.to} ${t.tokenId} ${t.amount}`);
      expect(answered.sort()).toEqual(mine.sort());
    }
    const s = await client.getTokenSupplies({ contractAddress: address });
    expect(s.contractType).toBe('ERC6909');
    expect(s.tokenIDs.map((x) => ({ tokenId: x.tokenID, supply: x.supply }))).toEqual((await chainSupplies()).map(({ tokenId, supply }) => ({ tokenId, supply })));
  }
  // The newer filter's contractTypes: ERC6909 names these balances (ERC1155 none of them).
  const details = (types: string[]) =>
    v3.getTokenBalancesDetails({ filter: { accountAddresses: [A], contractStatus: ContractVerificationStatus.ALL, contractTypes: types, omitNativeBalances: true } });
  expect((await details(['erc6909'])).balances.map((x) => `${A}|${x.tokenID}|${x.balance}`).sort()).toEqual(await chainBalances([A]));
  expect((await details(['ERC1155'])).balances).toEqual([]);
});

it('streams an operator’s transferFrom on SubscribeEvents as the ERC-6909 event, with its caller', async () => {
  await waitForCanonical(server.app.db, anvil);
  const stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeEvents`, { filter: { contractAddresses: [address] } }, headers);
  try {
    const sent = await call('transferFrom', [A, B, 1n, 5n], C);
    const m = await stream.next();
    expect(m.log).toMatchObject({
      type: 'BLOCK_ADDED',
      contractAddress: address,
      contractType: 'ERC6909',
      txnHash: sent.transactionHash,
      event: { topicHash: TRANSFER_TOPIC, eventSig: CALLER_SIG, values: [C, A, B, '1', '5'] },
    });
  } finally {
    stream.close();
  }
});

it('delivers every ERC-6909 transfer to a webhook listener of the contract, with its caller', async () => {
  await waitForCanonical(server.app.db, anvil);
  const logs = await chainTransfers(anvil, [address]);
  const events = () =>
    verifiedDeliveries(receiver, '/6909', secret)
      .flatMap((d) => d.body.data)
      .filter((i: any) => i.kind === 'event')
      .map((i: any) => i.event);
  const deadline = Date.now() + PATIENCE_MS;
  while (events().length < logs.length) {
    if (Date.now() > deadline) throw new Error(`the listener got ${events().length} of ${logs.length} events`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const got = events();
  expect(got.map((e: any) => `${e.txHash} ${e.contractType} ${e.event.values.slice(1).join(' ')}`)).toEqual(
    logs.map((t) => `${t.txHash} ERC6909 ${t.from} ${t.to} ${t.tokenId} ${t.amount}`),
  );
  // The operator's transferFrom names its caller: C moved A's tokens to D.
  expect(got.find((e: any) => e.event.values[0] === C)).toMatchObject({ event: { eventSig: CALLER_SIG, values: [C, A, D, '1', '100'] } });
});

it('resumes an ERC-6909 stream from its cursor: the transfers missed while away, with their callers, then live ones', async () => {
  const url = `${server.url}/rpc/Indexer/SubscribeEvents`;
  const filter = { contractAddresses: [address] };
  await waitForCanonical(server.app.db, anvil);
  const first = await openNdjson(url, { filter }, headers);
  await call('transfer', [C, 1n, 1n], A);
  const got = await first.next();
  first.close();
  const missed = [await call('transferFrom', [A, B, 1n, 2n], C), await call('transfer', [A, 1n, 3n], B)];
  await mine(anvil, 2);
  // Committed before the stream resumes: they are replayed from storage (the caller read again from the stored raw log).
  await waitForCanonical(server.app.db, anvil);
  const again = await openNdjson(url, { filter, cursor: got.cursor }, headers);
  try {
    const replayed = [(await again.next()).log, (await again.next()).log];
    expect(replayed.map((l) => [l.txnHash, l.event.values])).toEqual([
      [missed[0].transactionHash, [C, A, B, '1', '2']],
      [missed[1].transactionHash, [B, B, A, '1', '3']],
    ]);
    const live = await call('transfer', [D, 1n, 4n], A);
    expect((await again.next()).log).toMatchObject({ txnHash: live.transactionHash, event: { values: [A, A, D, '1', '4'] } });
  } finally {
    again.close();
  }
});

it('reads token metadata with tokenURI(id), an `{id}` in it replaced as for ERC-1155', async () => {
  // Ids nobody asked metadata of yet (the clients' includeMetadata above fetched those of the held ids, URI-less then).
  await call('mint', [B, 5n, 1n], A);
  await call('mint', [B, 6n, 1n], A);
  ids.push(5n, 6n);
  await call('setTokenURI', [5n, `data:application/json,${encodeURIComponent(JSON.stringify({ name: 'Claim five', decimals: 6 }))}`], A);
  await call('setTokenURI', [6n, 'data:application/json;utf8,{"name":"item {id}"}'], A);
  const query = `query($c: String!, $a: String!) { tokenMetadata(chainId: $c, contractAddress: $a, tokenIds: ["5", "6"]) { tokenId status name decimals } }`;
  const deadline = Date.now() + PATIENCE_MS;
  let got: any[] = [];
  while (!(got.length === 2 && got.every((t) => t.status !== 'FETCHING'))) {
    if (Date.now() > deadline) throw new Error(`token metadata still not fetched: ${JSON.stringify(got)}`);
    got = (await gql(query, { c: String(anvil.chainId), a: address })).tokenMetadata;
  }
  expect(got).toEqual([
    { tokenId: '5', status: 'AVAILABLE', name: 'Claim five', decimals: 6 },
    { tokenId: '6', status: 'AVAILABLE', name: `item ${'6'.padStart(64, '0')}`, decimals: null },
  ]);
});

it('follows a reorg: the orphaned transfers go (BLOCK_REMOVED), the new branch’s are there, balances agree with balanceOf', async () => {
  await call('transfer', [B, 1n, 1n], A);
  await call('transfer', [C, 1n, 1n], B);
  const before = await waitForCanonical(server.app.db, anvil);
  const orphaned = (await chainTransfers(anvil, [address])).filter((t) => t.blockNumber > before - 2).map((t) => t.txHash);
  expect(orphaned.length).toBe(2);
  const stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeEvents`, { filter: { contractAddresses: [address] } }, headers);
  // The last two blocks replaced by two of other moves (sent as before: the same accounts, other amounts and ids).
  await reorg(anvil, 2, [
    { tx: callTx(token, 'transfer', [C, 1n, 111n], B), block: 0 },
    { tx: callTx(token, 'mint', [D, 9n, 4n], A), block: 1 },
  ]);
  ids.push(9n);
  await call('transferFrom', [D, A, 9n, 1n], D);
  await mine(anvil, 2);
  const head = await waitForCanonical(server.app.db, anvil);
  const after = await chainTransfers(anvil, [address]);
  for (const h of orphaned) expect(after.some((t) => t.txHash === h)).toBe(false);
  expect(after.slice(-3).map((t) => `${t.from} ${t.to} ${t.tokenId} ${t.amount}`)).toEqual([`${B} ${C} 1 111`, `${ZERO} ${D} 9 4`, `${D} ${A} 9 1`]);
  await expectLedgerMatchesChain(server.app.db, anvil, { erc6909: token }, head);
  await expectGraphqlMatchesChain();
  // Subscribers heard both sides: each orphaned transfer removed (rebuilt from its rows: no caller), then the new ones.
  try {
    const heard = [];
    for (let i = 0; i < 5; i++) heard.push((await stream.next()).log);
    expect(heard.map((l) => [l.type, l.txnHash, l.event.topicHash, l.event.eventSig])).toEqual([
      ...orphaned.map((h) => ['BLOCK_REMOVED', h, TRANSFER_TOPIC, CALLER_SIG]),
      ...after.slice(-3).map((t) => ['BLOCK_ADDED', t.txHash, TRANSFER_TOPIC, CALLER_SIG]),
    ]);
    expect(heard[0].event.values).toEqual(['', A, B, '1', '1']);
    expect(heard[4].event.values).toEqual([D, D, A, '9', '1']);
  } finally {
    stream.close();
  }
});
