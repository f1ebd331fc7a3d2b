// Start-up failures a person can act on, as one line each instead of a stack trace.
import type { Config } from '../config';

const codeOf = (err: unknown): string | undefined => {
  const e = err as { code?: unknown; errors?: unknown[] } | null;
  if (typeof e?.code === 'string') return e.code;
  // mysql2 and net report a refused dual-stack connection as an AggregateError of per-address errors.
  return Array.isArray(e?.errors) ? codeOf(e.errors[0]) : undefined;
};

const DATABASE_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ER_ACCESS_DENIED_ERROR', 'ER_BAD_DB_ERROR', 'ER_DBACCESS_DENIED_ERROR']);

/** DATABASE_URL with its password hidden. */
const shownUrl = (url: string) => url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');

/** The one line to print for a start-up failure, or null when it is not one of the known kinds. */
export const describeStartupError = (err: unknown, config: Config): string | null => {
  const code = codeOf(err);
  const message = (err as Error)?.message ?? String(err);
  if (code === 'EADDRINUSE') {
    return `port ${config.port} on ${config.host} is already in use: stop the process using it, or set PORT to another port`;
  }
  if (code === 'EACCES' && /listen/.test(message)) return `not allowed to listen on port ${config.port}: set PORT to a port above 1023`;
  if (config.database.kind === 'mysql' && code && DATABASE_CODES.has(code)) {
    return `cannot open the database of DATABASE_URL (${shownUrl(config.database.url)}): ${message} — is the server running, and are the host, port, user, password and database right?`;
  }
  if (config.database.kind === 'sqlite' && /SQLITE_CANTOPEN|unable to open database/i.test(`${code ?? ''} ${message}`)) {
    return `cannot open the SQLite database ${config.database.path}: ${message} — check DATA_DIR or DATABASE_URL and that the directory is writable`;
  }
  return null;
};
