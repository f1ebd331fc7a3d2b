// Timestamp: RFC 3339 UTC with the fraction's trailing zeros trimmed; unset is the zero time (wire notes, Decision 11).
import { Kind } from 'graphql';
import { builder } from '../builder';

export const ZERO_TIME = '0001-01-01T00:00:00Z';

export const formatTimestamp = (d: Date | null | undefined): string => {
  if (!d || Number.isNaN(d.getTime())) return ZERO_TIME;
  return d.toISOString().replace(/\.(\d*?)0*Z$/, (_, frac: string) => (frac ? `.${frac}Z` : 'Z'));
};

const parse = (v: unknown): Date => {
  const d = typeof v === 'string' ? new Date(v) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new TypeError('must be an RFC 3339 timestamp');
  return d;
};

builder.scalarType('Timestamp', {
  description: 'RFC 3339 UTC time; `0001-01-01T00:00:00Z` when unset.',
  serialize: (v) => formatTimestamp(v as Date | null),
  parseValue: parse,
  parseLiteral: (node) => parse(node.kind === Kind.STRING ? node.value : undefined),
});
