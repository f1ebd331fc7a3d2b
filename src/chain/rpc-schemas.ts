// Validates raw JSON-RPC results and converts them into the plain types of ./types.
import { z } from 'zod';
import { InvalidResponseError } from './errors';
import type { Block, BlockWithTransactions, Head, Log, Receipt, Transaction } from './types';

const lower = (v: string) => v.toLowerCase();

const quantity = z.string().regex(/^0x[0-9a-fA-F]{1,64}$/, 'expected a hex quantity');
export const bigintQuantity = quantity.transform((v) => BigInt(v));
export const numberQuantity = quantity
  .transform((v) => BigInt(v))
  .refine((v) => v <= BigInt(Number.MAX_SAFE_INTEGER), 'quantity exceeds the safe integer range')
  .transform((v) => Number(v));
export const hexData = z
  .string()
  .regex(/^0x([0-9a-fA-F]{2})*$/, 'expected even-length hex data')
  .transform(lower);
export const hash32 = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'expected a 32-byte hash')
  .transform(lower);
export const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'expected a 20-byte address')
  .transform(lower);

const optionalBigint = bigintQuantity.nullish().transform((v) => v ?? null);

export const headSchema = z.object({
  number: numberQuantity,
  hash: hash32,
  parentHash: hash32,
  timestamp: numberQuantity,
});

const headerSchema = headSchema.extend({
  miner: address,
  gasLimit: bigintQuantity,
  gasUsed: bigintQuantity,
  baseFeePerGas: optionalBigint,
  logsBloom: z
    .string()
    .regex(/^0x[0-9a-fA-F]{512}$/, 'expected a 256-byte bloom')
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null)),
});

export const transactionSchema = z.object({
  hash: hash32,
  blockNumber: numberQuantity.nullable(),
  blockHash: hash32.nullable(),
  transactionIndex: numberQuantity.nullable(),
  from: address,
  to: address.nullish().transform((v) => v ?? null),
  value: bigintQuantity,
  nonce: numberQuantity,
  gas: bigintQuantity,
  gasPrice: optionalBigint,
  maxFeePerGas: optionalBigint,
  maxPriorityFeePerGas: optionalBigint,
  input: hexData,
  type: numberQuantity.optional().transform((v) => v ?? 0),
  chainId: numberQuantity.nullish().transform((v) => v ?? null),
});

export const logSchema = z.object({
  address,
  topics: z.array(hash32),
  data: hexData,
  blockNumber: numberQuantity,
  blockHash: hash32,
  transactionHash: hash32,
  transactionIndex: numberQuantity,
  logIndex: numberQuantity,
  removed: z.boolean().optional().transform((v) => v ?? false),
  // Not standard yet, but geth, reth and anvil send it: it spares a header fetch per block.
  blockTimestamp: numberQuantity.nullish().transform((v) => v ?? null),
});

const QUANTITY_RE = /^0x[0-9a-fA-F]{1,64}$/;
const HASH_RE = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
const DATA_RE = /^0x([0-9a-fA-F]{2})*$/;
const UPPER_RE = /[A-F]/;
/** Lowercases only when needed: the parsed string itself is kept otherwise. */
const lowered = (v: string) => (UPPER_RE.test(v) ? v.toLowerCase() : v);
/** numberQuantity without the BigInt round trip for quantities below 2^52 (13 hex digits); undefined when invalid. */
const quickNumber = (v: unknown): number | undefined => {
  if (typeof v !== 'string' || !QUANTITY_RE.test(v)) return undefined;
  if (v.length <= 15) return Number(v);
  const n = BigInt(v);
  return n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : undefined;
};
const isHash = (v: unknown): v is string => typeof v === 'string' && HASH_RE.test(v);

