// One batch's events, and one rollback's, come from one builder (src/ingestion/events.ts): what subscribers are
// published (publish.ts, stamped with the commit's seq and each event's place) and what the webhook outbox records
// (webhook-outbox.ts, in the transaction) are the same events, field for field; only receipts differ, being final for
// subscribers up to the established finality and never for the outbox (finality sends listeners its own notice).
// "Listeners changed" goes out through one function, on the 'webhooks' topic.
import type { EntityManager } from 'typeorm';
import type { BalanceChangeRow, BalanceRow, ChainTransactionRow, TransferRow } from '../../../src/db';
import type { ChainEvents } from '../../../src/domain/webhooks/payloads';
import { listenersChanged } from '../../../src/domain/webhooks/listener-cache';
import { END_OF_BLOCK, type PubSub, type TopicName, type Topics } from '../../../src/pubsub';
import { commitEvents, rollbackEvents } from '../../../src/ingestion/events';
import { createChainPublisher } from '../../../src/ingestion/publish';
import { recordBatch, recordRollback, type WebhookOutbox } from '../../../src/ingestion/webhook-outbox';
import type { Batch } from '../../../src/ingestion/types';

const CHAIN = 31337;
const A = '0x' + 'aa'.repeat(20);
const B = '0x' + 'bb'.repeat(20);
const TOKEN = '0x' + '11'.repeat(20);
const NFT = '0x' + '22'.repeat(20);
const hash = (n: number) => '0x' + n.toString(16).padStart(64, '0');

const recordingPubSub = () => {
  const published: Array<{ topic: TopicName; events: unknown[] }> = [];
  const pubsub: PubSub = {
    async publish(topic, events) {
      published.push({ topic, events });
    },
    subscribe: () => () => undefined,
    ready: async () => undefined,
    close: async () => undefined,
  };
  return { pubsub, published };
};

const recordingOutbox = () => {
  const seen: { batch?: ChainEvents; restored?: unknown[] } = {};
  const outbox: WebhookOutbox = {
    async batch(_m, _chainId, build) {
      seen.batch = build();
      return 0;
    },
    async rolledBack(_m, _chainId, _ancestor, restored) {
      seen.restored = restored;
      return 0;
    },
    finalized: async () => 0,
  };
  return { outbox, seen };
};

const unstamped = (events: unknown[]) => events.map((e) => {
  const { seq: _seq, mark: _mark, ...rest } = e as Record<string, unknown>;
  return rest;
});

const tx = (n: number, blockNumber: number): ChainTransactionRow => ({
  chainId: CHAIN,
  txHash: hash(1000 + n),
  blockHash: hash(blockNumber),
  blockNumber,
  txIndex: n,
  from: A,
  to: n % 2 ? TOKEN : null,
  value: String(n * 7),
  status: n % 2,
  gasUsed: '21000',
  effectiveGasPrice: '1000000000',
  txType: 2,
  timestamp: 1_700_000_000 + blockNumber,
  reorged: false,
  logsJson: JSON.stringify([{ contractAddress: TOKEN, topics: [], data: '0x', index: 0 }]),
});

// Blocks 10..12, logs out of order within the batch (stamping sorts them), an ERC-20 and an ERC-721 contract.
const batch: Batch = {
  chainId: CHAIN,
  fromBlock: 10,
  toBlock: 12,
  toHash: hash(12),
  blocks: [10, 11, 12].map((n) => ({ chainId: CHAIN, number: n, hash: hash(n), parentHash: hash(n - 1), timestamp: 1_700_000_000 + n })),
  transfers: [
    { topics: ['0xt1'], data: '0x05', logIndex: 3, blockNumber: 12, blockHash: hash(12), timestamp: 1_700_000_012, txHash: hash(1002), txIndex: 2, contract: NFT, kind: 'ERC721', from: A, to: B, operator: null, tokenIds: [7n], amounts: [1n] },
    { topics: ['0xt0'], data: '0x01', logIndex: 0, blockNumber: 10, blockHash: hash(10), timestamp: 1_700_000_010, txHash: hash(1001), txIndex: 1, contract: TOKEN, kind: 'ERC20', from: A, to: B, operator: null, tokenIds: [], amounts: [5n] },
  ],
  transactions: [tx(2, 12), tx(1, 10)],
  live: true,
  skipped: new Map(),
};
const change = (contract: string, account: string, tokenId: string, blockNumber: number, delta: string): BalanceChangeRow => ({
  chainId: CHAIN,
  contract,
  account,
  tokenId,
  blockNumber,
  blockHash: hash(blockNumber),
  delta,
  balance: delta.replace('-', ''),
});
const changes = [change(NFT, B, '7', 12, '1'), change(NFT, A, '7', 12, '-1'), change(TOKEN, A, '', 10, '-5'), change(TOKEN, B, '', 10, '5')];

