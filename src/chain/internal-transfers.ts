// Internal transfers: native coin moved by contract calls (CALL/CALLCODE with value, CREATE with value, SELFDESTRUCT
// payouts), read from a block's traces in either form a node serves (geth's callTracer, or parity's trace_block).
import { z } from 'zod';
import { NATIVE_CONTRACT, NATIVE_LOG_INDEX_BASE } from './native-transfers';
import { address, bigintQuantity, hash32 } from './rpc-schemas';
import { InvalidResponseError } from './errors';
import type { TransferLog } from './transfer-log';
import type { BlockWithTransactions } from './types';

/** The trace method an endpoint answered with: the two forms, in the order they are tried. */
export type TraceForm = 'debug_traceBlockByNumber' | 'trace_block';
export const TRACE_FORMS: readonly TraceForm[] = ['debug_traceBlockByNumber', 'trace_block'];

/**
 * An internal transfer's position in the log-index column: 2^31 − 2^21 plus its place among the block's internal
 * transfers (transaction order, then call order). Past any real log index and below the native transfers'
 * (native-transfers.ts), so a block's rows sort token transfers, then internal ones, then top-level ones, and each
 * keeps its own (block, position) key. 2^20 places: a value call costs at least 9,000 gas and a selfdestruct 5,000,
 * so a block needs over 5 billion gas to run out.
 */
export const INTERNAL_LOG_INDEX_BASE = 2 ** 31 - 2 ** 21;

export const isInternalPosition = (logIndex: number) => logIndex >= INTERNAL_LOG_INDEX_BASE && logIndex < NATIVE_LOG_INDEX_BASE;

/** One value movement found in a transaction's trace, in call order. */
type Movement = { from: string; to: string; value: bigint };

const optionalBigint = bigintQuantity.nullish();
const optionalAddress = address.nullish();

type CallFrame = { type: string; from: string; to?: string | null; value?: bigint | null; error?: string | null; calls?: CallFrame[] | null };
const callFrame: z.ZodType<CallFrame> = z.lazy(() =>
  z.object({
    type: z.string(),
    from: address,
    to: optionalAddress,
    value: optionalBigint,
    error: z.string().nullish(),
    calls: z.array(callFrame).nullish(),
  }),
);

/** debug_traceBlockByNumber with the callTracer: one entry per transaction, in block order (txHash only in newer nodes). */
export const callTracerBlockSchema = z.array(
  z.object({ txHash: hash32.nullish(), result: callFrame.nullish(), error: z.string().nullish() }),
);

/** trace_block: every frame of every transaction, flat, depth-first; the block reward entries have no transaction. */
export const parityBlockSchema = z.array(
  z.object({
    type: z.string(),
    action: z.object({
      callType: z.string().nullish(),
      from: optionalAddress,
      to: optionalAddress,
      value: optionalBigint,
      address: optionalAddress,
      refundAddress: optionalAddress,
      balance: optionalBigint,
    }),
    result: z.object({ address: optionalAddress }).passthrough().nullish(),
    error: z.string().nullish(),
    traceAddress: z.array(z.number().int().min(0)),
    blockHash: hash32.nullish(),
    transactionHash: hash32.nullish(),
    transactionPosition: z.number().int().min(0).nullish(),
  }),
);

/**
 * Movements of one callTracer frame and its children, depth-first. A frame that failed is undone with everything under
 * it; the top-level frame is the transaction itself (its value is the top-level native transfer). CALLCODE runs
 * another's code in the caller: its value stays with the caller, a transfer to itself. DELEGATECALL and STATICCALL
 * move nothing (a DELEGATECALL frame repeats its parent's value).
 */
const callTracerMovements = (frame: CallFrame, top: boolean, out: Movement[]) => {
  if (frame.error) return;
  const type = frame.type.toUpperCase();
  const value = frame.value ?? 0n;
  if (!top && value > 0n) {
    if (type === 'CALL' || type === 'CREATE' || type === 'CREATE2' || type === 'SELFDESTRUCT') {
      if (frame.to) out.push({ from: frame.from, to: frame.to, value });
    } else if (type === 'CALLCODE') out.push({ from: frame.from, to: frame.from, value });
  }
  for (const c of frame.calls ?? []) callTracerMovements(c, false, out);
};

type ParityTrace = z.output<typeof parityBlockSchema>[number];

