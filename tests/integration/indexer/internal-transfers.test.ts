// Internal transfers (#41 item 2) against anvil, which serves both trace forms: ETH forwarded by contracts (a CALL
// with value, one nested in another, a CREATE with value), an inner call that reverts inside a try/catch (the
// transaction succeeds, the reverted frame moved nothing), a value call under a reverted frame, selfdestruct payouts
// (on call and in a constructor) and a failed transaction. Every answer is compared with the chain: the internal
// transfers the scenario makes, and each account's eth_getBalance delta (contracts included) against the stored NATIVE
// rows. Then a reorg replaces the last blocks, and the answers follow it. Through GraphQL (`internal`), the published
// indexer clients (2.x and 3.0.13) unchanged, the RPC's extra `internal` field, SubscribeEvents, and the status
// (`chains`, RuntimeStatus).
import { SequenceIndexer, type Transaction as V2Transaction } from '@0xsequence/indexer';
import { ContractFactory, getCreateAddress, type Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { callTx, headBlock, mine, reorg, sendTx, type TxRequest } from '../../helpers/chain-kit';
import { waitForCanonical } from '../../helpers/ledger';
import { balanceMismatches } from '../../helpers/internal-ledger';
import { chainNativeTransfers, key, type NativeItem, storedNativeTransfers, ZERO } from '../../helpers/native-ledger';
import { PATIENCE_MS } from '../../helpers/patience';
import { startTestServer, type TestServer } from '../../helpers/server';
import { compileContract, deployContract } from '../../helpers/solidity';
import { openNdjson } from '../../helpers/ndjson';
import { INTERNAL_LOG_INDEX_BASE } from '../../../src/chain';
type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexer: SequenceIndexerV3 } = require('@0xsequence/indexer-v3') as V3;

let anvil: Anvil;
let server: TestServer;
let headers: Record<string, string>;
let A: string, B: string, C: string;
let forwarder: Contract, second: Contract, sink: Contract, tryRefuse: Contract, doomed: Contract;
/** Every address whose balance the scenario moves (contracts created on the way join it). */
const accounts: string[] = [];
/** The internal transfers the scenario makes, as it makes them. */
const expected: NativeItem[] = [];
let start: number;
let failedTx: string;

const addr = async (c: Contract) => (await c.getAddress()).toLowerCase();
const call = async (c: Contract, method: string, args: unknown[], from: string, value: bigint, extra: Partial<TxRequest> = {}) =>
  sendTx(anvil, callTx(c, method, args, from, { value, gas: 500_000n, ...extra }));
const item = (txHash: string, blockNumber: number, from: string, to: string, value: bigint): NativeItem => ({ txHash, blockNumber, from, to, value });

