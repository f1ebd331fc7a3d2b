// Native transfers (#41 item 1) against anvil: plain ETH sends between accounts, odd wei amounts, a failed
// transaction with value (not a transfer) and token transfers beside them. Every answer is compared with the chain:
// the successful value transactions read from the node's blocks and receipts, and each account's eth_getBalance
// delta (received − sent − fees). Then a reorg replaces the last blocks with a longer branch of other sends, and the
// answers follow it. Through GraphQL transactionHistory, the published indexer clients (2.x and 3.0.13) unchanged,
// and webhooks: a listener that asked for native transfers (the zero address among its contracts) gets them, one
// that did not gets only its token events.
import { InvalidArgumentError, SequenceIndexer, type Transaction as V2Transaction } from '@0xsequence/indexer';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { callTx, headBlock, mine, reorg, sendTx, type TxRequest } from '../../helpers/chain-kit';
import { waitForCanonical } from '../../helpers/ledger';
import { balanceAt, chainNativeTransfers, feesPaid, key, netOf, storedNativeTransfers, ZERO, type NativeItem } from '../../helpers/native-ledger';
import { openNdjson } from '../../helpers/ndjson';
import { startTestServer, type TestServer } from '../../helpers/server';
import { fastDeliveriesTo, startReceiver, verifiedDeliveries, type Receiver } from '../webhooks/receiver';
import { NATIVE_LOG_INDEX_BASE } from '../../../src/chain';
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexer: SequenceIndexerV3 } = require('@0xsequence/indexer-v3') as V3;

const ETH = 10n ** 18n;

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let receiver: Receiver;
let headers: Record<string, string>;
let secrets: { native: string; tokensOnly: string };
let A: string, B: string, C: string;
/** The first block after the fixtures: the chain's start block, before any send of the test. */
let start: number;
const failed: string[] = [];

const send = (from: string, to: string, value: bigint, extra: Partial<TxRequest> = {}) => sendTx(anvil, { from, to, value, ...extra });

const HISTORY = `query($a: String!, $after: String) {
  transactionHistory(filter: { accountAddress: $a }, first: 100, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes { txnHash blockNumber transfers { transferType contractAddress contractType from to tokenIds amounts logIndex } } } }`;

/** Every transaction of `account`'s history (all pages), newest first. */
const history = async (account: string) => {
  const out: any[] = [];
  for (let after: string | null = null; ; ) {
    const r = await server.graphql(HISTORY, { a: account, after }, headers);
    if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
    const page: any = r.body.data.transactionHistory;
    out.push(...page.nodes);
    if (!page.pageInfo.hasNextPage) return out;
    after = page.pageInfo.endCursor;
  }
};

/** The native transfers of `account`'s history, as NativeItems. */
const nativeInHistory = async (account: string): Promise<NativeItem[]> =>
  (await history(account)).flatMap((t) =>
    t.transfers
      .filter((x: any) => x.contractType === 'NATIVE')
      .map((x: any) => ({ txHash: t.txnHash, blockNumber: t.blockNumber, from: x.from, to: x.to, value: BigInt(x.amounts[0]) })),
  );

/** What a complete index answers, checked against the node: the stored rows, each account's history, and balances. */
const expectMatchesChain = async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  const onChain = await chainNativeTransfers(anvil, start, head);
  expect(onChain.length).toBeGreaterThan(0);
  expect((await storedNativeTransfers(server.app.db, anvil.chainId)).map(key)).toEqual(onChain.map(key));
  for (const account of [A, B, C]) {
    const mine = onChain.filter((t) => t.from === account || t.to === account);
    const answered = await nativeInHistory(account);
    expect(answered.map(key).sort()).toEqual(mine.map(key).sort());
    // The balance moved by exactly what history says, less the fees of the account's own transactions.
    const delta = (await balanceAt(anvil, account, head)) - (await balanceAt(anvil, account, start - 1));
    expect(netOf(answered, account) - (await feesPaid(anvil, account, start, head))).toBe(delta);
  }
  for (const h of failed) expect(onChain.some((t) => t.txHash === h)).toBe(false);
  return { head, onChain };
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  start = (await headBlock(anvil)).number + 1;
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3, startBlock: start }]),
    ...fastDeliveriesTo(receiver),
  });
  const project = await server.createProject('native');
  headers = { 'X-Access-Key': project.accessKey };
  const creds = { authorization: `Bearer ${project.bearerToken}` };
  const wh = server.app.services.webhooks;
  secrets = {
    native: (await wh.add(creds, { url: receiver.url('/native'), filters: { contractAddresses: [ZERO, (await tokens.erc20.getAddress()).toLowerCase()], accounts: [B] } })).secret,
    tokensOnly: (await wh.add(creds, { url: receiver.url('/tokens'), filters: { accounts: [B] } })).secret,
  };

  await send(A, B, 1n * ETH);
  await send(B, C, ETH / 4n + 1n);
  await send(C, A, 123_456_789_012_345_678n);
  await sendTx(anvil, callTx(tokens.erc20, 'mint', [B, 1_000n], A));
  await send(A, A, 7n); // to itself: a transfer that nets to zero
  // Value sent to a contract that cannot take it: mined, reverted, and no transfer (gas given: estimation would refuse).
  const hash = await anvil.rpc<string>('eth_sendTransaction', [{ from: A, to: (await tokens.erc20.getAddress()).toLowerCase(), value: '0x64', gas: '0x30d40' }]);
  await mine(anvil, 1);
  failed.push(hash);
  await send(B, A, 1n);
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

