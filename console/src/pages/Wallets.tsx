// A wallet as an app of this project would show it: enter any wallet of a user's family (the parent or a linked one)
// and see, across every wallet of the family and every chain, what it holds (summed per token, with each contract's
// spam verdict), each chain's native coin, and the merged history, newest first. Read with `projectPortfolio`, which
// the project's bearer token grants without the user's signature.
import { useState } from 'preact/hooks';
import { request } from '../api';
import { TextField } from '../components/Field';
import { ErrorNotice } from '../components/Notice';
import { graphql } from '../gql';
import type { ContractVerificationStatus } from '../gql/graphql';
import { useAction } from '../hooks';
import { localUrl } from '../urls';

const PortfolioQuery = graphql(`
  query ConsoleWalletPortfolio($walletAddress: String!, $contractStatus: ContractVerificationStatus, $after: String) {
    projectPortfolio(walletAddress: $walletAddress, contractStatus: $contractStatus) {
      parentWalletAddress
      walletAddresses
      chains {
        chainId
        errorReason
        nativeTotal
        truncated
      }
      holdings {
        chainId
        contractAddress
        contractType
        tokenId
        balance
        walletCount
        tokenMetadata {
          media {
            field
            file {
              thumbnails {
                size
                url
              }
            }
          }
        }
        contractInfo {
          name
          symbol
          decimals
          verdict {
            verdict
            reasons {
              code
            }
          }
        }
      }
      history(first: 20, after: $after) {
        endCursor
        transactions {
          chainId
          txnHash
          timestamp
          transfers {
            transferType
            contractAddress
            from
            to
            amounts
            tokenIds
          }
        }
      }
    }
  }
`);

type Portfolio = NonNullable<Awaited<ReturnType<typeof readPortfolio>>['projectPortfolio']>;
type Transaction = Portfolio['history']['transactions'][number];
const readPortfolio = (token: string, walletAddress: string, contractStatus: ContractVerificationStatus, after: string | null) =>
  request(token, PortfolioQuery, { walletAddress, contractStatus, after });

/** An integer amount in its smallest unit shown with its decimals, exactly (no floating point). */
export const formatUnits = (raw: string, decimals: number | null | undefined): string => {
  if (!decimals) return raw;
  const padded = raw.padStart(decimals + 1, '0');
  const whole = padded.slice(0, -decimals);
  const fraction = padded.slice(-decimals).replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : whole;
};

/** Native coin transfers (a transaction's value) name the zero address as their contract. */
const NATIVE = '0x0000000000000000000000000000000000000000';

const short = (address: string) => `${address.slice(0, 8)}…${address.slice(-4)}`;

const Verdict = ({ v }: { v: { verdict: string; reasons: Array<{ code: string }> } | null | undefined }) =>
  v && v.verdict !== 'OK' ? (
    <span class="badge" title={v.reasons.map((r) => r.code).join(', ')}>
      {v.verdict}
    </span>
  ) : null;

type Holding = Portfolio['holdings'][number];

/** The smallest thumbnail Strata serves of a token's image (its path: the file is this server's). */
const thumbnailOf = (h: Holding) => {
  const media = h.tokenMetadata?.media ?? [];
  const image = media.find((m) => m.field === 'image' && m.file?.thumbnails.length) ?? media.find((m) => m.file?.thumbnails.length);
  const thumb = image?.file?.thumbnails[0];
  return thumb ? localUrl(thumb.url) : null;
};

