// Indexer query wire shapes: request bodies renamed into GraphQL variables, connections renamed to the published clients' JSON.
import type {
  GetBalanceUpdatesQuery,
  GetTokenBalancesQuery,
  GetTokenBalancesSummaryQuery,
  GetTransactionHistoryQuery,
} from '../generated/operations';
import { chainIdIn, contractStatusIn, obj, unsetIn, type Body, type Answered } from './common';
import { contractInfoOut, metadataTokenOut } from './metadata';

/** Only these keys of an object the client sent; anything that is not an object goes through for GraphQL to refuse. */
const pick = (v: unknown, keys: string[]): unknown => {
  const o = obj(v);
  if (!o) return v;
  return Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));
};

const boolIn = (v: unknown) => v ?? false;

const omitUndefined = (o: Body): Body => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

/** GraphQL's Int tops out at 2^31−1; a block number above it (no chain is there yet) reads as that, which answers the same. */
const MAX_INT = 2 ** 31 - 1;

/** A block number as clients send it (a number, or a decimal string); anything else goes through for GraphQL to refuse. */
export const blockNumberIn = (v: unknown): unknown => {
  const n = typeof v === 'string' && /^\d{1,16}$/.test(v.trim()) ? Number(v.trim()) : v;
  return typeof n === 'number' && Number.isSafeInteger(n) && n > MAX_INT ? MAX_INT : n;
};

/**
 * A cursor `page` as echoed by clients: `pageSize` and the opaque `after` (an empty object or '' is no cursor). A
 * pageSize of 0 (Go's unset) or below is no size: the list's default (the domain refuses a size below 1).
 */
export const cursorPageIn = (v: unknown): { first: unknown; after: unknown } => {
  const p = obj(v);
  if (!p) return { first: null, after: null };
  const size = typeof p.pageSize === 'string' && /^\d+$/.test(p.pageSize) ? Number(p.pageSize) : p.pageSize;
  const whole = typeof size === 'number' && Number.isFinite(size) ? Math.min(Math.floor(size), 1_000_000) : 0;
  const first = whole >= 1 ? whole : null;
  const a = p.after;
  const none = a === undefined || a === null || a === '' || (obj(a) !== undefined && Object.keys(obj(a)!).length === 0);
  return { first, after: none ? null : a };
};

type Connection = { pageSize: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

/** Reply page of a cursor operation: `after` only when there is a next page (wire notes, Decision 10). */
export const cursorPageOut = (c: Connection) =>
  c.pageInfo.hasNextPage && c.pageInfo.endCursor
    ? { after: c.pageInfo.endCursor, pageSize: c.pageSize, more: true }
    : { pageSize: c.pageSize, more: false };

const metadataOptionsIn = (v: unknown) => pick(v, ['verifiedOnly', 'unverifiedOnly', 'includeContracts']);

export const getTokenBalancesIn = (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  accountAddress: unsetIn(b.accountAddress),
  contractAddress: unsetIn(b.contractAddress),
  tokenID: b.tokenID === '' ? null : b.tokenID,
  metadataOptions: metadataOptionsIn(b.metadataOptions),
  includeCollectionTokens: b.includeCollectionTokens,
  includeMetadata: boolIn(b.includeMetadata),
  ...cursorPageIn(b.page),
});

export const getTokenBalancesSummaryIn = (b: Body) => {
  const f = obj(b.filter);
  return {
    chainID: chainIdIn(b.chainID),
    filter: f
      ? {
          ...(pick(f, ['accountAddresses', 'contractWhitelist', 'contractBlacklist', 'omitNativeBalances', 'contractTypes']) as Body),
          contractStatus: contractStatusIn(f.contractStatus),
          // 3.0.13's filter: `tokenIDs` is GraphQL's `tokenIds`; `omitPrices` has nothing to omit.
          ...(f.tokenIDs !== undefined ? { tokenIds: Array.isArray(f.tokenIDs) ? f.tokenIDs.filter((t) => t !== '') : f.tokenIDs } : {}),
        }
      : b.filter,
    omitMetadata: boolIn(b.omitMetadata),
    ...cursorPageIn(b.page),
  };
};

const HISTORY_FILTER = [
  'accountAddress',
  'accountAddresses',
  'contractAddress',
  'contractAddresses',
  'transactionHashes',
  'metaTransactionIDs',
  'fromBlock',
  'toBlock',
  'tokenID',
];

/** Go clients send every field: a toBlock of 0 is none (the domain reads 0 as block 0). */
const toBlockIn = (v: unknown): unknown => {
  const n = blockNumberIn(v);
  return n === 0 ? null : n;
};

