// Address lists in Metadata requests: any case in, lower-case out, de-duplicated (wire notes, Decision 3).
import { invalidArgument } from '../errors';
import { requireAddress } from '../validate';

/** A required list of addresses, de-duplicated in first-seen order; at most `max`. */
export const requireAddressList = (field: string, v: unknown, max: number): string[] => {
  if (!Array.isArray(v)) throw invalidArgument(field, 'must be an array of addresses');
  if (v.length > max) throw invalidArgument(field, `must hold at most ${max} addresses`);
  return [...new Set(v.map((a, i) => requireAddress(`${field}[${i}]`, a)))];
};
