// API service wire shapes (wallet linking, runtime, prices): request fields passed through by name, replies renamed.
import type {
  BlockNumberAtTimeQuery,
  ClockQuery,
  GetAuthTokenMutation,
  ResolveEnsAddressQuery,
  GetCoinPricesQuery,
  GetExchangeRateQuery,
  GetLinkedWalletsQuery,
  RuntimeStatusQuery,
} from '../generated/operations';
import { obj, unsetIn, type Answered, type Body } from './common';

/** `signatureChainId` is a string on the wire; a client that sends a number means the same chain. */
const chainIdIn = (v: unknown) => (typeof v === 'number' ? String(v) : v);

const pick = (b: Body, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, b[k]]));

const PARENT = ['parentWalletAddress', 'parentWalletMessage', 'parentWalletSignature'] as const;
const LINKED = ['linkedWalletAddress', 'linkedWalletMessage', 'linkedWalletSignature'] as const;

export const getLinkedWalletsIn = (b: Body) => ({ ...pick(b, PARENT), signatureChainId: chainIdIn(b.signatureChainId) });
export const linkWalletIn = (b: Body) => ({ ...getLinkedWalletsIn(b), ...pick(b, LINKED), linkedWalletType: b.linkedWalletType });
export const removeLinkedWalletIn = (b: Body) => ({ ...getLinkedWalletsIn(b), ...pick(b, LINKED) });

/** LinkedWallet as the published clients read it (wire notes §3): `walletType` null when unset. */
export const linkedWalletOut = (w: Answered<GetLinkedWalletsQuery>['linkedWallets'][number]) => ({
  id: w.id,
  walletAddress: w.walletAddress,
  linkedWalletAddress: w.linkedWalletAddress,
  walletType: w.walletType ?? null,
  createdAt: w.createdAt,
});

// Runtime and price methods (api.gen.ts 3.0.9): renamed from `runtimeStatus`, `serverTime`, `coinPrices`, `exchangeRate`.

/** RuntimeStatus as the API client declares it; Strata relays no transactions, so `numTxnsRelayed` is empty. */
export const apiRuntimeStatusOut = ({ runtimeStatus: s }: Answered<RuntimeStatusQuery>) => ({
  status: {
    healthOK: s.healthOk,
    startTime: s.startTime,
    uptime: s.uptimeSeconds,
    ver: s.version,
    branch: s.branch,
    commitHash: s.commit,
    checks: {
      database: s.databaseOk,
      chains: Object.fromEntries(s.chains.map((c) => [String(c.chainId), { nodeAnswers: c.nodeAnswers, errorReason: c.errorReason, lag: c.lag }])),
    },
    numTxnsRelayed: {},
  },
});

export const clockOut = (d: Answered<ClockQuery>) => ({ serverTime: d.serverTime });

/** The client's `Token`: `chainId` a number, `tokenId` optional; a number token id means the same id. */
export const getCoinPricesIn = (b: Body) => ({
  tokens: (Array.isArray(b.tokens) ? b.tokens : []).map((t) => {
    const o = obj(t) ?? {};
    const id = unsetIn(o.tokenId ?? o.tokenID);
    const chain = unsetIn(o.chainId ?? o.chainID);
    return { chainId: typeof chain === 'number' ? String(chain) : chain, contractAddress: o.contractAddress, tokenId: typeof id === 'number' ? String(id) : id };
  }),
});

const usd = (value: string) => ({ value: Number(value), currency: 'USD' });
/** Prices Strata has no source for (floor, buy, sell) are Go's zero value, as the hosted service sends unset ones. */
const NO_PRICE = { value: 0, currency: '' };

export const getCoinPricesOut = (d: Answered<GetCoinPricesQuery>) => ({
  tokenPrices: d.coinPrices.map((c) => ({
    token: { chainId: c.chainId, contractAddress: c.contractAddress, ...(c.tokenId != null ? { tokenId: c.tokenId } : {}) },
    ...(c.price ? { price: usd(c.price.priceUsd) } : {}),
    floorPrice: NO_PRICE,
    buyPrice: NO_PRICE,
    sellPrice: NO_PRICE,
    updatedAt: c.price?.updatedAt ?? c.readAt,
  })),
});

export const getExchangeRateIn = (b: Body) => ({ toCurrency: b.toCurrency });

export const getExchangeRateOut = ({ exchangeRate: r }: Answered<GetExchangeRateQuery>) => ({
  exchangeRate: { name: r.name, symbol: r.symbol, value: Number(r.value), vsCurrency: r.vsCurrency, currencyType: r.currencyType },
});

// Signature checks: `chainId` a string on the wire (a number means the same chain); the reply is the verdict alone.
const signedIn = (b: Body) => ({ chainId: chainIdIn(b.chainId), walletAddress: b.walletAddress, signature: b.signature });
export const isValidSignatureIn = (b: Body) => ({ ...signedIn(b), digest: b.digest });
export const isValidMessageSignatureIn = (b: Body) => ({ ...signedIn(b), message: b.message });
export const isValidTypedDataSignatureIn = (b: Body) => ({ ...signedIn(b), typedData: b.typedData });
export const isValidOut = (check: { isValid: boolean }) => ({ isValid: check.isValid });
export const isValidETHAuthProofIn = (b: Body) => ({ chainId: chainIdIn(b.chainId), walletAddress: b.walletAddress, ethAuthProofString: b.ethAuthProofString });

/** BlockNumberAtTime: `chainId` a number in the client's request; `blocks` in the order of `timestamps`. */
export const blockNumberAtTimeIn = (b: Body) => ({ chainId: chainIdIn(b.chainId), timestamps: b.timestamps });
export const blockNumberAtTimeOut = (d: Answered<BlockNumberAtTimeQuery>) => ({ blocks: d.blockNumbersAtTimes });

// Sessions: GetAuthToken's `ewtString` is the ETHAuth proof; GetAuthToken2 also names the chain (`chainID`). Strata
// keeps no user profiles, so `user` is left out (the client declares it optional).
export const getAuthTokenIn = (b: Body) => ({ ewtString: b.ewtString, chainId: null });
export const getAuthToken2In = (b: Body) => ({ ewtString: b.ewtString, chainId: chainIdIn(b.chainID) });
export const getAuthTokenOut = ({ createWalletSession: s }: Answered<GetAuthTokenMutation>) => ({
  status: true,
  jwtToken: s.token,
  address: s.session.walletAddress,
});

// ResolveENSAddress: `ens` is the name; a name without an address is `ok: false` with the zero address (what a Go
// server's zero common.Address prints), never an error.
export const resolveENSAddressIn = (b: Body) => ({ name: b.ens });
export const resolveENSAddressOut = ({ ensAddress: r }: Answered<ResolveEnsAddressQuery>) =>
  r.address ? { address: r.address, ok: true } : { address: '0x0000000000000000000000000000000000000000', ok: false };