/** logSchema's output for one log, or null when the log needs the full schema (which then explains the problem). */
const quickLog = (raw: unknown): Log | null => {
  if (typeof raw !== 'object' || raw === null) return null;
  const l = raw as Record<string, unknown>;
  const { address, topics, data, blockHash, transactionHash, removed, blockTimestamp } = l;
  if (typeof address !== 'string' || !ADDRESS_RE.test(address)) return null;
  if (!Array.isArray(topics)) return null;
  let lowerTopics = false;
  for (const t of topics) {
    if (!isHash(t)) return null;
    if (UPPER_RE.test(t)) lowerTopics = true;
  }
  if (typeof data !== 'string' || !DATA_RE.test(data) || !isHash(blockHash) || !isHash(transactionHash)) return null;
  const blockNumber = quickNumber(l.blockNumber);
  const transactionIndex = quickNumber(l.transactionIndex);
  const logIndex = quickNumber(l.logIndex);
  if (blockNumber === undefined || transactionIndex === undefined || logIndex === undefined) return null;
  if (removed !== undefined && typeof removed !== 'boolean') return null;
  const timestamp = blockTimestamp === undefined || blockTimestamp === null ? null : quickNumber(blockTimestamp);
  if (timestamp === undefined) return null;
  return {
    address: lowered(address),
    topics: lowerTopics ? (topics as string[]).map(lowered) : (topics as string[]),
    data: lowered(data),
    blockNumber,
    blockHash: lowered(blockHash),
    transactionHash: lowered(transactionHash),
    transactionIndex,
    logIndex,
    removed: removed ?? false,
    blockTimestamp: timestamp,
  };
};

/**
 * eth_getLogs results, the same as parsing them with `z.array(logSchema)` but without copying every string of
 * every log: backfill reads tens of thousands of logs per second, and the schema's copies doubled the memory a
 * response holds (measured: 1,650 bytes per log retained after the schema, 780 after JSON.parse). Anything the
 * quick check does not accept goes through the schema, which returns its result or names the problem.
 */
export const parseLogs = (method: string, value: unknown): Log[] => {
  if (!Array.isArray(value)) return parseResult(method, z.array(logSchema), value);
  const out: Log[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const log = quickLog(value[i]);
    if (!log) return parseResult(method, z.array(logSchema), value);
    out[i] = log;
  }
  return out;
};

export const receiptSchema = z.object({
  transactionHash: hash32,
  transactionIndex: numberQuantity,
  blockHash: hash32,
  blockNumber: numberQuantity,
  from: address,
  to: address.nullish().transform((v) => v ?? null),
  contractAddress: address.nullish().transform((v) => v ?? null),
  status: z
    .enum(['0x0', '0x1'])
    .nullish()
    .transform((v) => (v === '0x1' ? 1 : v === '0x0' ? 0 : null) as 0 | 1 | null),
  gasUsed: bigintQuantity,
  cumulativeGasUsed: bigintQuantity,
  effectiveGasPrice: optionalBigint,
  type: numberQuantity.optional().transform((v) => v ?? 0),
  logs: z.array(logSchema),
});

export const blockSchema = headerSchema.extend({ transactions: z.array(hash32) });
export const blockWithTransactionsSchema = headerSchema.extend({ transactions: z.array(transactionSchema) });

/** Parses `value` or throws InvalidResponseError naming the method and the first problems found. */
export const parseResult = <S extends z.ZodType>(method: string, schema: S, value: unknown): z.output<S> => {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(result)'}: ${i.message}`)
    .join('; ');
  throw new InvalidResponseError(method, `unexpected response: ${problems}`);
};

// Compile-time guarantee that the schemas produce exactly the exported plain types.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const typeChecks: [
  Same<z.output<typeof headSchema>, Head>,
  Same<z.output<typeof blockSchema>, Block>,
  Same<z.output<typeof blockWithTransactionsSchema>, BlockWithTransactions>,
  Same<z.output<typeof transactionSchema>, Transaction>,
  Same<z.output<typeof logSchema>, Log>,
  Same<z.output<typeof receiptSchema>, Receipt>,
] = [true, true, true, true, true, true];
void typeChecks;
