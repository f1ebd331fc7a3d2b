// Live subscriptions: RPC NDJSON streams, GraphQL over graphql-ws, the published client, and reorg corrections.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { SequenceIndexer } from '@0xsequence/indexer';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { openNdjson, type NdjsonReader } from '../../helpers/ndjson';
import { PATIENCE_MS } from '../../helpers/patience';

let anvil: Anvil;
let server: TestServer;
let tokens: Tokens;
let key: string;
let A: string, B: string, C: string;
const open: NdjsonReader[] = [];

/** The next message satisfying `pred` (others, e.g. from earlier blocks, are skipped). */
const nextMatching = async (r: NdjsonReader, pred: (m: any) => boolean) => {
  for (;;) {
    const m = await r.next();
    if (pred(m)) return m;
  }
};

const stream = async (op: string, body: unknown) => {
  const r = await openNdjson(`${server.url}/rpc/Indexer/${op}`, body, { 'X-Access-Key': key });
  open.push(r);
  return r;
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  await sendAndWait(tokens.erc20.mint(A, 1_000_000n));
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 2 }]) });
  key = (await server.createProject()).accessKey;
  await waitForIndexed(server.app, anvil);
});

afterAll(async () => {
  for (const r of open) r.close();
  await server?.stop();
  await anvil?.stop();
});

it('refuses a stream before it starts: no key, bad filter', async () => {
  const noKey = await openNdjson(`${server.url}/rpc/Indexer/SubscribeBalanceUpdates`, { contractAddress: A }, {});
  expect(noKey.status).toBe(401);
  const bad = await stream('SubscribeEvents', { filter: { events: ['Transfer(address,address,uint256)'] } });
  expect(bad.status).toBe(400);
  const badAddr = await stream('SubscribeBalanceUpdates', { contractAddress: 'nope' });
  expect(badAddr.status).toBe(400);
});

it('pushes balances, logs and receipts after ingestion commits; receipts again when final', async () => {
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const balances = await stream('SubscribeBalanceUpdates', { contractAddress: erc20 });
  expect(balances.status).toBe(200);
  expect(balances.headers.get('content-type')).toBe('application/x-ndjson');
  const logs = await stream('SubscribeEvents', { filter: { accounts: [B], events: ['Transfer(address indexed from, address indexed to, uint256 value)'] } });
  const receipts = await stream('SubscribeReceipts', { filter: { from: A } });

  const receipt = await (await tokens.erc20.transfer(B, 250n)).wait();
  // The mint's block may still be published after the stream opens (waitForIndexed sees the checkpoint, which commits
  // before the publish): updates of earlier blocks are skipped, not taken for this transfer's.
  const ofTransfer = (m: any) => m.balance.blockNumber === receipt!.blockNumber;
  const got = [await nextMatching(balances, ofTransfer), await nextMatching(balances, ofTransfer)].map((m) => m.balance);
  expect(got).toEqual(
    expect.arrayContaining([
      { contractType: 'ERC20', contractAddress: erc20, accountAddress: A, balance: String(1_000_000n - 250n), blockHash: receipt!.blockHash, blockNumber: receipt!.blockNumber, chainId: anvil.chainId },
      { contractType: 'ERC20', contractAddress: erc20, accountAddress: B, balance: '250', blockHash: receipt!.blockHash, blockNumber: receipt!.blockNumber, chainId: anvil.chainId },
    ]),
  );

  const { log } = await logs.next();
  expect(log).toMatchObject({
    type: 'BLOCK_ADDED',
    contractAddress: erc20,
    contractType: 'ERC20',
    txnHash: receipt!.hash,
    logDataType: 'EVENT',
    txnInfo: { from: A, to: erc20, value: '0' },
    event: { eventSig: 'Transfer(address indexed from, address indexed to, uint256 value)', names: ['from', 'to', 'value'], values: [A, B, '250'] },
  });

  const first = (await nextMatching(receipts, (m) => m.receipt.txnHash === receipt!.hash)).receipt;
  expect(first).toMatchObject({ txnHash: receipt!.hash, txnStatus: 'SUCCESSFUL', from: A, to: erc20, final: false, reorged: false, txnType: 'DynamicFeeTxnType' });
  expect(first.gasUsed).toBe(Number(receipt!.gasUsed));
  expect(first.logs[0]).toMatchObject({ contractAddress: erc20, index: receipt!.logs[0].index });
  await anvil.rpc('anvil_mine', ['0x3']);
  const final = (await nextMatching(receipts, (m) => m.receipt.txnHash === receipt!.hash && m.receipt.final)).receipt;
  expect(final).toMatchObject({ txnHash: receipt!.hash, final: true, reorged: false });
});

