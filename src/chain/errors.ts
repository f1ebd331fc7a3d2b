// Chain error families and the one place that decides whether a failed node request is worth retrying.

export type RetryReason = 'timeout' | 'rate-limited' | 'server-error' | 'connection' | 'ws-closed' | 'bad-response';

/** Transient infrastructure failure (timeout, 429, 5xx, dropped connection); retried here, then by ingestion. */
export class RetryableChainError extends Error {
  override readonly name = 'RetryableChainError';
  readonly retryable = true as const;
  constructor(
    readonly method: string,
    readonly reason: RetryReason,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(`${method}: ${message}`, options);
  }
}

/** The node answered and refused (JSON-RPC error such as a revert or invalid params); retrying will not help. */
export class ChainRequestError extends Error {
  override readonly name: string = 'ChainRequestError';
  readonly retryable = false as const;
  constructor(
    readonly method: string,
    /** The node's own message. */
    readonly nodeMessage: string,
    /** JSON-RPC error code, when the node sent one. */
    readonly code?: number,
    /** JSON-RPC error data (revert data for eth_call), when the node sent it as a string. */
    readonly data?: string,
    options?: { cause?: unknown },
  ) {
    super(`${method}: ${nodeMessage}`, options);
  }
}

/** eth_getLogs refused because the range is too wide or matches too many logs: split the range and ask again. */
export class LogRangeTooLargeError extends ChainRequestError {
  override readonly name = 'LogRangeTooLargeError';
}

/** The node answered with something that does not have the shape the JSON-RPC spec promises. */
export class InvalidResponseError extends ChainRequestError {
  override readonly name = 'InvalidResponseError';
}

/** The configured chain id and the one the node reports differ: the URL points at the wrong chain. */
export class ChainIdMismatchError extends Error {
  override readonly name = 'ChainIdMismatchError';
  constructor(
    readonly expected: number,
    readonly actual: number,
    readonly url: string,
  ) {
    super(`chain id mismatch: configured ${expected}, but the node at ${url} reports ${actual}`);
  }
}

export type ChainError = RetryableChainError | ChainRequestError;

const RETRYABLE_NET_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'ENOTFOUND',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'ERR_SOCKET_CONNECTION_TIMEOUT',
]);

const RATE_LIMIT_RE = /rate.?limit|too many requests|request limit|exceeded .*(capacity|quota|compute units)|try again later|daily request count/i;

// Wordings used by geth-derived nodes and hosted providers (Infura, Alchemy, QuickNode, Ankr, BSC…)
// when they refuse a getLogs range.
const LOG_RANGE_RE =
  /query returned more than|block range|range (is )?too (large|wide|big)|range limit|limit exceeded|too many|response size|max(imum)? (block )?range|exceeds? (the )?max|results? limit|is limited to|query timeout exceeded|log response size/i;

type JsonRpcErrorObject = { code?: number; message: string; data?: unknown };

const asRpcError = (v: unknown): JsonRpcErrorObject | undefined => {
  if (v && typeof v === 'object' && typeof (v as { message?: unknown }).message === 'string') {
    const o = v as { code?: unknown; message: string; data?: unknown };
    return { code: typeof o.code === 'number' ? o.code : undefined, message: o.message, data: o.data };
  }
  return undefined;
};

/** The JSON-RPC error object ethers tucked into its error, or one parsed from a non-2xx response body. */
const findRpcError = (err: any): JsonRpcErrorObject | undefined => {
  const direct = asRpcError(err?.error) ?? asRpcError(err?.info?.error);
  if (direct) return direct;
  const body = err?.info?.responseBody;
  if (typeof body === 'string' && body.startsWith('{')) {
    try {
      return asRpcError(JSON.parse(body)?.error);
    } catch {
      return undefined;
    }
  }
  return undefined;
};

const httpStatus = (err: any): number | undefined => {
  const s = err?.info?.responseStatus;
  if (typeof s === 'string') {
    const n = Number.parseInt(s, 10);
    return Number.isFinite(n) ? n : undefined;
  }
  return undefined;
};

const fromRpcError = (method: string, e: JsonRpcErrorObject, cause: unknown): ChainError => {
  const data = typeof e.data === 'string' ? e.data : undefined;
  const isRateLimit = e.code === 429 || RATE_LIMIT_RE.test(e.message);
  if (method === 'eth_getLogs' && !isRateLimit && LOG_RANGE_RE.test(e.message)) {
    return new LogRangeTooLargeError(method, e.message, e.code, data, { cause });
  }
  if (isRateLimit || (method !== 'eth_getLogs' && /limit exceeded/i.test(e.message))) {
    return new RetryableChainError(method, 'rate-limited', e.message, undefined, { cause });
  }
  return new ChainRequestError(method, e.message, e.code, data, { cause });
};

/** Maps whatever a transport threw (ethers errors, Node socket errors, our own) onto the two families. */
export const classifyError = (method: string, err: unknown): ChainError => {
  if (err instanceof RetryableChainError || err instanceof ChainRequestError) return err;
  const e = err as any;
  const status = httpStatus(e);
  if (status !== undefined && (status === 429 || status === 502 || status === 503 || status === 504)) {
    return new RetryableChainError(method, status === 429 ? 'rate-limited' : 'server-error', `HTTP ${status}`, status, { cause: err });
  }
  const rpcError = findRpcError(e);
  if (rpcError) return fromRpcError(method, rpcError, err);
  if (status !== undefined && status >= 500) {
    return new RetryableChainError(method, 'server-error', `HTTP ${status}`, status, { cause: err });
  }
  if (status !== undefined && status >= 400) {
    return new ChainRequestError(method, `HTTP ${status}`, undefined, undefined, { cause: err });
  }
  const code: unknown = e?.code ?? e?.cause?.code ?? e?.error?.code;
  if (code === 'TIMEOUT') return new RetryableChainError(method, 'timeout', 'request timed out', undefined, { cause: err });
  if (typeof code === 'string' && RETRYABLE_NET_CODES.has(code)) {
    return new RetryableChainError(method, 'connection', `${code}: ${e?.message ?? ''}`, undefined, { cause: err });
  }
  const message = String(e?.shortMessage ?? e?.message ?? err);
  if (/socket hang up|network error|websocket closed|connection (closed|reset|refused)/i.test(message)) {
    return new RetryableChainError(method, 'connection', message, undefined, { cause: err });
  }
  if (/response body is not valid JSON|missing response for request/i.test(message)) {
    return new RetryableChainError(method, 'bad-response', message, undefined, { cause: err });
  }
  return new ChainRequestError(method, message, undefined, undefined, { cause: err });
};

/** eth_getBlockReceipts and friends: the node does not implement the method. */
export const isMethodUnsupported = (err: unknown): boolean =>
  err instanceof ChainRequestError &&
  (err.code === -32601 ||
    /method .*(not found|does not exist|not supported|is not available|unsupported)|unsupported method|not\s+implemented|unknown method/i.test(
      err.nodeMessage,
    ));
