// Indexer request fields checked against their rules (addresses in any case, block numbers, list sizes); null is absent.
// Their types were settled before (GraphQL's schema; the RPC's quirks, "" for unset among them, in rpc/wire): a value
// given is checked as one, so "" is not an address.
import { invalidArgument } from '../errors';
import { optionalAddressList, requireAddress } from '../validate';
import type { ContractStatusFilter, MetadataOptions } from './types';

export const MAX_ACCOUNTS = 100;
export const MAX_CONTRACTS = 1000;
export const MAX_TX_HASHES = 100;

const absent = (v: unknown) => v === undefined || v === null;

export const optionalAddress = (field: string, v: unknown): string | null => (absent(v) ? null : requireAddress(field, v));

/** Union of single and list fields, de-duplicated in first-seen order. */
export const addressSet = (parts: Array<[field: string, value: unknown, list: boolean]>, max: number): string[] => {
  const out = new Set<string>();
  for (const [field, value, list] of parts) {
    if (list) optionalAddressList(field, value, max).forEach((a) => out.add(a));
    else {
      const a = optionalAddress(field, value);
      if (a) out.add(a);
    }
  }
  return [...out];
};

export { optionalTokenId } from '../validate';

/** A block number (0 ≤ n < 2^53); decimal strings are the RPC's, turned into numbers by rpc/wire. */
export const optionalBlock = (field: string, v: unknown): number | null => {
  if (absent(v)) return null;
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw invalidArgument(field, 'must be a block number (a non-negative integer)');
  return v;
};

export const optionalTxHashes = (field: string, v: unknown): string[] => {
  if (absent(v)) return [];
  if (!Array.isArray(v)) throw invalidArgument(field, 'must be an array of transaction hashes');
  if (v.length > MAX_TX_HASHES) throw invalidArgument(field, `must have at most ${MAX_TX_HASHES} entries`);
  return [
    ...new Set(
      v.map((h, i) => {
        if (typeof h !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(h.trim())) throw invalidArgument(`${field}[${i}]`, 'must be a 32-byte 0x hex hash');
        return h.trim().toLowerCase();
      }),
    ),
  ];
};

/**
 * Which contracts' balances (or transfers) to report. `always` are reported whatever their status.
 * VERIFIED: flagged verified and not blacklisted. UNVERIFIED: neither verified nor blacklisted, nor SPAM by its stored verdict.
 * ALL: every contract, blacklisted ones included.
 */
export type ContractSelection = { status: ContractStatusFilter; always: string[] };

/** `metadataOptions` of GetTokenBalances / GetTransactionHistory: no option means every contract. */
export const selectionOfMetadataOptions = (o: MetadataOptions | null | undefined): ContractSelection => {
  const verifiedOnly = o?.verifiedOnly ?? false;
  const unverifiedOnly = o?.unverifiedOnly ?? false;
  if (verifiedOnly && unverifiedOnly) throw invalidArgument('metadataOptions', 'verifiedOnly and unverifiedOnly cannot both be true');
  const always = addressSet([['metadataOptions.includeContracts', o?.includeContracts, true]], MAX_CONTRACTS);
  return { status: verifiedOnly ? 'VERIFIED' : unverifiedOnly ? 'UNVERIFIED' : 'ALL', always };
};