it('sends corrections on reorg: BLOCK_REMOVED logs, reorged receipts, restored balances', async () => {
  await waitForIndexed(server.app, anvil);
  const erc721 = (await tokens.erc721.getAddress()).toLowerCase();
  const logs = await stream('SubscribeEvents', { filter: { contractAddresses: [erc721] } });
  const receipts = await stream('SubscribeReceipts', { filter: { to: erc721 } });
  const balances = await stream('SubscribeBalanceUpdates', { contractAddress: erc721 });

  const snapshot = await anvil.rpc<string>('evm_snapshot');
  const minted = await (await tokens.erc721.mint(C, 42n)).wait();
  expect((await logs.next()).log).toMatchObject({ type: 'BLOCK_ADDED', txnHash: minted!.hash });
  expect((await receipts.next()).receipt).toMatchObject({ txnHash: minted!.hash, reorged: false });
  expect((await balances.next()).balance).toMatchObject({ accountAddress: C, tokenID: '42', balance: '1' });

  await anvil.rpc('evm_revert', [snapshot]);
  await sendAndWait(tokens.erc20.transfer(C, 1n));
  await sendAndWait(tokens.erc20.transfer(C, 2n));
  expect((await logs.next()).log).toMatchObject({ type: 'BLOCK_REMOVED', txnHash: minted!.hash, contractAddress: erc721 });
  expect((await receipts.next()).receipt).toMatchObject({ txnHash: minted!.hash, reorged: true, final: false });
  expect((await balances.next()).balance).toMatchObject({ accountAddress: C, tokenID: '42', balance: '0' });
});

it('resumes from a cursor whose block was orphaned meanwhile: replays the canonical branch from confirmations earlier', async () => {
  await waitForIndexed(server.app, anvil);
  const erc721 = (await tokens.erc721.getAddress()).toLowerCase();
  const logs = await stream('SubscribeEvents', { filter: { contractAddresses: [erc721] } });
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  const orphan = await (await tokens.erc721.mint(C, 77n)).wait();
  const seen = await logs.next();
  expect(seen.log).toMatchObject({ type: 'BLOCK_ADDED', txnHash: orphan!.hash });
  logs.close();

  // Away: the block is replaced by one minting another token, and the chain moves on.
  await anvil.rpc('evm_revert', [snapshot]);
  const canonical = await (await tokens.erc721.mint(C, 78n)).wait();
  await sendAndWait(tokens.erc20.transfer(C, 1n));
  await sendAndWait(tokens.erc20.transfer(C, 1n));
  await waitForIndexed(server.app, anvil);

  const resumed = await stream('SubscribeEvents', { filter: { contractAddresses: [erc721] }, cursor: seen.cursor });
  expect(resumed.status).toBe(200);
  const next = await nextMatching(resumed, (m) => m.log?.txnHash === canonical!.hash);
  expect(next.log).toMatchObject({ type: 'BLOCK_ADDED', blockNumber: canonical!.blockNumber, event: { values: [expect.any(String), C, '78'] } });
});

it('serves GraphQL subscriptions over graphql-ws with the key in connection_init', async () => {
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  // fromBlock: the transfer is delivered even when it is committed before the subscription is in place.
  const from = Number(await anvil.rpc<string>('eth_blockNumber')) + 1;
  let target = -1;
  const received: any[] = [];
  // Checked on each message and once the target is known: under load both messages can arrive before wait() returns.
  let check = () => undefined as void;
  const done = new Promise<any>((resolve, reject) => {
    check = () => {
      if (received.filter((b) => b.blockNumber === target).length === 2) dispose(), resolve(received);
    };
    const dispose = client.subscribe(
      {
        query: `subscription($c: String!, $from: Int) { balanceEvents(contractAddress: $c, fromBlock: $from) { accountAddress balance delta tokenId reorged blockNumber cursor } }`,
        variables: { c: erc20, from },
      },
      {
        next: (v: any) => {
          received.push(v.data.balanceEvents);
          check();
        },
        error: reject,
        complete: () => undefined,
      },
    );
  });
  target = (await (await tokens.erc20.transfer(B, 5n)).wait())!.blockNumber;
  check();
  const ofTarget = (await done).filter((b: any) => b.blockNumber === target);
  expect(ofTarget.map((b: any) => b.delta).sort()).toEqual(['-5', '5']);
  expect(ofTarget[0]).toMatchObject({ tokenId: null, reorged: false });
  expect(received.every((b: any) => b.blockNumber >= from && typeof b.cursor === 'string')).toBe(true);
  await client.dispose();

  // Resuming over graphql-ws with the first message's cursor yields the second one, not the first again.
  const again = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const resumed = await new Promise<any>((resolve, reject) => {
    const dispose = again.subscribe(
      { query: `subscription($c: String!, $k: String) { balanceEvents(contractAddress: $c, cursor: $k) { accountAddress delta blockNumber } }`, variables: { c: erc20, k: ofTarget[0].cursor } },
      { next: (v: any) => (dispose(), resolve(v.data.balanceEvents)), error: reject, complete: () => undefined },
    );
  });
  expect(resumed).toMatchObject({ blockNumber: target, delta: ofTarget[1].delta, accountAddress: ofTarget[1].accountAddress });
  await again.dispose();

  const anonymous = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket });
  const refused = await new Promise<any>((resolve) => {
    anonymous.subscribe({ query: `subscription { balanceEvents(contractAddress: "${erc20}") { balance } }` }, { next: resolve, error: resolve, complete: () => undefined });
  });
  expect(JSON.stringify(refused)).toContain('UNAUTHORIZED');
  await anonymous.dispose();
});

