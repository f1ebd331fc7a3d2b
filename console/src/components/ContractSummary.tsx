// A contract at a glance: its logo, supply, how many accounts hold it, and its largest holders.
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { ErrorNotice } from './Notice';

const Summary = graphql(`
  query ConsoleContractSummary($chainId: String!, $contractAddress: String!) {
    token(chainId: $chainId, contractAddress: $contractAddress) {
      supply
      holdersCount
      holders(first: 5) {
        nodes {
          accountAddress
          balance
          tokenCount
        }
      }
    }
  }
`);

/** A uint256 as digits grouped by thousands (bigint: no precision is lost). */
const grouped = (value: string | null | undefined) => (value == null ? '—' : BigInt(value).toLocaleString('en'));

export const ContractSummary = ({ token, chainId, address, name, logoUri }: { token: string; chainId: string; address: string; name: string; logoUri?: string | null }) => {
  const summary = useLoad(() => request(token, Summary, { chainId, contractAddress: address }), [token, chainId, address]);
  const t = summary.data?.token;
  return (
    <section class="contract-summary" aria-labelledby="summary-title">
      <h3 id="summary-title" class="visually-hidden">
        Summary
      </h3>
      <div class="summary-head">
        {logoUri ? (
          <img class="logo" data-testid="contract-logo" src={logoUri} alt={`Logo of ${name || address}`} />
        ) : (
          <div class="logo placeholder" aria-hidden="true">
            no logo
          </div>
        )}
        <dl class="stats">
          <div>
            <dt>Supply</dt>
            <dd data-testid="contract-supply">{summary.loading && !t ? '…' : grouped(t?.supply)}</dd>
          </div>
          <div>
            <dt>Holders</dt>
            <dd data-testid="contract-holders">{summary.loading && !t ? '…' : (t?.holdersCount ?? 0).toLocaleString('en')}</dd>
          </div>
        </dl>
      </div>
      <ErrorNotice error={summary.error} />
      {t && t.holders.nodes.length > 0 && (
        <table class="top-holders">
          <caption>Largest holders</caption>
          <thead>
            <tr>
              <th>Account</th>
              <th>Balance</th>
            </tr>
          </thead>
          <tbody>
            {t.holders.nodes.map((h) => (
              <tr key={h.accountAddress}>
                <td>
                  <code>{h.accountAddress}</code>
                </td>
                <td>
                  {grouped(h.balance)}
                  {h.tokenCount > 1 ? ` (${h.tokenCount} token ids)` : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
};
