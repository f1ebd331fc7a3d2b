// The two error families: domain errors with a closed set of kinds, and retryable infrastructure errors.

/** Closed set of domain error kinds; src/graphql and src/rpc each map them in one place. */
export type DomainErrorKind =
  | 'InvalidArgument'
  | 'NotFound'
  | 'Unauthorized'
  | 'PermissionDenied'
  | 'SessionExpired'
  | 'AccessKeyNotFound'
  | 'ProjectNotFound'
  | 'ChainNotFound'
  | 'RequestConflict'
  | 'ResourceExhausted'
  | 'Unavailable'
  | 'Timeout'
  | 'RateLimited'
  /** The access key made more requests this second than its rate allows / than its monthly quota allows. */
  | 'RateLimit'
  | 'QuotaExceeded'
  /** The access key does not allow the browser origin the request came from. */
  | 'InvalidOrigin'
  /** Key management: the project has as many keys as allowed / would lose its last key / its default key. */
  | 'MaxAccessKeys'
  | 'AtLeastOneKey'
  | 'NoDefaultKey';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    /** Request field the error is about, when there is one (e.g. `token.properties.color`). */
    readonly field?: string,
  ) {
    super(message);
    this.name = kind;
  }
}

/** Refused for a while (too many failed credential checks); transports say when to retry (Retry-After). */
/** The metadata service's job pools are full: the caller retries later, and nothing about the contract is recorded. */
export class ServiceBusyError extends DomainError {
  constructor() {
    super('Unavailable', 'the metadata service is busy; try again later');
  }
}

export class RateLimitedError extends DomainError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RateLimited', message);
  }
}

/**
 * An access key over its request rate or monthly quota (domain/limits). `headers` describe the limit that refused it
 * (RateLimit-*, Quota-*), for the transports that have headers.
 */
export class KeyLimitError extends DomainError {
  constructor(
    kind: 'RateLimit' | 'QuotaExceeded',
    message: string,
    readonly retryAfterSeconds: number,
    readonly headers: Readonly<Record<string, string>>,
  ) {
    super(kind, message);
  }
}

/** Seconds after which a refused caller may try again, for errors that say so (Retry-After); null for the others. */
export const retryAfterOf = (err: DomainError): number | null =>
  err instanceof RateLimitedError || err instanceof KeyLimitError ? err.retryAfterSeconds : null;

/** HTTP headers a refusal carries: Retry-After, and the limit's own headers for a key over its limit. */
export const refusalHeadersOf = (err: DomainError): Record<string, string> | undefined => {
  const seconds = retryAfterOf(err);
  if (seconds === null) return undefined;
  return { ...(err instanceof KeyLimitError ? err.headers : {}), 'Retry-After': String(seconds) };
};

/**
 * A subscription's stream ends with this when ingestion committed blocks whose events it did not publish (it caught up
 * on more blocks than it replays): the subscriber learns exactly which range to read back through the queries.
 */
export class EventsGapError extends DomainError {
  constructor(
    readonly chainId: number,
    readonly fromBlock: number,
    readonly toBlock: number,
  ) {
    super(
      'Unavailable',
      `events of blocks ${fromBlock}-${toBlock} on chain ${chainId} were indexed while catching up and not streamed; ` +
        `read them back (balance updates, transaction history) and subscribe again with fromBlock ${toBlock + 1}`,
    );
  }
}

/**
 * A subscription ended because its server is stopping (SIGTERM): subscribing again, to any server, with `cursor`
 * continues right after the last message this stream delivered, missing nothing and repeating nothing.
 */
export class StreamEndedError extends DomainError {
  constructor(readonly cursor: string) {
    super('Unavailable', 'the server is shutting down: subscribe again with the `cursor` sent with this error to continue right after the last message received');
  }
}

export const isDomainError = (e: unknown): e is DomainError => e instanceof DomainError;

export const invalidArgument = (field: string, problem: string) => new DomainError('InvalidArgument', `${field}: ${problem}`, field);
export const notFound = (what: string) => new DomainError('NotFound', `${what} not found`);
export const unauthorized = (why: string) => new DomainError('Unauthorized', why);
export const permissionDenied = (why: string) => new DomainError('PermissionDenied', why);
