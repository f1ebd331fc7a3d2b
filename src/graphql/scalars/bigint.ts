// BigInt: an integer of up to 78 digits (uint256 and signed deltas), carried as a decimal string.
import { Kind } from 'graphql';
import { builder } from '../builder';

// What this scalar accepts is GraphQL's own input contract, not an RPC quirk, so it stays here at GraphQL's boundary:
// a decimal string (surrounding spaces trimmed), a JSON number or Int literal that is a safe integer, or 0x hex.
// GraphQL clients rely on it (tests/integration/metadata/token-metadata.test.ts asks for tokenIds ['1', 2, '0x3']);
// the RPC reaches the domain through the same scalar, so its clients' numbers-for-strings need no mapper of their own.
// The domain receives the canonical decimal string only.
const parse = (v: unknown): string => {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  if (typeof v === 'string' && /^-?\d{1,78}$/.test(v.trim())) return v.trim();
  if (typeof v === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(v.trim())) return BigInt(v.trim()).toString();
  throw new TypeError('must be an integer of up to 78 digits as a decimal string (an unsigned integer for token ids and amounts)');
};

builder.scalarType('BigInt', {
  description: 'An integer of up to 78 digits, as a decimal string.',
  serialize: (v) => String(v),
  parseValue: parse,
  parseLiteral: (node) => parse(node.kind === Kind.STRING || node.kind === Kind.INT ? node.value : undefined),
});
