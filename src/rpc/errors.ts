// webrpc errors: the JSON shape, the built-in routing errors, and each service's codes for domain errors.
import type { DomainError, DomainErrorKind } from '../domain/errors';

export type ServiceName = 'Collections' | 'Metadata' | 'Admin' | 'Indexer' | 'IndexerGateway' | 'API' | 'Analytics';

export type WebrpcError = { error: string; code: number; msg: string; message: string; cause?: string; status: number };

type Code = { error: string; code: number; status: number; msg: string };

const make = (c: Code, msg = c.msg, cause?: string): WebrpcError => ({
  error: c.error,
  code: c.code,
  msg,
  message: msg, // newer TypeScript clients read `message` only (wire notes §4.4)
  ...(cause ? { cause } : {}),
  status: c.status,
});

const BUILTIN = {
  badRoute: { error: 'WebrpcBadRoute', code: -2, status: 404, msg: 'bad route' },
  badMethod: { error: 'WebrpcBadMethod', code: -3, status: 405, msg: 'bad method' },
  badRequest: { error: 'WebrpcBadRequest', code: -4, status: 400, msg: 'bad request' },
  internal: { error: 'WebrpcInternalError', code: -7, status: 500, msg: 'internal error' },
} satisfies Record<string, Code>;

export const badRoute = (path: string) => make(BUILTIN.badRoute, BUILTIN.badRoute.msg, `no webrpc method defined for path ${path}`);
export const badMethod = (method: string) => make(BUILTIN.badMethod, BUILTIN.badMethod.msg, `unsupported method ${method} (only POST is allowed)`);
export const badRequest = (cause: string) => make(BUILTIN.badRequest, BUILTIN.badRequest.msg, cause);
/**
 * A method the published clients have and Strata does not serve (rpc/unavailable.ts): the clients' own MethodNotFound
 * (1003 in the Indexer and Metadata schemas), so an app can tell it from a typo'd route (bad route) and read why.
 */
export const methodNotAvailable = (path: string, reason: string) =>
  make({ error: 'MethodNotFound', code: 1003, status: 404, msg: 'Method not found' }, `${path} is not available on Strata: ${reason}`);
/** Never carries internal detail: that goes to the log. */
export const internalError = () => make(BUILTIN.internal);

const c = (error: string, code: number, status: number, msg: string): Code => ({ error, code, status, msg });

const COMMON: Partial<Record<DomainErrorKind, Code>> = {
  Unauthorized: c('Unauthorized', 1000, 401, 'Unauthorized access'),
  PermissionDenied: c('PermissionDenied', 1001, 403, 'Permission denied'),
  SessionExpired: c('SessionExpired', 1002, 403, 'Session expired'),
  RequestConflict: c('RequestConflict', 1004, 409, 'Conflict with target resource'),
  NotFound: c('NotFound', 3000, 400, 'Resource not found'),
  Unavailable: c('Unavailable', 2002, 400, 'Unavailable resource'),
  // Indexer and API (and the auth middleware of Sequence services) send 1007; Metadata/Collections 2005.
  RateLimited: c('RateLimited', 1007, 429, 'Rate-limited. Please slow down.'),
  // An access key over its limits: the codes of the Indexer's schema, which the quota middleware in front of every
  // published service also sends (wire notes §4.3); clients of the other services map them by code.
  RateLimit: c('RateLimit', 1201, 429, 'Rate limit exceeded'),
  QuotaExceeded: c('QuotaExceeded', 1200, 429, 'Quota request exceeded'),
  // Services whose schema has no InvalidOrigin (Metadata, Collections, Analytics) refuse the origin as a permission.
  InvalidOrigin: c('PermissionDenied', 1001, 403, 'Permission denied'),
};

/** The access-key codes of the Indexer and API schemas (wire notes §4.3). */
const KEY_CODES: Partial<Record<DomainErrorKind, Code>> = {
  InvalidOrigin: c('InvalidOrigin', 1103, 403, 'Invalid origin for Access Key'),
  NoDefaultKey: c('NoDefaultKey', 1300, 403, 'No default access key found'),
  MaxAccessKeys: c('MaxAccessKeys', 1301, 403, 'Access keys limit reached'),
  AtLeastOneKey: c('AtLeastOneKey', 1302, 403, 'You need at least one Access Key'),
};