/** `pick()` once it answers, polled, within the suites' patience. */
const until = async <T>(pick: () => Promise<T | undefined>): Promise<T> => {
  const deadline = Date.now() + PATIENCE_MS;
  for (;;) {
    const v = await pick();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error('timed out waiting for the status');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const HISTORY = `query($a: String!) {
  transactionHistory(filter: { accountAddress: $a }, first: 100) {
    nodes { txnHash blockNumber transfers { contractType from to amounts logIndex internal } } } }`;

const historyOf = async (account: string) => {
  const r = await server.graphql(HISTORY, { a: account }, headers);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data.transactionHistory.nodes as Array<{ txnHash: string; blockNumber: number; transfers: any[] }>;
};

/** The stored internal rows are the scenario's, every balance agrees with the stored NATIVE rows, and history says so. */
const expectMatchesChain = async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  const stored = await storedNativeTransfers(server.app.db, anvil.chainId);
  const canonical = new Set((await chainNativeTransfers(anvil, start, head)).map((t) => t.txHash));
  const blocks = await Promise.all(expected.map((t) => anvil.rpc<{ blockHash: string } | null>('eth_getTransactionReceipt', [t.txHash])));
  const live = expected.filter((_, i) => blocks[i] !== null);
  expect(stored.filter((t) => t.internal).map(key)).toEqual(live.map(key));
  // Top-level rows are the chain's successful value transactions, as before.
  expect(new Set(stored.filter((t) => !t.internal).map((t) => t.txHash))).toEqual(canonical);
  expect(await balanceMismatches(anvil, stored, accounts, start, head)).toEqual([]);
  for (const account of [A, B, C]) {
    const answered = (await historyOf(account)).flatMap((t) =>
      t.transfers.filter((x) => x.contractType === 'NATIVE' && x.internal).map((x) => item(t.txnHash, t.blockNumber, x.from, x.to, BigInt(x.amounts[0]))),
    );
    expect(answered.map(key).sort()).toEqual(live.filter((t) => t.from === account || t.to === account).map(key).sort());
  }
  return { head, stored };
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C] = [0, 1, 2].map((i) => devWallet(anvil, i).address.toLowerCase());
  const signer = devWallet(anvil, 0);
  forwarder = await deployContract(signer, 'ValueMovers.sol', 'Forwarder');
  second = await deployContract(signer, 'ValueMovers.sol', 'Forwarder');
  sink = await deployContract(signer, 'ValueMovers.sol', 'Sink');
  tryRefuse = await deployContract(signer, 'ValueMovers.sol', 'TryRefuse');
  doomed = await deployContract(signer, 'ValueMovers.sol', 'Doomed');
  accounts.push(A, B, C, ...(await Promise.all([forwarder, second, sink, tryRefuse, doomed].map(addr))));
  start = (await headBlock(anvil)).number + 1;
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3, startBlock: start }]) });
  headers = { 'X-Access-Key': (await server.createProject('internal')).accessKey };

  const [F, F2, S, T, D] = accounts.slice(3);
  // A CALL with value to each of two recipients, out of the transaction's value.
  let r = await call(forwarder, 'forward', [[B, C], [3n * 10n ** 15n, 5n * 10n ** 15n + 1n]], A, 8n * 10n ** 15n + 1n);
  expected.push(item(r.transactionHash, r.blockNumber, F, B, 3n * 10n ** 15n), item(r.transactionHash, r.blockNumber, F, C, 5n * 10n ** 15n + 1n));
  // A value CALL inside a value CALL.
  r = await call(forwarder, 'relay', [F2, C, 7n], A, 7n);
  expected.push(item(r.transactionHash, r.blockNumber, F, F2, 7n), item(r.transactionHash, r.blockNumber, F2, C, 7n));
  // The inner call reverts inside a try/catch: the transaction succeeds, its 13 wei stay with T.
  r = await call(tryRefuse, 'attempt', [S, B, 11n, 13n], B, 24n);
  expected.push(item(r.transactionHash, r.blockNumber, T, B, 11n));
  // A value call that succeeded under a frame that reverted: undone with it, nothing internal.
  r = await call(tryRefuse, 'nested', [C, 17n], C, 17n);
  // Selfdestruct on call: the contract's whole balance (funded by a plain send) to the beneficiary.
  await sendTx(anvil, { from: A, to: D, value: 1_000n });
  r = await call(doomed, 'destroy', [C], B, 0n);
  expected.push(item(r.transactionHash, r.blockNumber, D, C, 1_000n));
  // Selfdestruct in a constructor: the creation's value (top-level, to the new address) paid straight out to B.
  const { abi, bytecode } = compileContract('ValueMovers.sol', 'OneShot');
  const shot = await new ContractFactory(abi, bytecode, signer).deploy(B, { value: 99n });
  const created = (await shot.deploymentTransaction()!.wait())!;
  const oneShot = created.contractAddress!.toLowerCase();
  expected.push(item(created.hash, created.blockNumber, oneShot, B, 99n));
  // A CREATE with value, then a send out of what is left.
  const spawned = getCreateAddress({ from: F, nonce: 1n }).toLowerCase();
  r = await call(forwarder, 'spawn', [2n, B, 1n], A, 3n);
  expected.push(item(r.transactionHash, r.blockNumber, F, spawned, 2n), item(r.transactionHash, r.blockNumber, F, B, 1n));
  accounts.push(oneShot, spawned);
  // A failed transaction: its frames' value moved nothing (the forwarder has 0 wei, and is asked for more).
  failedTx = await anvil.rpc<string>('eth_sendTransaction', [
    { from: A, to: F, data: forwarder.interface.encodeFunctionData('forward', [[B], [50n]]), value: '0x1', gas: '0x7a120' },
  ]);
  await mine(anvil, 1);
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('indexes every value movement of contract calls as an internal NATIVE transfer, no reverted frame, exact to the wei', async () => {
  const { stored } = await expectMatchesChain();
  expect(Number((await anvil.rpc<{ status: string }>('eth_getTransactionReceipt', [failedTx])).status)).toBe(0);
  expect(stored.some((t) => t.txHash === failedTx)).toBe(false);
  // The shape in history: beside the top-level transfer of the same transaction, marked internal, after the block's logs.
  const b = await historyOf(B);
  const forwarded = b.find((t) => t.txnHash === expected[0].txHash)!;
  expect(forwarded.transfers.filter((x) => x.to === B)).toEqual([
    { contractType: 'NATIVE', from: accounts[3], to: B, amounts: [String(3n * 10n ** 15n)], logIndex: INTERNAL_LOG_INDEX_BASE, internal: true },
  ]);
  const a = await historyOf(A);
  expect(a.find((t) => t.txnHash === expected[0].txHash)!.transfers).toEqual([
    { contractType: 'NATIVE', from: A, to: accounts[3], amounts: [String(8n * 10n ** 15n + 1n)], logIndex: expect.any(Number), internal: false },
  ]);
});

