// One node of one chain: eth_* helpers that validate answers, with a concurrency cap and retries on transient failures.
import pLimit from 'p-limit';
import pRetry from 'p-retry';
import { z } from 'zod';
import {
  ChainIdMismatchError,
  ChainRequestError,
  InvalidResponseError,
  RetryableChainError,
  classifyError,
  isMethodUnsupported,
} from './errors';
import { pollHeads, subscribeWsHeads, type OnHead, type Unsubscribe } from './new-heads';
import {
  bigintQuantity,
  blockSchema,
  blockWithTransactionsSchema,
  hexData,
  numberQuantity,
  parseLogs,
  parseResult,
  receiptSchema,
  transactionSchema,
} from './rpc-schemas';
import { uniqueLogs } from './unique-logs';
import { callTracerBlockSchema, parityBlockSchema, type BlockTraces } from './internal-transfers';
import { createEndpointPool, type EndpointOptions, type EndpointStatus } from './endpoint-pool';
import { redactUrl, silentLogger, type ChainLogger } from './transport';
import { createHttpTransport } from './transport-http';
import { createWsTransport } from './transport-ws';
import type { Block, BlockTag, BlockWithTransactions, CallRequest, Hex, Log, LogFilter, Receipt, Transaction } from './types';

export type ChainClientOptions = {
  chainId: number;
  /** One node, http(s):// or ws(s)://; or `endpoints`. */
  url?: string;
  /** Several endpoints of the chain, preferred first (endpoint-pool.ts). */
  endpoints?: EndpointOptions[];
  /** An endpoint whose head is this many blocks behind the best is benched. Default 10. */
  maxLagBlocks?: number;
  /** First bench of a failing endpoint (doubles per failure in a row). Default 5 000 ms. */
  endpointBackoffMs?: number;
  /** How often the endpoints' heads are compared. Default 15 000 ms. */
  endpointProbeMs?: number;
  /** Requests in flight to this node at once. Default 8. */
  maxConcurrency?: number;
  /** Per attempt. Default 15 000 ms. */
  timeoutMs?: number;
  /** Retries after the first attempt, for transient failures only. Default 4. */
  retries?: number;
  /** First backoff delay; doubles per retry with jitter, capped at 5 s. Default 250 ms. */
  retryMinDelayMs?: number;
  /** newHeads polling interval for http URLs. Default 2 000 ms. */
  pollIntervalMs?: number;
  logger?: ChainLogger;
};

/** Per-call overrides, for reads that must stay bounded (contract metadata calls against hostile contracts). */
export type RequestOptions = { timeoutMs?: number; retries?: number };

type GetBlock<Id> = {
  (id: Id, withTxs: true): Promise<BlockWithTransactions | null>;
  (id: Id, withTxs?: false): Promise<Block | null>;
};

export type ChainClient = {
  readonly chainId: number;
  /** Raw JSON-RPC with this client's limits and retries; the result is not validated. */
  request(method: string, params?: unknown[], opts?: RequestOptions): Promise<unknown>;
  eth_chainId(): Promise<number>;
  eth_blockNumber(): Promise<number>;
  eth_getBlockByNumber: GetBlock<BlockTag>;
  eth_getBlockByHash: GetBlock<Hex>;
  /** Throws LogRangeTooLargeError when the node refuses the range; split it and ask again. */
  eth_getLogs(filter: LogFilter): Promise<Log[]>;
  /** null when the node does not implement the method (remembered) or does not know the block: fall back to per-transaction receipts. */
  eth_getBlockReceipts(block: number | Hex): Promise<Receipt[] | null>;
  eth_getTransactionReceipt(hash: Hex): Promise<Receipt | null>;
  eth_getTransactionByHash(hash: Hex): Promise<Transaction | null>;
  /** Returns the call's return data; a revert is a ChainRequestError carrying the revert data. */
  eth_call(call: CallRequest, block?: BlockTag, opts?: RequestOptions): Promise<Hex>;
  /** '0x' when the address holds no code. */
  eth_getCode(address: Hex, block?: BlockTag): Promise<Hex>;
  eth_getBalance(address: Hex, block?: BlockTag): Promise<bigint>;
  /**
   * The block's call traces (internal transfers): debug_traceBlockByNumber with the callTracer, else trace_block, from
   * an endpoint that serves one (detected per endpoint, endpoint-pool.ts); null when no endpoint serves either.
   */
  traceBlock(block: number): Promise<BlockTraces | null>;
  /**
   * Calls `onHead` for each new head after the returned promise resolves (newHeads over ws, polling over http).
   * Heads can be skipped (several blocks between polls, a ws reconnect): use them as a signal, read blocks by number.
   */
  subscribeNewHeads(onHead: OnHead): Promise<Unsubscribe>;
  /** Health of each RPC endpoint, preferred first. */
  endpoints(): EndpointStatus[];
  close(): Promise<void>;
};