/** Per service, the code a domain error kind is sent as (wire notes §4.3, current sets). */
const SERVICE_CODES: Record<ServiceName, Partial<Record<DomainErrorKind, Code>>> = {
  Collections: {},
  Metadata: {},
  Admin: {},
  IndexerGateway: {},
  Indexer: {
    ...KEY_CODES,
    Timeout: c('Timeout', 1900, 408, 'Request timed out'),
    InvalidArgument: c('InvalidArgument', 2001, 400, 'Invalid argument'),
    ResourceExhausted: c('ResourceExhausted', 2004, 400, 'Resource exhausted'),
    ProjectNotFound: c('ProjectNotFound', 1100, 401, 'Project not found'),
    AccessKeyNotFound: c('AccessKeyNotFound', 1101, 401, 'Access key not found'),
    ChainNotFound: c('InvalidArgument', 2001, 400, 'Invalid argument'),
  },
  API: {
    ...KEY_CODES,
    // The API's schema names 1201 QuotaRateLimit.
    RateLimit: c('QuotaRateLimit', 1201, 429, 'Rate limit exceeded'),
    Timeout: c('Timeout', 1900, 408, 'Request timed out'),
    InvalidArgument: c('InvalidArgument', 2000, 400, 'Invalid argument'),
    ResourceExhausted: c('InvalidArgument', 2000, 400, 'Invalid argument'),
    ProjectNotFound: c('ProjectNotFound', 1008, 401, 'Project not found'),
    AccessKeyNotFound: c('AccessKeyNotFound', 1101, 401, 'Access key not found'),
    ChainNotFound: c('UnsupportedNetwork', 3008, 422, 'Unsupported network'),
  },
  Analytics: {
    Timeout: c('Timeout', 2000, 408, 'Request timed out'),
    InvalidArgument: c('InvalidArgument', 2001, 400, 'Invalid argument'),
    ResourceExhausted: c('InvalidArgument', 2001, 400, 'Invalid argument'),
    ProjectNotFound: c('ProjectNotFound', 3002, 400, 'Project not found'),
    AccessKeyNotFound: c('Unauthorized', 1000, 401, 'Unauthorized access'),
    ChainNotFound: c('InvalidNetwork', 3007, 400, 'Invalid network'),
  },
};

// Collections and Metadata share one schema of codes.
const METADATA_CODES: Partial<Record<DomainErrorKind, Code>> = {
  // 2002 means RequiredArgument to Metadata clients; an unreachable node is their Fail.
  Unavailable: c('Fail', 1005, 400, 'Request Failed'),
  Timeout: c('Timeout', 2000, 408, 'Request timed out'),
  InvalidArgument: c('InvalidArgument', 2001, 400, 'Invalid argument'),
  ResourceExhausted: c('InvalidArgument', 2001, 400, 'Invalid argument'),
  ProjectNotFound: c('ProjectNotFound', 3002, 400, 'Project not found'),
  AccessKeyNotFound: c('Unauthorized', 1000, 401, 'Unauthorized access'),
  ChainNotFound: c('ChainNotFound', 3003, 400, 'Chain not found'),
  RateLimited: c('RateLimited', 2005, 429, 'Rate limited'),
};
SERVICE_CODES.Collections = METADATA_CODES;
SERVICE_CODES.Metadata = METADATA_CODES;
SERVICE_CODES.Admin = METADATA_CODES;
// The multi-chain gateway's schema shares the Indexer's codes.
SERVICE_CODES.IndexerGateway = SERVICE_CODES.Indexer;

/** The webrpc error for a domain error on `service`; `msg` carries the domain's explanation. */
export const domainToWebrpc = (service: ServiceName, err: Pick<DomainError, 'kind' | 'message'>): WebrpcError => {
  const code = SERVICE_CODES[service][err.kind] ?? COMMON[err.kind];
  return code ? make(code, err.message) : internalError();
};
