// Internal transfers from both trace forms: which frames move value (CALL, CREATE, SELFDESTRUCT; CALLCODE to itself;
// never DELEGATECALL, STATICCALL or the top-level frame), reverted frames and everything under them left out, a
// failed transaction none, the same rows from either form, and traces of another block told apart.
import { callTracerBlockSchema, internalTransfersOf, INTERNAL_LOG_INDEX_BASE, isInternalPosition, movementsOf, parityBlockSchema, tracesMismatch, type BlockTraces } from '../../../src/chain/internal-transfers';
import { NATIVE_LOG_INDEX_BASE } from '../../../src/chain/native-transfers';
import type { BlockWithTransactions } from '../../../src/chain';

const a = (n: number) => `0x${n.toString(16).padStart(40, '0')}`;
const h = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const [EOA, X, Y, Z, W] = [1, 2, 3, 4, 5].map(a);
const BLOCK_HASH = h(0xb);

const block = (txs: number): BlockWithTransactions =>
  ({
    number: 7,
    hash: BLOCK_HASH,
    parentHash: h(0xa),
    timestamp: 1_700_000_000,
    transactions: Array.from({ length: txs }, (_, i) => ({ hash: h(i + 1), transactionIndex: i, from: EOA, to: X, value: 1n })),
  }) as unknown as BlockWithTransactions;

const frame = (type: string, from: string, to: string, value: number, extra: Record<string, unknown> = {}) => ({ type, from, to, value: `0x${value.toString(16)}`, ...extra });

// Transaction 1: X forwards 5 to Y, creates W with 2, CALLCODEs with 3 (stays with X), DELEGATECALLs (repeats the
// parent's value), STATICCALLs; a reverted call to Z of 9 with a successful call of 4 under it; W selfdestructs 6 to Y.
// Transaction 2 failed: its top-level frame carries the error.
const callTracer = [
  {
    txHash: h(1),
    result: frame('CALL', EOA, X, 20, {
      calls: [
        frame('CALL', X, Y, 5),
        frame('CREATE', X, W, 2, { calls: [frame('SELFDESTRUCT', W, Y, 6)] }),
        frame('CALLCODE', X, Z, 3),
        frame('DELEGATECALL', X, Z, 20),
        { type: 'STATICCALL', from: X, to: Z },
        frame('CALL', X, Z, 9, { error: 'execution reverted', calls: [frame('CALL', Z, Y, 4)] }),
        frame('CALL', X, Y, 0),
      ],
    }),
  },
  { txHash: h(2), result: frame('CALL', EOA, X, 1, { error: 'execution reverted', calls: [frame('CALL', X, Y, 1)] }) },
];

const p = (traceAddress: number[], tx: number, action: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  type: 'call',
  action,
  result: {},
  traceAddress,
  blockHash: BLOCK_HASH,
  transactionHash: h(tx),
  transactionPosition: tx - 1,
  ...extra,
});
const call = (callType: string, from: string, to: string, value: number) => ({ callType, from, to, value: `0x${value.toString(16)}` });
const parity = [
  p([], 1, call('call', EOA, X, 20)),
  p([0], 1, call('call', X, Y, 5)),
  p([1], 1, { from: X, value: '0x2', init: '0x' }, { type: 'create', result: { address: W } }),
  p([1, 0], 1, { address: W, refundAddress: Y, balance: '0x6' }, { type: 'suicide', result: null }),
  p([2], 1, call('callcode', X, Z, 3)),
  p([3], 1, call('delegatecall', X, Z, 20)),
  p([4], 1, call('staticcall', X, Z, 0)),
  p([5], 1, call('call', X, Z, 9), { error: 'Reverted' }),
  p([5, 0], 1, call('call', Z, Y, 4)),
  p([6], 1, call('call', X, Y, 0)),
  p([], 2, call('call', EOA, X, 1), { error: 'Reverted' }),
  p([0], 2, call('call', X, Y, 1)),
  { type: 'reward', action: { author: X, value: '0x1' }, traceAddress: [], result: null },
];

const forms: BlockTraces[] = [
  { form: 'debug_traceBlockByNumber', traces: callTracerBlockSchema.parse(callTracer) },
  { form: 'trace_block', traces: parityBlockSchema.parse(parity) },
];

it.each(forms.map((f) => [f.form, f] as const))('reads the value movements from %s', (_, traces) => {
  const b = block(2);
  expect(tracesMismatch(b, traces)).toBeNull();
  const rows = internalTransfersOf(b, movementsOf(b, traces));
  expect(rows.map((r) => [r.txHash, r.from, r.to, r.amounts[0]])).toEqual([
    [h(1), X, Y, 5n],
    [h(1), X, W, 2n],
    [h(1), W, Y, 6n],
    [h(1), X, X, 3n],
  ]);
  expect(rows.map((r) => r.logIndex)).toEqual([0, 1, 2, 3].map((i) => INTERNAL_LOG_INDEX_BASE + i));
  expect(rows.every((r) => r.kind === 'NATIVE' && r.txIndex === 0 && r.blockHash === BLOCK_HASH && isInternalPosition(r.logIndex))).toBe(true);
});

it('keeps internal positions apart from log indexes and top-level native positions', () => {
  expect(isInternalPosition(INTERNAL_LOG_INDEX_BASE - 1)).toBe(false);
  expect(isInternalPosition(NATIVE_LOG_INDEX_BASE - 1)).toBe(true);
  expect(isInternalPosition(NATIVE_LOG_INDEX_BASE)).toBe(false);
  expect(NATIVE_LOG_INDEX_BASE - INTERNAL_LOG_INDEX_BASE).toBe(2 ** 20);
});

it('tells traces of another block apart', () => {
  expect(tracesMismatch(block(3), forms[0])).toBe('answered 2 traces for 3 transactions');
  const swapped = { form: 'debug_traceBlockByNumber', traces: callTracerBlockSchema.parse([callTracer[1], callTracer[0]]) } as BlockTraces;
  expect(tracesMismatch(block(2), swapped)).toBe(`answered the trace of ${h(2)} for transaction 0`);
  const other = { form: 'trace_block', traces: parityBlockSchema.parse([{ ...parity[0], blockHash: h(0xc) }]) } as BlockTraces;
  expect(tracesMismatch(block(1), other)).toBe(`answered traces of block ${h(0xc)}`);
});
