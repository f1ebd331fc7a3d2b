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
    options?: { cause?: unknown; retryAfterMs?: number },
  ) {
    super(`${method}: ${message}`, { cause: options?.cause });
    this.retryAfterMs = options?.retryAfterMs;
  }
  /** How long the node asked us to wait (HTTP `Retry-After`), when it said. */
  readonly retryAfterMs?: number;
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
  /**
   * The range the node suggested trying instead, when it said (Infura, Alchemy and others name one in the message or
   * the error data); it starts at the refused range's start.
   */
  suggested?: { fromBlock: number; toBlock: number };
  /** The widest range, in blocks, the node says it accepts, when it said. */
  maxBlocks?: number;
}

// Stated maximum widths: "limited to a 10,000 range" (QuickNode, 1RPC, Blast), "Max range: 800" (Cloudflare),
// "maximum block range: 50000" (PublicNode), "block range is too wide (maximum 1024)" (Frontier chains),
// "up to a 2000 block range" (Aurora), "range 20000 exceeds limit of 10000" (Infura), "please limit the query to at
// most 1000 blocks" (Coinbase), "Maximum allowed number of requested blocks is 1000" (thirdweb).
const STATED_MAX_WIDTH = [
  /limited to an? ([\d,.]+) (?:block )?range/i,
  /max range: ([\d,]+)/i,
  /maximum block range: ([\d,]+)/i,
  /too wide \(maximum ([\d,]+)\)/i,
  /up to an? ([\d,]+) block range/i,
  /exceeds limit of ([\d,]+)/i,
  /at most ([\d,]+) blocks/i,
  /number of requested blocks is ([\d,]+)/i,
];

const statedMaxWidth = (message: string): number | undefined => {
  for (const re of STATED_MAX_WIDTH) {
    const m = re.exec(message);
    const n = m ? Number(m[1].replace(/[,.]/g, '')) : NaN;
    if (Number.isSafeInteger(n) && n > 0) return n;
  }
  return undefined;
};

const SUGGESTED_IN_DATA = (data: unknown): { fromBlock: number; toBlock: number } | undefined => {
  const d = data as { from?: unknown; to?: unknown } | undefined;
  if (typeof d?.from !== 'string' || typeof d?.to !== 'string') return undefined;
  const fromBlock = Number.parseInt(d.from, 16);
  const toBlock = Number.parseInt(d.to, 16);
  return Number.isSafeInteger(fromBlock) && Number.isSafeInteger(toBlock) ? { fromBlock, toBlock } : undefined;
};

// "Try with this block range [0x1, 0x2]" (Infura), "this block range should work: [0x1, 0x2]" (Alchemy),
// "retry with the range 100-200" (LlamaRPC and other geth-derived proxies).
const SUGGESTED_IN_MESSAGE = /\[\s*(0x[0-9a-f]+|\d+)\s*,\s*(0x[0-9a-f]+|\d+)\s*\]|range (\d+)\s*-\s*(\d+)/i;

/** The range a refusal suggests, if any, and only when it is a usable one (non-empty, ordered). */
const suggestedRange = (message: string, data: unknown): { fromBlock: number; toBlock: number } | undefined => {
  let found = SUGGESTED_IN_DATA(data);
  if (!found) {
    const m = SUGGESTED_IN_MESSAGE.exec(message);
    const [a, b] = m ? [m[1] ?? m[3], m[2] ?? m[4]] : [];
    if (a && b) found = { fromBlock: Number(a), toBlock: Number(b) };
  }
  return found && Number.isSafeInteger(found.fromBlock) && Number.isSafeInteger(found.toBlock) && found.fromBlock <= found.toBlock ? found : undefined;
};

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

const RATE_LIMIT_RE =
  /rate.?limit|rate exceeded|too many requests|request limit|exceeded .*(capacity|quota|compute units)|try again later|daily request count|credits? (limit|exhausted)/i;

/** Infura's code for "limit exceeded": a rate limit, except on eth_getLogs where it also means "range too large". */
const LIMIT_EXCEEDED_CODE = -32005;

// Wordings used by geth-derived nodes and hosted providers (Infura, Alchemy, QuickNode, Ankr, BSC…)
// when they refuse a getLogs range.
const LOG_RANGE_RE =
  /query returned more than|block range|range (is )?too (large|wide|big)|range limit|limit exceeded|too many|response size|max(imum)? (block )?range|exceeds? (the )?max|results? limit|is limited to|query timeout exceeded|log response size|exceeds limit of|requested blocks|limit the query|response too large|query exceeds max|blocks distance/i;

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

/** `Retry-After` in seconds or as an HTTP date, in ms from now; capped at 5 minutes. */
const retryAfterOf = (err: any): number | undefined => {
  const raw = err?.info?.retryAfter;
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  const seconds = Number(raw);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(raw) - Date.now();
  return Number.isFinite(ms) ? Math.min(300_000, Math.max(0, ms)) : undefined;
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
    const refused = new LogRangeTooLargeError(method, e.message, e.code, data, { cause });
    refused.suggested = suggestedRange(e.message, e.data);
    refused.maxBlocks = statedMaxWidth(e.message);
    return refused;
  }
  if (isRateLimit || e.code === LIMIT_EXCEEDED_CODE || (method !== 'eth_getLogs' && /limit exceeded/i.test(e.message))) {
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
    return new RetryableChainError(method, status === 429 ? 'rate-limited' : 'server-error', `HTTP ${status}`, status, {
      cause: err,
      retryAfterMs: retryAfterOf(e),
    });
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