it('serves internal rows to the published indexer client unchanged, and says they are indexed', async () => {
  const url = `${server.url}/chains/${anvil.chainId}`;
  for (const client of [new SequenceIndexer(url, headers['X-Access-Key']), new SequenceIndexerV3(url, headers['X-Access-Key'])] as Array<Pick<SequenceIndexer, 'getTransactionHistory'>>) {
    const r = await client.getTransactionHistory({ filter: { accountAddress: C } });
    const got = r.transactions.flatMap((t: V2Transaction) =>
      (t.transfers ?? []).filter((x) => x.contractType === 'NATIVE' && x.to === C).map((x) => key({ txHash: t.txnHash, from: x.from, to: x.to, value: BigInt(x.amounts[0]) })),
    );
    for (const t of expected.filter((x) => x.to === C)) expect(got).toContain(key(t));
  }
  // On the wire, the extra field the clients ignore.
  const wire = await server.rpc('Indexer/GetTransactionHistory', { filter: { accountAddress: C } }, headers);
  const internal = wire.body.transactions.flatMap((t: any) => t.transfers).filter((x: any) => x.internal === true);
  expect(internal.length).toBe(expected.filter((x) => x.to === C || x.from === C).length);

  // The ingester writes what its endpoints serve right after the commit that first read traces.
  const chains = await until(async () => {
    const c = await server.graphql('{ chains { chainId nativeTransfers internalTransfers internalTransfersReason } }', {}, headers);
    return c.body.data.chains[0].internalTransfersReason?.startsWith('not known yet') ? undefined : c;
  });
  expect(chains.body.data.chains).toEqual([{ chainId: anvil.chainId, nativeTransfers: true, internalTransfers: true, internalTransfersReason: null }]);
  const status = await server.rpc('Indexer/RuntimeStatus', {}, headers);
  expect(status.body.status.checks).toMatchObject({ nativeTransfers: true, internalTransfers: true });
});

it('follows a reorg: the orphaned blocks’ internal transfers go, the new branch’s are there, balances agree', async () => {
  const before = await expectMatchesChain();
  const orphaned = expected.filter((t) => t.blockNumber > before.head - 3);
  expect(orphaned.length).toBeGreaterThan(0);
  const [F] = accounts.slice(3);
  await reorg(anvil, 3, [{ tx: callTx(forwarder, 'forward', [[A, C], [21n, 22n]], B, { value: 43n, gas: 500_000n }), block: 2 }]);
  const head = await headBlock(anvil);
  const block = await anvil.rpc<{ transactions: string[] }>('eth_getBlockByNumber', [`0x${head.number.toString(16)}`, false]);
  const hash = block.transactions[0];
  expected.push(item(hash, head.number, F, A, 21n), item(hash, head.number, F, C, 22n));
  await mine(anvil, 2);
  const after = await expectMatchesChain();
  for (const t of orphaned) expect(after.stored.some((s) => s.txHash === t.txHash)).toBe(false);
});

it('streams internal transfers on SubscribeEvents to a filter that names the zero address (only the internal one concerns B)', async () => {
  await waitForCanonical(server.app.db, anvil);
  const stream = await openNdjson(`${server.url}/rpc/Indexer/SubscribeEvents`, { filter: { contractAddresses: [ZERO], accounts: [B] } }, headers);
  try {
    const F = accounts[3];
    const r = await call(forwarder, 'forward', [[B], [31n]], A, 31n);
    const m = await stream.next();
    expect(m.log).toMatchObject({
      type: 'BLOCK_ADDED',
      contractAddress: ZERO,
      contractType: 'NATIVE',
      logDataType: 'NATIVE_TOKEN_TRANSFER',
      txnHash: r.transactionHash,
      event: { values: [F, B, '31'] },
    });
    expected.push(item(r.transactionHash, r.blockNumber, F, B, 31n));
  } finally {
    stream.close();
  }
  await expectMatchesChain();
});