/** A parity frame's movement, or null; failed frames (and those under them) are left out by the caller. */
const parityMovement = (t: ParityTrace): Movement | null => {
  const a = t.action;
  if (t.type === 'suicide') return a.address && a.refundAddress && (a.balance ?? 0n) > 0n ? { from: a.address, to: a.refundAddress, value: a.balance! } : null;
  if ((a.value ?? 0n) === 0n || !a.from) return null;
  if (t.type === 'create') return t.result?.address ? { from: a.from, to: t.result.address, value: a.value! } : null;
  if (t.type !== 'call') return null;
  const kind = (a.callType ?? 'call').toLowerCase();
  if (kind === 'call') return a.to ? { from: a.from, to: a.to, value: a.value! } : null;
  if (kind === 'callcode') return { from: a.from, to: a.from, value: a.value! };
  return null;
};

/** Per transaction hash, its movements in call order, from trace_block's flat list. */
const parityMovements = (traces: z.output<typeof parityBlockSchema>): Map<string, Movement[]> => {
  const out = new Map<string, Movement[]>();
  const failed = new Map<string, string[]>();
  for (const t of traces) {
    const tx = t.transactionHash;
    if (!tx) continue;
    const path = t.traceAddress.join('.');
    const undone = failed.get(tx) ?? [];
    // Under a failed frame (its path a prefix of this one): undone with it.
    if (undone.some((p) => path === p || path.startsWith(p === '' ? '' : `${p}.`))) continue;
    if (t.error) {
      failed.set(tx, [...undone, path]);
      continue;
    }
    if (!t.traceAddress.length) continue;
    const m = parityMovement(t);
    if (m) out.set(tx, [...(out.get(tx) ?? []), m]);
  }
  return out;
};

/** A block's traces as the node answered them, in the form it served. */
export type BlockTraces =
  | { form: 'debug_traceBlockByNumber'; traces: z.output<typeof callTracerBlockSchema> }
  | { form: 'trace_block'; traces: z.output<typeof parityBlockSchema> };

/**
 * Why `traces` (asked by number) are not those of `block`, or null when they are: traces name their block's hash
 * (trace_block) or their transactions (the callTracer of newer nodes), so a reorg between the two reads shows.
 */
export const tracesMismatch = (block: BlockWithTransactions, t: BlockTraces): string | null => {
  if (t.form === 'trace_block') {
    const other = t.traces.find((x) => x.blockHash && x.blockHash !== block.hash);
    return other ? `answered traces of block ${other.blockHash}` : null;
  }
  if (t.traces.length !== block.transactions.length) return `answered ${t.traces.length} traces for ${block.transactions.length} transactions`;
  const i = t.traces.findIndex((e, n) => e.txHash && e.txHash !== block.transactions[n].hash);
  return i === -1 ? null : `answered the trace of ${t.traces[i].txHash} for transaction ${i}`;
};

/** The movements of each transaction of `block`, by hash, from its traces (tracesMismatch said they are its own). */
export const movementsOf = (block: BlockWithTransactions, t: BlockTraces): Map<string, Movement[]> => {
  if (t.form === 'trace_block') return parityMovements(t.traces);
  const out = new Map<string, Movement[]>();
  t.traces.forEach((e, i) => {
    const hash = block.transactions[i].hash;
    if (e.error || !e.result) throw new InvalidResponseError('debug_traceBlockByNumber', `could not trace ${hash}: ${e.error ?? 'no result'}`);
    const list: Movement[] = [];
    callTracerMovements(e.result, true, list);
    if (list.length) out.set(hash, list);
  });
  return out;
};

/**
 * The internal transfers of one block, in transaction then call order. A failed transaction's top-level frame carries
 * its error, so its trace yields nothing: no receipt is needed.
 */
export const internalTransfersOf = (block: BlockWithTransactions, movements: Map<string, Movement[]>): TransferLog[] => {
  const out: TransferLog[] = [];
  for (const tx of block.transactions) {
    const list = movements.get(tx.hash);
    if (!list) continue;
    for (const m of list) {
      if (out.length >= 2 ** 20) throw new Error(`block ${block.number} holds more internal transfers than positions (2^20)`);
      out.push({
        topics: [],
        data: '0x',
        logIndex: INTERNAL_LOG_INDEX_BASE + out.length,
        blockNumber: block.number,
        blockHash: block.hash,
        timestamp: block.timestamp,
        txHash: tx.hash,
        txIndex: tx.transactionIndex ?? block.transactions.indexOf(tx),
        contract: NATIVE_CONTRACT,
        kind: 'NATIVE',
        from: m.from,
        to: m.to,
        operator: null,
        tokenIds: [0n],
        amounts: [m.value],
      });
    }
  }
  return out;
};
