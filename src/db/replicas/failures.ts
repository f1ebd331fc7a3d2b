// Errors that say a database server could not be reached or dropped the connection, as opposed to a statement it
// refused: a read that failed this way on a replica is worth answering again from the primary.
const LOST = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_SERVER_SHUTDOWN',
  'ER_CON_COUNT_ERROR',
  'ER_CONNECTION_KILLED',
  'POOL_CLOSED',
  'POOL_NOEXIST',
  'POOL_NONEONLINE',
]);

/** True when `err`, or what it wraps (TypeORM's driverError, GraphQL's originalError, cause), is a lost connection. */
export const isLostConnection = (err: unknown): boolean => {
  for (let e = err as Record<string, unknown> | null | undefined, depth = 0; e && typeof e === 'object' && depth < 6; depth++) {
    if ((typeof e.code === 'string' && LOST.has(e.code)) || e.fatal === true) return true;
    e = (e.driverError ?? e.originalError ?? e.cause) as Record<string, unknown> | undefined;
  }
  return false;
};