/** The account goes in `filter` (published clients) or at the top level (specification); the filter's wins. */
export const getTransactionHistoryIn = (b: Body) => {
  const f = b.filter === undefined || b.filter === null ? {} : b.filter;
  const picked = pick(f, HISTORY_FILTER);
  const p = obj(picked);
  const filter = p
    ? omitUndefined({
        accountAddress: unsetIn(p.accountAddress ?? b.accountAddress),
        accountAddresses: p.accountAddresses,
        contractAddress: unsetIn(p.contractAddress),
        contractAddresses: p.contractAddresses,
        transactionHashes: p.transactionHashes,
        metaTransactionIds: p.metaTransactionIDs,
        fromBlock: blockNumberIn(p.fromBlock),
        toBlock: toBlockIn(p.toBlock),
        tokenId: p.tokenID,
      })
    : picked;
  return {
    chainID: chainIdIn(b.chainID),
    filter,
    metadataOptions: metadataOptionsIn(b.metadataOptions),
    includeMetadata: boolIn(b.includeMetadata),
    ...cursorPageIn(b.page),
  };
};

export const getBalanceUpdatesIn = (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  contractAddress: unsetIn(b.contractAddress),
  lastBlockNumber: blockNumberIn(b.lastBlockNumber),
  ...cursorPageIn(b.page),
});

type Balance = Answered<GetTokenBalancesQuery>['tokenBalances']['edges'][number]['node'] | Answered<GetTokenBalancesSummaryQuery>['tokenBalancesSummary']['edges'][number]['node'];

type BalanceCore = Pick<Balance, 'contractType' | 'contractAddress' | 'accountAddress' | 'tokenID' | 'balance' | 'blockHash' | 'blockNumber' | 'chainId'>;

/** The TokenBalance fields every reply carries, in the published Go field order; `tokenID` omitted where there is none (ERC-20, summary rows). */
export const tokenBalanceCoreOut = (b: BalanceCore) => ({
  contractType: b.contractType,
  contractAddress: b.contractAddress,
  accountAddress: b.accountAddress,
  ...(b.tokenID !== null ? { tokenID: b.tokenID } : {}),
  balance: b.balance,
  blockHash: b.blockHash,
  blockNumber: b.blockNumber,
  chainId: b.chainId,
});

export const tokenBalanceOut = (b: Balance) => {
  const metadata = 'tokenMetadata' in b ? b.tokenMetadata : null;
  return {
    ...tokenBalanceCoreOut(b),
    uniqueCollectibles: b.uniqueCollectibles,
    isSummary: b.isSummary,
    ...usdOut(b),
    ...(b.contractInfo ? { contractInfo: contractInfoOut(b.contractInfo) } : {}),
    ...(metadata ? { tokenMetadata: metadataTokenOut(metadata) } : {}),
  };
};

type NativeBalance = Answered<GetTokenBalancesSummaryQuery>['tokenBalancesSummary']['nativeBalances'][number];

/**
 * priceUSD and balanceUSD when the operator's price feed (PRICE_FEED_URL) prices the token; absent otherwise, as a
 * server without prices leaves them (Strata has no price source of its own).
 */
const usdOut = (b: { priceUSD?: string | null; balanceUSD?: string | null }) =>
  b.priceUSD ? { priceUSD: b.priceUSD, ...(b.balanceUSD ? { balanceUSD: b.balanceUSD } : {}) } : {};

/** NativeTokenBalance of current clients; the coin's name and symbol are not configured. */
export const nativeBalanceOut = (n: NativeBalance) => ({
  accountAddress: n.accountAddress,
  chainId: n.chainId,
  name: '',
  symbol: '',
  balance: n.balance,
  ...usdOut(n),
  ...(n.errorReason ? { errorReason: n.errorReason } : {}),
});

type Transaction = Answered<GetTransactionHistoryQuery>['transactionHistory']['edges'][number]['node'];
type Transfer = Transaction['transfers'][number];

const transferOut = (t: Transfer) => ({
  transferType: t.transferType,
  contractAddress: t.contractAddress,
  contractType: t.contractType,
  from: t.from,
  to: t.to,
  ...(t.tokenIds ? { tokenIds: t.tokenIds } : {}),
  amounts: t.amounts,
  logIndex: t.logIndex,
  // Strata's own (the clients ignore it): a NATIVE transfer made by a contract call, read from the traces.
  ...(t.internal ? { internal: true } : {}),
  ...(t.contractInfo ? { contractInfo: contractInfoOut(t.contractInfo) } : {}),
  // Keyed by token id, as the published TxnTransfer carries it.
  ...(t.tokenMetadata?.length ? { tokenMetadata: Object.fromEntries(t.tokenMetadata.map((m) => [m.tokenId, metadataTokenOut(m)])) } : {}),
});

export const transactionOut = (x: Transaction) => ({
  txnHash: x.txnHash,
  blockNumber: x.blockNumber,
  blockHash: x.blockHash,
  chainId: x.chainId,
  metaTxnID: null,
  transfers: x.transfers.map(transferOut),
  timestamp: x.timestamp,
});

type Update = Answered<GetBalanceUpdatesQuery>['balanceUpdates']['edges'][number]['node'];

/** The eight fields GetBalanceUpdates replies carry; `balance` is the balance after the block. */
export const balanceUpdateOut = (u: Update) => ({
  contractType: u.contractType,
  contractAddress: u.contractAddress,
  accountAddress: u.accountAddress,
  ...(u.tokenID !== null ? { tokenID: u.tokenID } : {}),
  balance: u.balance,
  blockHash: u.blockHash,
  blockNumber: u.blockNumber,
  chainId: u.chainId,
});