const DEFAULTS = { maxConcurrency: 8, timeoutMs: 15_000, retries: 4, retryMinDelayMs: 250, pollIntervalMs: 2_000, maxLagBlocks: 10 };
const RETRY_MAX_DELAY_MS = 5_000;

const toQuantity = (n: number | bigint): string => `0x${n.toString(16)}`;
const toBlockParam = (tag: BlockTag): string => (typeof tag === 'number' ? toQuantity(tag) : tag);

const assertBlockNumber = (n: number, what: string): void => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${what} must be a non-negative integer, got ${n}`);
};

const hexString = (v: string, what: string): string => {
  if (!/^0x[0-9a-fA-F]*$/.test(v)) throw new TypeError(`${what} must be 0x-prefixed hex, got ${JSON.stringify(v)}`);
  return v.toLowerCase();
};

// Built once: these run on every response.
const maybeBlock = blockSchema.nullable();
const maybeBlockWithTxs = blockWithTransactionsSchema.nullable();
const maybeReceipts = z.array(receiptSchema).nullable();
const maybeReceipt = receiptSchema.nullable();
const maybeTransaction = transactionSchema.nullable();

/** Connects, checks that the node serves `chainId`, and returns the client. */
export const createChainClient = async (options: ChainClientOptions): Promise<ChainClient> => {
  const opts = { ...DEFAULTS, ...options };
  const logger = options.logger ?? silentLogger;
  const endpoints: EndpointOptions[] =
    options.endpoints ?? (options.url ? [{ url: options.url, maxConcurrency: opts.maxConcurrency, maxRequestsPerSecond: null, maxBlockRange: null }] : []);
  for (const e of endpoints) {
    if (!/^(https?|wss?):\/\//i.test(e.url)) throw new TypeError(`unsupported node URL scheme: ${redactUrl(e.url)}`);
  }
  const transport = createEndpointPool({
    chainId: opts.chainId,
    endpoints,
    maxLagBlocks: opts.maxLagBlocks,
    benchMinMs: options.endpointBackoffMs,
    probeIntervalMs: options.endpointProbeMs,
    logger,
    connect: (url) =>
      /^wss?:\/\//i.test(url)
        ? createWsTransport({ url, chainId: opts.chainId, timeoutMs: opts.timeoutMs, logger })
        : createHttpTransport({ url, chainId: opts.chainId, timeoutMs: opts.timeoutMs }),
  });
  /** The endpoint in use, for logs. */
  const where = () => transport.current();
  const limit = pLimit(opts.maxConcurrency);
  const unsubscribers = new Set<Unsubscribe>();
  let closed = false;
  let blockReceiptsSupported = true;

  const request = (method: string, params: unknown[] = [], ro: RequestOptions = {}): Promise<unknown> => {
    if (closed) return Promise.reject(new ChainRequestError(method, 'chain client is closed'));
    const timeoutMs = ro.timeoutMs ?? opts.timeoutMs;
    return pRetry(
      async () => {
        try {
          // The slot is held for one attempt only, never while backing off.
          return await limit(() => transport.request(method, params, timeoutMs));
        } catch (err) {
          if (err instanceof ChainIdMismatchError) throw new pRetry.AbortError(err);
          const classified = classifyError(method, err);
          if (classified instanceof RetryableChainError && !closed) throw classified;
          throw new pRetry.AbortError(classified);
        }
      },
      {
        retries: ro.retries ?? opts.retries,
        factor: 2,
        minTimeout: opts.retryMinDelayMs,
        maxTimeout: RETRY_MAX_DELAY_MS,
        randomize: true,
        // Each attempt at debug: the caller logs the request's failure once (five warnings a retry buried the cause).
        onFailedAttempt: (err) =>
          logger.debug(
            { method, url: where(), attempt: err.attemptNumber, retriesLeft: err.retriesLeft, err: err.message },
            'chain request attempt failed',
          ),
      },
    );
  };

  const call = async <S extends z.ZodType>(method: string, params: unknown[], schema: S, ro?: RequestOptions): Promise<z.output<S>> =>
    parseResult(method, schema, await request(method, params, ro));

  const getBlock =
    (method: 'eth_getBlockByNumber' | 'eth_getBlockByHash', toParam: (id: any) => string) =>
    async (id: unknown, withTxs = false): Promise<Block | BlockWithTransactions | null> =>
      withTxs
        ? call(method, [toParam(id), true], maybeBlockWithTxs)
        : call(method, [toParam(id), false], maybeBlock);

  const client: ChainClient = {
    chainId: opts.chainId,
    request,

    eth_chainId: () => call('eth_chainId', [], numberQuantity),
    eth_blockNumber: () => call('eth_blockNumber', [], numberQuantity),

    eth_getBlockByNumber: getBlock('eth_getBlockByNumber', (tag: BlockTag) => {
      if (typeof tag === 'number') assertBlockNumber(tag, 'block number');
      return toBlockParam(tag);
    }) as GetBlock<BlockTag>,
    eth_getBlockByHash: getBlock('eth_getBlockByHash', (hash: Hex) => hexString(hash, 'block hash')) as GetBlock<Hex>,

    eth_getLogs: async (filter) => {
      for (const b of [filter.fromBlock, filter.toBlock]) if (typeof b === 'number') assertBlockNumber(b, 'getLogs block');
      const param: Record<string, unknown> = { fromBlock: toBlockParam(filter.fromBlock), toBlock: toBlockParam(filter.toBlock) };
      if (filter.address !== undefined) {
        param.address = Array.isArray(filter.address)
          ? filter.address.map((a) => hexString(a, 'address'))
          : hexString(filter.address, 'address');
      }
      if (filter.topics !== undefined) {
        param.topics = filter.topics.map((t) =>
          t === null ? null : Array.isArray(t) ? t.map((x) => hexString(x, 'topic')) : hexString(t, 'topic'),
        );
      }
      return uniqueLogs('eth_getLogs', parseLogs('eth_getLogs', await request('eth_getLogs', [param])));
    },

    eth_getBlockReceipts: async (block) => {
      if (!blockReceiptsSupported) return null;
      if (typeof block === 'number') assertBlockNumber(block, 'block number');
      const param = typeof block === 'number' ? toQuantity(block) : hexString(block, 'block hash');
      let receipts: Receipt[] | null;
      try {
        receipts = await call('eth_getBlockReceipts', [param], maybeReceipts);
      } catch (err) {
        if (!isMethodUnsupported(err)) throw err;
        blockReceiptsSupported = false;
        logger.warn({ url: where() }, 'node does not support eth_getBlockReceipts; callers fall back to per-transaction receipts');
        return null;
      }
      const wrong = receipts?.find((r) => (typeof block === 'number' ? r.blockNumber !== block : r.blockHash !== param));
      if (wrong) throw new InvalidResponseError('eth_getBlockReceipts', `receipt ${wrong.transactionHash} belongs to another block`);
      return receipts;
    },

    eth_getTransactionReceipt: async (hash) =>
      call('eth_getTransactionReceipt', [hexString(hash, 'transaction hash')], maybeReceipt),
    eth_getTransactionByHash: async (hash) =>
      call('eth_getTransactionByHash', [hexString(hash, 'transaction hash')], maybeTransaction),

    eth_call: async (c, block = 'latest', ro) => {
      const tx: Record<string, string> = { to: hexString(c.to, 'to'), data: hexString(c.data, 'data') };
      if (c.from !== undefined) tx.from = hexString(c.from, 'from');
      if (c.gas !== undefined) tx.gas = toQuantity(c.gas);
      if (c.value !== undefined) tx.value = toQuantity(c.value);
      return call('eth_call', [tx, toBlockParam(block)], hexData, ro);
    },
    eth_getCode: async (address, block = 'latest') =>
      call('eth_getCode', [hexString(address, 'address'), toBlockParam(block)], hexData),
    eth_getBalance: async (address, block = 'latest') =>
      call('eth_getBalance', [hexString(address, 'address'), toBlockParam(block)], bigintQuantity),

    traceBlock: async (block) => {
      assertBlockNumber(block, 'block number');
      try {
        return { form: 'debug_traceBlockByNumber', traces: await call('debug_traceBlockByNumber', [toQuantity(block), { tracer: 'callTracer' }], callTracerBlockSchema) };
      } catch (err) {
        if (!isMethodUnsupported(err)) throw err;
      }
      try {
        return { form: 'trace_block', traces: await call('trace_block', [toQuantity(block)], parityBlockSchema) };
      } catch (err) {
        if (!isMethodUnsupported(err)) throw err;
        return null;
      }
    },

    subscribeNewHeads: async (onHead) => {
      if (closed) throw new ChainRequestError('newHeads', 'chain client is closed');
      const subscribe = transport.subscribe;
      const poll = () => pollHeads(() => client.eth_getBlockByNumber('latest'), onHead, { intervalMs: opts.pollIntervalMs, logger });
      let stop: Unsubscribe;
      if (subscribe) {
        stop = await pRetry(
          async () => {
            try {
              return await subscribeWsHeads({ ...transport, subscribe }, onHead, { timeoutMs: opts.timeoutMs, logger });
            } catch (err) {
              const classified = classifyError('eth_subscribe', err);
              if (classified instanceof RetryableChainError) throw classified;
              throw new pRetry.AbortError(classified);
            }
          },
          { retries: opts.retries, minTimeout: opts.retryMinDelayMs, maxTimeout: RETRY_MAX_DELAY_MS, randomize: true },
        ).catch((err) => {
          // Some ws endpoints (load balancers, light clients) refuse eth_subscribe: poll over the same socket.
          if (!isMethodUnsupported(err)) throw err;
          logger.warn({ url: where() }, 'node refuses eth_subscribe("newHeads"); polling instead');
          return poll();
        });
      } else {
        stop = await poll();
      }
      const unsubscribe: Unsubscribe = async () => {
        if (unsubscribers.delete(unsubscribe)) await stop();
      };
      unsubscribers.add(unsubscribe);
      return unsubscribe;
    },

    endpoints: () => transport.status(),

    close: async () => {
      if (closed) return;
      await Promise.all([...unsubscribers].map((u) => u().catch(() => undefined)));
      closed = true;
      await transport.close();
    },
  };

  try {
    const actual = await client.eth_chainId();
    if (actual !== opts.chainId) throw new ChainIdMismatchError(opts.chainId, actual, where());
  } catch (err) {
    await client.close();
    throw err;
  }
  return client;
};