it('indexes every successful value transaction as a NATIVE transfer, and no failed one, exact to the wei', async () => {
  const { onChain } = await expectMatchesChain();
  expect(onChain.map((t) => t.value)).toEqual([1n * ETH, ETH / 4n + 1n, 123_456_789_012_345_678n, 7n, 1n]);
  const receipt = await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [failed[0]]);
  expect(Number(receipt.status)).toBe(0);

  // The shape: the zero address as contract, token id 0, the amount in wei, SEND/RECEIVE relative to the account.
  const b = await history(B);
  const received = b.find((t) => t.txnHash === onChain[0].txHash);
  expect(received.transfers).toEqual([
    { transferType: 'RECEIVE', contractAddress: ZERO, contractType: 'NATIVE', from: A, to: B, tokenIds: ['0'], amounts: [String(ETH)], logIndex: expect.any(Number) },
  ]);
  expect(received.transfers[0].logIndex).toBeGreaterThanOrEqual(NATIVE_LOG_INDEX_BASE);
  // Token transfers are there as before, and native rows change no token balance.
  expect(b.some((t) => t.transfers.some((x: any) => x.contractType === 'ERC20' && x.amounts[0] === '1000'))).toBe(true);
  const balances = await server.graphql(`query($a: String!) { tokenBalances(accountAddress: $a) { nodes { contractAddress } } }`, { a: B }, headers);
  expect(balances.body.data.tokenBalances.nodes.map((n: any) => n.contractAddress)).not.toContain(ZERO);
});

it('serves native rows to the published indexer clients, 2.x and 3.0.13, unchanged', async () => {
  const onChain = await chainNativeTransfers(anvil, start, (await headBlock(anvil)).number);
  const url = `${server.url}/chains/${anvil.chainId}`;
  const v2 = new SequenceIndexer(url, headers['X-Access-Key']);
  const v3 = new SequenceIndexerV3(url, headers['X-Access-Key']);
  for (const client of [v2, v3] as Array<Pick<SequenceIndexer, 'getTransactionHistory'>>) {
    // With metadata: a native row has no contract info and no token metadata (the coin is no contract), nothing is fetched for it.
    const r = await client.getTransactionHistory({ filter: { accountAddress: C }, includeMetadata: true });
    const native = r.transactions.flatMap((t: V2Transaction) => (t.transfers ?? []).filter((x) => x.contractType === 'NATIVE').map((x) => ({ t, x })));
    expect(native.map(({ t, x }) => key({ txHash: t.txnHash, from: x.from, to: x.to, value: BigInt(x.amounts[0]) })).sort()).toEqual(
      onChain.filter((t) => t.from === C || t.to === C).map(key).sort(),
    );
    for (const { x } of native) {
      expect(x).toMatchObject({ contractAddress: ZERO, tokenIds: ['0'] });
      expect(x.contractInfo).toBeUndefined();
      expect(x.tokenMetadata).toBeUndefined();
    }
  }
  await expect(v2.getTransactionHistory({ filter: { accountAddress: 'nope' } })).rejects.toBeInstanceOf(InvalidArgumentError);
});