describe('a committed batch', () => {
  it('publishes to subscribers the very events the webhook outbox records, stamped with the commit', async () => {
    const { pubsub, published } = recordingPubSub();
    const { outbox, seen } = recordingOutbox();
    await createChainPublisher({ pubsub, chainId: CHAIN }).added(batch, { applied: true, seq: 9, changes, balances: [] } as never, 10);
    await recordBatch(outbox, {} as EntityManager, batch, { changes, balances: [] });

    expect(published.map((p) => p.topic)).toEqual(['logs', 'balances', 'receipts']);
    const [logs, balances, receipts] = published.map((p) => p.events as Array<Topics['logs' | 'balances' | 'receipts']>);
    // Subscribers get them in chain order; the outbox orders per listener (payloads.ts inChainOrder).
    const order = (xs: unknown[]) => [...xs].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(order(unstamped(logs))).toEqual(order(seen.batch!.logs));
    expect(order(unstamped(balances))).toEqual(order(seen.batch!.balances));
    expect(order(unstamped(receipts).map((r) => ({ ...r, final: false })))).toEqual(order(seen.batch!.receipts));
    expect(seen.batch!.receipts.every((r) => !r.final)).toBe(true);
    expect((receipts as Topics['receipts'][]).map((r) => [r.blockNumber, r.final])).toEqual([[10, true], [12, false]]);

    const log = logs[0] as Topics['logs'];
    expect(log).toMatchObject({ chainId: CHAIN, type: 'BLOCK_ADDED', blockNumber: 10, parentBlockHash: hash(9), contractType: 'ERC20', txn: { from: A, to: TOKEN, value: '7' }, seq: 9 });
    expect(log.mark).toEqual({ block: 10, hash: hash(10), pos: expect.anything(), final: [10, END_OF_BLOCK] });
    expect((logs as Topics['logs'][]).map((l) => l.blockNumber)).toEqual([10, 12]);
    expect((balances as Topics['balances'][]).map((b) => [b.contract, b.contractType, b.reorged])).toEqual(
      expect.arrayContaining([[NFT, 'ERC721', false], [TOKEN, 'ERC20', false]]),
    );
  });

  it('records nothing without an outbox; the outbox never has a receipt final', async () => {
    await expect(recordBatch(undefined, {} as EntityManager, batch, { changes, balances: [] })).resolves.toBe(0);
    expect(commitEvents(batch, { changes }, -1).receipts.map((r) => r.final)).toEqual([false, false]);
  });
});

describe('a committed rollback', () => {
  const transfer = (blockNumber: number, logIndex: number, batchIndex: number, contract: string, contractType: TransferRow['contractType'], tokenId: string): TransferRow => ({
    chainId: CHAIN,
    blockNumber,
    logIndex,
    batchIndex,
    blockHash: hash(blockNumber),
    txHash: hash(1000 + blockNumber),
    txIndex: 0,
    contract,
    contractType,
    from: A,
    to: B,
    tokenId,
    amount: '1',
    timestamp: 1_700_000_000 + blockNumber,
  });
  const restored: BalanceRow[] = [
    { chainId: CHAIN, contract: NFT, account: B, tokenId: '7', balance: '0', blockNumber: 9, blockHash: hash(9) },
    { chainId: CHAIN, contract: TOKEN, account: A, tokenId: '', balance: '5', blockNumber: 9, blockHash: hash(9) },
  ];
  const undone = {
    removedTransfers: [transfer(11, 0, 1, NFT, 'ERC1155', '8'), transfer(11, 0, 0, NFT, 'ERC1155', '7'), transfer(10, 2, 0, TOKEN, 'ERC20', '')],
    reorgedTransactions: [tx(10, 10)],
    restored,
    seq: 12,
    ancestorHash: hash(9),
    finalizedBlock: 4,
  };

  it('publishes its corrections at the ancestor, the restored balances being those the outbox records', async () => {
    const { pubsub, published } = recordingPubSub();
    const { outbox, seen } = recordingOutbox();
    await createChainPublisher({ pubsub, chainId: CHAIN }).rolledBack(9, undone);
    await recordRollback(outbox, {} as EntityManager, CHAIN, 9, undone);

    expect(published.map((p) => p.topic)).toEqual(['logs', 'receipts', 'balances']);
    const [logs, receipts, balances] = published.map((p) => p.events as Array<Topics['logs' | 'receipts' | 'balances']>);
    const mark = { block: 9, hash: hash(9), pos: null, final: [4, END_OF_BLOCK] };
    for (const e of [...logs, ...receipts, ...balances]) expect(e).toMatchObject({ seq: 12, mark });
    expect(unstamped(balances)).toEqual(seen.restored);
    expect(unstamped(balances)).toEqual(rollbackEvents(CHAIN, undone).balances);
    expect((balances as Topics['balances'][]).map((b) => [b.contractType, b.reorged, b.delta])).toEqual([['ERC1155', true, '0'], ['ERC20', true, '0']]);
    // One BLOCK_REMOVED per log (a TransferBatch's rows regrouped), in chain order.
    expect((logs as Topics['logs'][]).map((l) => [l.type, l.blockNumber, l.tokenIds])).toEqual([['BLOCK_REMOVED', 10, []], ['BLOCK_REMOVED', 11, ['7', '8']]]);
    expect((logs as Topics['logs'][])[0].txn).toEqual({ from: A, to: '', value: '70' });
    expect((receipts as Topics['receipts'][]).map((r) => [r.txHash, r.reorged, r.final])).toEqual([[hash(1010), true, false]]);
  });
});

it('"listeners changed" is one notice on the webhooks topic', async () => {
  const { pubsub, published } = recordingPubSub();
  await listenersChanged(pubsub, CHAIN);
  expect(published).toEqual([{ topic: 'webhooks', events: [{ chainId: CHAIN }] }]);
});
