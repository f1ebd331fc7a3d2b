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