it('takes the key from the subscribe message itself, as GraphiQL sends its Headers tab', async () => {
  // GraphiQL: an empty connection_init, then `extensions.headers` in each subscribe message.
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: {} });
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const from = Number(await anvil.rpc<string>('eth_blockNumber')) + 1;
  const received = new Promise<any>((resolve, reject) => {
    const dispose = client.subscribe(
      { query: `subscription { balanceEvents(contractAddress: "${erc20}", fromBlock: ${from}) { blockNumber delta } }`, extensions: { headers: { 'X-Access-Key': key } } },
      { next: (v: any) => (dispose(), resolve(v)), error: reject, complete: () => undefined },
    );
  });
  const target = (await (await tokens.erc20.transfer(B, 7n)).wait())!.blockNumber;
  // The first message is of the transfer's block: nothing else moved this contract since `from`.
  const first = (await received).data.balanceEvents;
  expect(first.blockNumber).toBe(target);
  expect(['7', '-7']).toContain(first.delta);

  // A wrong key in the subscribe message is refused, even when connection_init carried a good one.
  const mixed = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const refused = await new Promise<any>((resolve) => {
    mixed.subscribe(
      { query: `subscription { balanceEvents(contractAddress: "${erc20}") { balance } }`, extensions: { headers: { 'x-access-key': 'not-a-key' } } },
      { next: resolve, error: resolve, complete: () => undefined },
    );
  });
  expect(JSON.stringify(refused)).toMatch(/ACCESS_KEY_NOT_FOUND|UNAUTHORIZED/);
  await mixed.dispose();
  await client.dispose();
});

it('works with the published SequenceIndexer client', async () => {
  const indexer = new SequenceIndexer(server.url, key);
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const controller = new AbortController();
  const messages: any[] = [];
  const opened = new Promise<void>((resolve) =>
    void indexer.subscribeBalanceUpdates(
      { contractAddress: erc20 },
      { onMessage: (m: any) => messages.push(m), onError: () => undefined, onOpen: () => resolve(), signal: controller.signal },
    ),
  );
  await opened;
  const block = (await (await tokens.erc20.transfer(C, 9n)).wait())!.blockNumber;
  const ofBlock = () => messages.filter((m) => m.balance.blockNumber === block);
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && ofBlock().length < 2; ) await new Promise((r) => setTimeout(r, 100));
  controller.abort();
  expect(ofBlock().map((m) => m.balance.accountAddress).sort()).toEqual([A, C].sort());
});

it('streams events and receipts to the published SequenceIndexer client', async () => {
  const indexer = new SequenceIndexer(server.url, key);
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const controller = new AbortController();
  const logs: any[] = [];
  const receipts: any[] = [];
  const opened = (subscribe: (args: any, opts: any) => unknown, args: unknown, sink: any[]) =>
    new Promise<void>((resolve) =>
      void subscribe(args, { onMessage: (m: any) => sink.push(m), onError: () => undefined, onOpen: () => resolve(), signal: controller.signal }),
    );
  await opened(indexer.subscribeEvents.bind(indexer), { filter: { contractAddresses: [erc20] } }, logs);
  await opened(indexer.subscribeReceipts.bind(indexer), { filter: { to: erc20 } }, receipts);
  const mined = await (await tokens.erc20.transfer(B, 21n)).wait();
  const mine = (xs: any[], pick: (m: any) => string) => xs.filter((m) => pick(m) === mined!.hash);
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && (mine(logs, (m) => m.log.txnHash).length < 1 || mine(receipts, (m) => m.receipt.txnHash).length < 1); ) {
    await new Promise((r) => setTimeout(r, 100));
  }
  controller.abort();
  expect(mine(logs, (m) => m.log.txnHash)[0].log).toMatchObject({ type: 'BLOCK_ADDED', contractAddress: erc20, event: { values: [A, B, '21'] } });
  expect(mine(receipts, (m) => m.receipt.txnHash)[0].receipt).toMatchObject({ txnStatus: 'SUCCESSFUL', from: A, to: erc20, reorged: false });
});

it('limits subscriptions per graphql-ws connection', async () => {
  const client = createClient({ url: `ws://127.0.0.1:${server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': key } });
  const erc20 = (await tokens.erc20.getAddress()).toLowerCase();
  const disposers: Array<() => void> = [];
  const errors: unknown[] = [];
  for (let i = 0; i < 51; i++) {
    disposers.push(
      client.subscribe({ query: `subscription { balanceEvents(contractAddress: "${erc20}") { balance } }` }, { next: () => undefined, error: (e) => errors.push(e), complete: () => undefined }),
    );
  }
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS && errors.length === 0; ) await new Promise((r) => setTimeout(r, 50));
  expect(errors).toHaveLength(1);
  expect(JSON.stringify(errors[0])).toContain('RESOURCE_EXHAUSTED');
  disposers.forEach((d) => d());
  await client.dispose();
});