const Holdings = ({ p }: { p: Portfolio }) => (
  <table aria-label="Holdings">
    <thead>
      <tr>
        <th>Chain</th>
        <th>Token</th>
        <th>Token id</th>
        <th>Balance</th>
        <th>Wallets</th>
      </tr>
    </thead>
    <tbody>
      {p.holdings.map((h) => (
        <tr key={`${h.chainId}:${h.contractAddress}:${h.tokenId ?? ''}`}>
          <td>{h.chainId}</td>
          <td>
            {thumbnailOf(h) && <img class="thumb" src={thumbnailOf(h)!} width={32} height={32} alt="" data-testid="holding-thumbnail" />}{' '}
            {h.contractInfo?.name || short(h.contractAddress)} {h.contractInfo?.symbol && <span class="muted">{h.contractInfo.symbol}</span>}{' '}
            <span class="badge">{h.contractType}</span> <Verdict v={h.contractInfo?.verdict} />
          </td>
          <td>{h.tokenId ?? ''}</td>
          <td>{formatUnits(h.balance, h.contractType === 'ERC20' ? h.contractInfo?.decimals : 0)}</td>
          <td>{h.walletCount}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const Chains = ({ p }: { p: Portfolio }) => (
  <table aria-label="Chains">
    <thead>
      <tr>
        <th>Chain</th>
        <th>Native coin (all wallets)</th>
        <th>Status</th>
      </tr>
    </thead>
    <tbody>
      {p.chains.map((c) => (
        <tr key={c.chainId}>
          <td>{c.chainId}</td>
          <td>{c.nativeTotal === null || c.nativeTotal === undefined ? '—' : formatUnits(c.nativeTotal, 18)}</td>
          <td>{c.errorReason ?? (c.truncated ? 'more than 5,000 balances: the first 5,000 are counted' : 'answered')}</td>
        </tr>
      ))}
    </tbody>
  </table>
);

const History = ({ transactions }: { transactions: Transaction[] }) => (
  <table aria-label="History">
    <thead>
      <tr>
        <th>When</th>
        <th>Chain</th>
        <th>Transaction</th>
        <th>Transfers</th>
      </tr>
    </thead>
    <tbody>
      {transactions.map((t) => (
        <tr key={`${t.chainId}:${t.txnHash}`}>
          <td>{new Date(t.timestamp).toISOString().replace('T', ' ').slice(0, 19)}</td>
          <td>{t.chainId}</td>
          <td>
            <code title={t.txnHash}>{short(t.txnHash)}</code>
          </td>
          <td>
            {t.transfers.map((x, i) => (
              <div key={i}>
                {x.transferType}{' '}
                {x.contractAddress === NATIVE ? (
                  <>{formatUnits(x.amounts[0] ?? '0', 18)} of the native coin</>
                ) : (
                  <>
                    {x.amounts.join(', ')} of <code title={x.contractAddress}>{short(x.contractAddress)}</code>
                  </>
                )}
                {x.tokenIds?.some((id) => id !== null) ? ` #${x.tokenIds.filter((id) => id !== null).join(', #')}` : ''} · {short(x.from)} → {short(x.to)}
              </div>
            ))}
          </td>
        </tr>
      ))}
    </tbody>
  </table>
);

export const Wallets = ({ token }: { token: string }) => {
  const [address, setAddress] = useState('');
  const [status, setStatus] = useState<ContractVerificationStatus>('ALL' as ContractVerificationStatus);
  const [portfolio, setPortfolio] = useState<Portfolio | null>(null);
  const [history, setHistory] = useState<Transaction[]>([]);
  const [more, setMore] = useState<string | null>(null);
  const load = useAction();

  const open = (e: Event) => {
    e.preventDefault();
    void load.run(async () => {
      const r = await readPortfolio(token, address.trim(), status, null);
      setPortfolio(r.projectPortfolio ?? null);
      setHistory(r.projectPortfolio?.history.transactions ?? []);
      setMore(r.projectPortfolio?.history.endCursor ?? null);
    });
  };
  const older = () =>
    void load.run(async () => {
      const r = await readPortfolio(token, address.trim(), status, more);
      setHistory((h) => [...h, ...(r.projectPortfolio?.history.transactions ?? [])]);
      setMore(r.projectPortfolio?.history.endCursor ?? null);
    });

  return (
    <section>
      <h2>Wallets</h2>
      <p class="muted">What an app of this project shows a user: every wallet linked to theirs, on every chain.</p>
      <form onSubmit={open} aria-label="Open a wallet">
        <TextField label="Wallet address" hint="The parent wallet or any wallet linked to it; an ENS name works too." value={address} onValue={setAddress} required />
        <div class="field">
          <label for="wallet-contracts">Contracts</label>
          <select id="wallet-contracts" value={status} onChange={(e) => setStatus(e.currentTarget.value as ContractVerificationStatus)}>
            <option value="ALL">all</option>
            <option value="VERIFIED">verified only</option>
            <option value="UNVERIFIED">unverified only</option>
          </select>
        </div>
        <button type="submit" disabled={load.busy}>
          Open wallet
        </button>
      </form>
      <ErrorNotice error={load.error} />
      {portfolio && (
        <>
          <h3>
            Family of <code>{portfolio.parentWalletAddress}</code>
          </h3>
          <ul aria-label="Wallets of the family">
            {portfolio.walletAddresses.map((w) => (
              <li key={w}>
                <code>{w}</code> {w === portfolio.parentWalletAddress && <span class="badge">parent</span>}
              </li>
            ))}
          </ul>
          <Chains p={portfolio} />
          <h3>Holdings</h3>
          {portfolio.holdings.length ? <Holdings p={portfolio} /> : <p class="muted">No token balances.</p>}
          <h3>History</h3>
          {history.length ? <History transactions={history} /> : <p class="muted">No transactions.</p>}
          {more && (
            <button type="button" onClick={older} disabled={load.busy}>
              Older transactions
            </button>
          )}
        </>
      )}
    </section>
  );
};