it('delivers native transfers to the webhook listener that asked for them, and not to one that did not', async () => {
  const onChain = await chainNativeTransfers(anvil, start, (await headBlock(anvil)).number);
  const ofB = onChain.filter((t) => t.from === B || t.to === B).map((t) => t.txHash);
  const events = (path: string, secret: string) =>
    verifiedDeliveries(receiver, path, secret)
      .flatMap((d) => d.body.data)
      .filter((i: any) => i.kind === 'event')
      .map((i: any) => i.event);
  const deadline = Date.now() + 30_000;
  while (!ofB.every((h) => events('/native', secrets.native).some((e: any) => e.txHash === h && e.contractType === 'NATIVE'))) {
    if (Date.now() > deadline) throw new Error('the native listener did not get every native transfer of B');
    await new Promise((r) => setTimeout(r, 50));
  }
  const native = events('/native', secrets.native).filter((e: any) => e.contractType === 'NATIVE');
  expect(native.map((e: any) => e.txHash).sort()).toEqual([...ofB].sort());
  const first = native.find((e: any) => e.txHash === onChain[0].txHash);
  expect(first).toMatchObject({ contract: ZERO, txn: { from: A, to: B, value: String(ETH) }, event: { eventSig: 'NativeTransfer(address from, address to, uint256 value)', values: [A, B, String(ETH)] } });
  // The other listener names B too, but no zero address: its token event arrives, no native one ever does.
  while (!events('/tokens', secrets.tokensOnly).some((e: any) => e.contractType === 'ERC20')) {
    if (Date.now() > deadline) throw new Error('the token listener got no token event');
    await new Promise((r) => setTimeout(r, 50));
  }
  expect(events('/tokens', secrets.tokensOnly).filter((e: any) => e.contractType === 'NATIVE')).toEqual([]);
});

it('follows a reorg onto a longer branch: the orphaned sends go, the new branch’s are there, balances agree', async () => {
  const before = await expectMatchesChain();
  const orphan = before.onChain.filter((t) => t.blockNumber > before.head - 2).map((t) => t.txHash);
  expect(orphan.length).toBeGreaterThan(0);
  // The last two blocks replaced by two of other sends, then the branch grows longer.
  await reorg(anvil, 2, [
    { tx: { from: C, to: B, value: 5n * ETH + 3n }, block: 0 },
    { tx: { from: A, to: C, value: 999n }, block: 1 },
  ]);
  await send(B, C, 42n);
  await mine(anvil, 2);
  const after = await expectMatchesChain();
  for (const h of orphan) expect(after.onChain.some((t) => t.txHash === h)).toBe(false);
  expect(after.onChain.slice(-3).map((t) => t.value)).toEqual([5n * ETH + 3n, 999n, 42n]);
});

it('streams native transfers on SubscribeEvents to a filter that names the zero address, and not to one that does not', async () => {
  const url = `${server.url}/rpc/Indexer/SubscribeEvents`;
  await waitForCanonical(server.app.db, anvil);
  const asked = await openNdjson(url, { filter: { contractAddresses: [ZERO], accounts: [C] } }, headers);
  const notAsked = await openNdjson(url, { filter: { accounts: [C] } }, headers);
  try {
    const sent = await send(A, C, 11n);
    await sendTx(anvil, callTx(tokens.erc20, 'mint', [C, 5n], A));
    const m = await asked.next();
    expect(m.log).toMatchObject({
      type: 'BLOCK_ADDED',
      contractAddress: ZERO,
      contractType: 'NATIVE',
      logDataType: 'NATIVE_TOKEN_TRANSFER',
      txnHash: sent.transactionHash,
      event: { eventSig: 'NativeTransfer(address from, address to, uint256 value)', values: [A, C, '11'] },
    });
    // The stream without the zero address: the mint is its first event, the native send never came.
    const t = await notAsked.next();
    expect(t.log).toMatchObject({ contractType: 'ERC20', contractAddress: (await tokens.erc20.getAddress()).toLowerCase() });
  } finally {
    asked.close();
    notAsked.close();
  }
});

it('resumes a native stream from its cursor: the sends missed while away, once each, then live ones', async () => {
  const url = `${server.url}/rpc/Indexer/SubscribeEvents`;
  const filter = { contractAddresses: [ZERO], accounts: [B] };
  await waitForCanonical(server.app.db, anvil); // a stream without a cursor starts at what is indexed
  const first = await openNdjson(url, { filter }, headers);
  const a = await send(A, B, 101n);
  const got = await first.next();
  expect(got.log).toMatchObject({ txnHash: a.transactionHash, contractType: 'NATIVE' });
  first.close();
  // Away: two sends to B (one from B's side), and a reorg-free stretch of blocks.
  const missed = [await send(C, B, 202n), await send(B, C, 303n)];
  await mine(anvil, 2);
  const again = await openNdjson(url, { filter, cursor: got.cursor }, headers);
  try {
    const replayed = [(await again.next()).log, (await again.next()).log];
    expect(replayed.map((l) => [l.txnHash, l.event.values[2]])).toEqual([
      [missed[0].transactionHash, '202'],
      [missed[1].transactionHash, '303'],
    ]);
    const live = await send(A, B, 404n);
    expect((await again.next()).log).toMatchObject({ txnHash: live.transactionHash, contractType: 'NATIVE', event: { values: [A, B, '404'] } });
  } finally {
    again.close();
  }
});
