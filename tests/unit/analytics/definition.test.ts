// The market transaction event rule, row by row: what a sale is and what is not.
import { ZERO_ADDRESS, marketEventsOf } from '../../../src/domain/analytics/definition';
import type { ChainTransactionRow, TransferRow } from '../../../src/db';

const A = '0x' + 'a'.repeat(40);
const B = '0x' + 'b'.repeat(40);
const NFT = '0x' + '1'.repeat(40);
const COIN = '0x' + '2'.repeat(40);
const T = Date.UTC(2024, 0, 3, 10) / 1000;

let log = 0;
const transfer = (tx: string, o: Partial<TransferRow> = {}): TransferRow => ({
  chainId: 1,
  blockNumber: 10,
  logIndex: log++,
  batchIndex: 0,
  blockHash: '0xblock',
  txHash: tx,
  txIndex: 0,
  contract: NFT,
  contractType: 'ERC721',
  from: A,
  to: B,
  tokenId: '7',
  amount: '1',
  timestamp: T,
  ...o,
});
const payment = (tx: string, o: Partial<TransferRow> = {}) => transfer(tx, { contract: COIN, contractType: 'ERC20', tokenId: '', amount: '100', from: B, to: A, ...o });
const txn = (tx: string, value: string, o: Partial<ChainTransactionRow> = {}) =>
  ({ chainId: 1, txHash: tx, blockHash: '0xblock', value, reorged: false, ...o }) as ChainTransactionRow;

const count = (transfers: TransferRow[], txs: ChainTransactionRow[]) => marketEventsOf(transfers, txs).length;

it('counts an NFT paid with native value, one event per movement, with its UTC day', () => {
  const events = marketEventsOf([transfer('0x1')], [txn('0x1', '1000')]);
  expect(events).toEqual([{ chainId: 1, blockNumber: 10, logIndex: expect.any(Number), batchIndex: 0, contract: NFT, tokenId: '7', day: 19725 }]);
});

it('counts an NFT paid with an ERC-20 transfer, and every ERC-1155 batch item', () => {
  expect(count([transfer('0x2'), payment('0x2')], [txn('0x2', '0')])).toBe(1);
  const items = [0, 1, 2].map((i) => transfer('0x3', { contractType: 'ERC1155', logIndex: 50, batchIndex: i, tokenId: String(i), amount: '5' }));
  expect(count([...items, payment('0x3')], [txn('0x3', '0')])).toBe(3);
});

it('does not count mints, burns, unpaid transfers or zero amounts', () => {
  expect(count([transfer('0x4', { from: ZERO_ADDRESS })], [txn('0x4', '5')])).toBe(0); // paid mint
  expect(count([transfer('0x5', { to: ZERO_ADDRESS })], [txn('0x5', '5')])).toBe(0); // burn
  expect(count([transfer('0x6')], [txn('0x6', '0')])).toBe(0); // plain transfer
  expect(count([transfer('0x7', { contractType: 'ERC1155', amount: '0' })], [txn('0x7', '5')])).toBe(0);
  expect(count([transfer('0x8'), payment('0x8', { amount: '0' })], [txn('0x8', '0')])).toBe(0);
  expect(count([transfer('0x9'), payment('0x9', { from: ZERO_ADDRESS })], [txn('0x9', '0')])).toBe(0); // ERC-20 mint is no payment
  expect(count([payment('0xa')], [txn('0xa', '5')])).toBe(0); // ERC-20 only: nothing to count
});

it('pairs payments and transactions by transaction and block, and skips reorged transactions', () => {
  expect(count([transfer('0xb'), payment('0xc')], [txn('0xb', '0'), txn('0xc', '0')])).toBe(0);
  expect(count([transfer('0xd')], [txn('0xd', '5', { blockHash: '0xother' })])).toBe(0);
  expect(count([transfer('0xe')], [txn('0xe', '5', { reorged: true })])).toBe(0);
  expect(count([transfer('0xf', { chainId: 2 })], [txn('0xf', '5')])).toBe(0);
});
