// Typed failures of the web layer: callers branch on the class and `reason`, and show `message`.

/** Base of every error this layer throws on purpose; `instanceof WebError` catches them all. */
export abstract class WebError extends Error {
  abstract readonly kind: 'refused' | 'failed' | 'invalid';
}

export type FetchRefusedReason = 'url' | 'scheme' | 'port' | 'address' | 'redirects';

/** The policy forbids this request: nothing was (or will be) sent to the target. */
export class FetchRefusedError extends WebError {
  readonly kind = 'refused' as const;
  constructor(
    readonly reason: FetchRefusedReason,
    message: string,
    readonly url?: string,
  ) {
    super(message);
    this.name = 'FetchRefusedError';
  }
}

export type FetchFailedReason = 'network' | 'timeout' | 'status' | 'too-large';

/** The request was allowed but did not produce a usable response. */
export class FetchFailedError extends WebError {
  readonly kind = 'failed' as const;
  constructor(
    readonly reason: FetchFailedReason,
    message: string,
    readonly url?: string,
    /** HTTP status, when reason is 'status'. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchFailedError';
  }
}

/** A token URI or a fetched document is malformed (bad data: URI, bad JSON, not an object). */
export class InvalidDocumentError extends WebError {
  readonly kind = 'invalid' as const;
  constructor(message: string) {
    super(message);
    this.name = 'InvalidDocumentError';
  }
}
