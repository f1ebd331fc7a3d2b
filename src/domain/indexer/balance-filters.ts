// The published clients' balance filters on one chain: TokenBalancesFilter (GetTokenBalancesSummary / Details) and
// TokenBalancesByContractFilter, checked and turned into a BalanceQuery; the Details and ByContract reads.
import { TOKEN_STANDARDS } from '../../chain';
import type { ChainRegistry } from '../../chain/registry';
import type { Db } from '../../db';
import { invalidArgument } from '../errors';
import type { Page, ResolvedPage } from '../paging';
import type { Maybe } from '../validate';
import { readBalances, type BalanceQuery } from './balances';
import { readNativeBalances } from './chain-state';
import { MAX_ACCOUNTS, MAX_CONTRACTS, addressSet, optionalTokenId } from './requests';
import type { ContractStatusFilter, NativeBalance, TokenBalance } from './types';

export type TokenBalancesFilter = {
  accountAddresses?: Maybe<string[]>;
  contractStatus?: Maybe<ContractStatusFilter>;
  /** Contract type names as the published clients send them (ContractType), any case. */
  contractTypes?: Maybe<string[]>;
  contractWhitelist?: Maybe<string[]>;
  contractBlacklist?: Maybe<string[]>;
  omitNativeBalances?: Maybe<boolean>;
  /** Decimal token ids; '0' also matches ERC-20 balances. */
  tokenIds?: Maybe<string[]>;
};

export type TokenBalancesByContractFilter = {
  contractAddresses: Maybe<string[]>;
  accountAddresses?: Maybe<string[]>;
  contractStatus?: Maybe<ContractStatusFilter>;
  tokenIds?: Maybe<string[]>;
};

export const MAX_TOKEN_IDS = 1000;

/** The published clients' ContractType names. Strata indexes the token standards; the others match no balance row. */
const INDEXED_TYPES: readonly string[] = TOKEN_STANDARDS;
const CLIENT_TYPES = [...INDEXED_TYPES, 'UNKNOWN', 'NATIVE', 'SEQUENCE_WALLET', 'ERC20_BRIDGE', 'ERC721_BRIDGE', 'ERC1155_BRIDGE', 'SEQ_MARKETPLACE'];

/** null: no type filter; []: types named, none of which Strata indexes (no token row matches). */
export const contractTypesOf = (field: string, v: Maybe<string[]>): string[] | null => {
  if (v === undefined || v === null || v.length === 0) return null;
  const types = v.map((t, i) => {
    const name = typeof t === 'string' ? t.trim().toUpperCase() : '';
    if (!CLIENT_TYPES.includes(name)) throw invalidArgument(`${field}[${i}]`, `must be one of ${CLIENT_TYPES.join(', ')}`);
    return name;
  });
  return [...new Set(types.filter((t) => INDEXED_TYPES.includes(t)))];
};

export const tokenIdsOf = (field: string, v: Maybe<string[]>): string[] => {
  if (v === undefined || v === null) return [];
  if (v.length > MAX_TOKEN_IDS) throw invalidArgument(field, `must have at most ${MAX_TOKEN_IDS} entries`);
  return [...new Set(v.map((t, i) => optionalTokenId(`${field}[${i}]`, t)).filter((t): t is string => t !== null))];
};

/** Named types none of which is indexed: a type no contract has, so nothing matches. */
const NO_TYPE = ['NONE'];

/**
 * A TokenBalancesFilter as a query of chain `chainId`: at least one account; a whitelist names the contracts to
 * report (whatever their status), otherwise `contractStatus` (VERIFIED when absent) selects them.
 */
export const balanceQueryOfFilter = (chainId: number, f: TokenBalancesFilter, page: ResolvedPage): { query: BalanceQuery; omitNative: boolean } => {
  const accounts = addressSet([['filter.accountAddresses', f.accountAddresses, true]], MAX_ACCOUNTS);
  if (!accounts.length) throw invalidArgument('filter.accountAddresses', 'is required (at least one address)');
  const whitelist = addressSet([['filter.contractWhitelist', f.contractWhitelist, true]], MAX_CONTRACTS);
  const types = contractTypesOf('filter.contractTypes', f.contractTypes);
  const query: BalanceQuery = {
    chainId,
    accounts,
    contracts: whitelist,
    excluded: addressSet([['filter.contractBlacklist', f.contractBlacklist, true]], MAX_CONTRACTS),
    tokenId: null,
    tokenIds: tokenIdsOf('filter.tokenIDs', f.tokenIds),
    contractTypes: types === null ? [] : types.length ? types : NO_TYPE,
    selection: { status: whitelist.length ? 'ALL' : (f.contractStatus ?? 'VERIFIED'), always: [] },
    page,
  };
  return { query, omitNative: f.omitNativeBalances ?? false };
};

/** Native balances come with the first forward page only (as with GetTokenBalancesSummary). */
const nativeFor = (registry: Pick<ChainRegistry, 'client'>, q: BalanceQuery, omit: boolean): Promise<NativeBalance[]> =>
  omit || q.page.cursor || q.page.backward ? Promise.resolve([]) : readNativeBalances(registry, q.chainId, q.accounts);

/**
 * GetTokenBalancesDetails on one chain: the accounts' balances one row per token (ERC-721/1155 ids individually),
 * ordered by account, contract, token id; with the accounts' native balances on the first page.
 */
export const readBalanceDetails = async (
  db: Db,
  registry: Pick<ChainRegistry, 'client'>,
  chainId: number,
  filter: TokenBalancesFilter,
  page: ResolvedPage,
): Promise<Page<TokenBalance> & { nativeBalances: NativeBalance[] }> => {
  const { query, omitNative } = balanceQueryOfFilter(chainId, filter, page);
  const [balances, nativeBalances] = await Promise.all([readBalances(db, query), nativeFor(registry, query, omitNative)]);
  return { ...balances, nativeBalances };
};

/**
 * GetTokenBalancesByContract on one chain: every positive balance of the named contracts (of the named accounts only,
 * when given), one row per token. The contracts are named, so their status is not checked unless `contractStatus` is given.
 */
export const readBalancesByContract = async (db: Db, chainId: number, f: TokenBalancesByContractFilter, page: ResolvedPage): Promise<Page<TokenBalance>> => {
  const contracts = addressSet([['filter.contractAddresses', f.contractAddresses, true]], MAX_CONTRACTS);
  if (!contracts.length) throw invalidArgument('filter.contractAddresses', 'is required (at least one address)');
  return readBalances(db, {
    chainId,
    accounts: addressSet([['filter.accountAddresses', f.accountAddresses, true]], MAX_ACCOUNTS),
    contracts,
    excluded: [],
    tokenId: null,
    tokenIds: tokenIdsOf('filter.tokenIDs', f.tokenIds),
    selection: { status: f.contractStatus ?? 'ALL', always: [] },
    page,
  });
};
