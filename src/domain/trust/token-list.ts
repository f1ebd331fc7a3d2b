// Token lists in the Uniswap Token Lists format: a document is parsed, validated against the format's JSON schema (as
// the npm package @uniswap/token-lists ships it) and reduced to the tokens of the chains Strata serves. Nothing here
// reads a file or the web: sources.ts does.
import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export type ListVersion = { major: number; minor: number; patch: number };

export type ListedToken = {
  chainId: number;
  /** Lower-case, 0x-prefixed. */
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  /** null when the list gives none, or one Strata does not pass on (a scheme other than https, http, ipfs, ar). */
  logoURI: string | null;
};

export type ParsedList = {
  name: string;
  version: ListVersion;
  timestamp: string;
  /** The tokens on `chainIds`, in the list's order. */
  tokens: ListedToken[];
  /** Tokens the list names on other chains (or with non-EVM addresses), left out. */
  otherChains: number;
  /** logoURIs left out for their scheme. */
  logosDropped: number;
  /** sha256 of the document, hex. */
  contentHash: string;
};

/** Why a document was refused; the message says what is wrong and where, for the operator. */
export class TokenListError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TokenListError';
  }
}

let validator: ValidateFunction | null = null;

/** The Token Lists JSON schema, compiled once (draft-07, with the formats it uses: uri, date-time). */
const validatorOf = (): ValidateFunction => {
  if (validator) return validator;
  // The package publishes its schema as src/tokenlist.schema.json (its dist/ is not in every release).
  const dir = path.dirname(require.resolve('@uniswap/token-lists/package.json'));
  const schema = JSON.parse(fs.readFileSync(path.join(dir, 'src', 'tokenlist.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  validator = ajv.compile(schema);
  return validator;
};

const describe = (errors: ErrorObject[]): string => {
  const shown = errors.slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? 'is invalid'}`);
  return shown.join('; ') + (errors.length > 5 ? ` (and ${errors.length - 5} more)` : '');
};

const LOGO_SCHEMES = new Set(['https:', 'http:', 'ipfs:', 'ar:']);
const logoOf = (uri: unknown): string | null => {
  if (typeof uri !== 'string' || uri.length > 2048) return null;
  try {
    return LOGO_SCHEMES.has(new URL(uri).protocol) ? uri : null;
  } catch {
    return null;
  }
};

export const versionText = (v: ListVersion) => `${v.major}.${v.minor}.${v.patch}`;

export const parseVersionText = (s: string): ListVersion | null => {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(s);
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) } : null;
};

/** Negative when `a` is older than `b`. */
export const compareVersions = (a: ListVersion, b: ListVersion): number => a.major - b.major || a.minor - b.minor || a.patch - b.patch;

/**
 * Parses and validates one list document. Throws TokenListError when it is not JSON, does not follow the schema, or
 * names one token twice; keeps the tokens of `chainIds` only.
 */
export const parseTokenList = (text: string, chainIds: ReadonlySet<number>): ParsedList => {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new TokenListError(`not JSON: ${(err as Error).message.slice(0, 200)}`);
  }
  const validate = validatorOf();
  if (!validate(doc)) throw new TokenListError(`not a token list (Token Lists schema): ${describe(validate.errors ?? [])}`);
  const list = doc as { name: string; version: ListVersion; timestamp: string; tokens: Array<Record<string, unknown>> };
  const seen = new Set<string>();
  const tokens: ListedToken[] = [];
  let otherChains = 0;
  let logosDropped = 0;
  list.tokens.forEach((t, i) => {
    const chainId = t.chainId as number;
    const raw = t.address as string;
    if (!/^0x[0-9a-fA-F]{40}$/.test(raw) || !chainIds.has(chainId)) {
      otherChains++;
      return;
    }
    const address = raw.toLowerCase();
    const key = `${chainId}:${address}`;
    if (seen.has(key)) throw new TokenListError(`/tokens/${i} names ${address} on chain ${chainId} a second time`);
    seen.add(key);
    const logoURI = logoOf(t.logoURI);
    if (t.logoURI !== undefined && logoURI === null) logosDropped++;
    tokens.push({ chainId, address, name: t.name as string, symbol: t.symbol as string, decimals: t.decimals as number, logoURI });
  });
  return {
    name: list.name,
    version: list.version,
    timestamp: list.timestamp,
    tokens,
    otherChains,
    logosDropped,
    contentHash: crypto.createHash('sha256').update(text).digest('hex'),
  };
};
