// One access key's limits and its use: requests served and refused per UTC day over the last 30 days, drawn as bars
// (UsageChart, with the same numbers in a table for screen readers), and this month's total against the key's quota.
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { ErrorNotice } from './Notice';
import { UsageChart } from './UsageChart';

const UsageQuery = graphql(`
  query ConsoleAccessKeyUsage($id: Int!) {
    accessKeyUsage(id: $id) {
      day
      requests
      refused
    }
  }
`);

export type KeyLimits = { requestsPerSecond?: number | null; requestsPerMonth?: number | null; maxQueryCost?: number | null };

const limitText = (value: number | null | undefined, unit: string) => (value ? `${value.toLocaleString('en')} ${unit}` : `server default`);

/** The key's own limits, or "server default" where it has none. */
export const KeyLimitsLine = ({ limits }: { limits: KeyLimits }) => (
  <div class="muted" data-testid="key-limits">
    Rate: {limitText(limits.requestsPerSecond, 'req/s')} · Quota: {limitText(limits.requestsPerMonth, 'req/month')} · Max query cost:{' '}
    {limitText(limits.maxQueryCost, '')}
  </div>
);

export const KeyUsage = ({ token, id, label, requestsPerMonth }: { token: string; id: number; label: string; requestsPerMonth?: number | null }) => {
  const usage = useLoad(() => request(token, UsageQuery, { id }), [token, id]);
  const days = usage.data?.accessKeyUsage ?? [];
  const month = new Date().toISOString().slice(0, 7);
  const thisMonth = days.filter((d) => d.day.startsWith(month)).reduce((n, d) => n + d.requests, 0);
  const total = days.reduce((n, d) => n + d.requests, 0);
  const refused = days.reduce((n, d) => n + d.refused, 0);
  return (
    <div class="usage" data-testid="key-usage">
      <ErrorNotice error={usage.error} />
      <p>
        This month: <strong data-testid="month-requests">{thisMonth.toLocaleString('en')}</strong> requests
        {requestsPerMonth ? ` of ${requestsPerMonth.toLocaleString('en')} (${Math.min(100, Math.round((100 * thisMonth) / requestsPerMonth))}%)` : ''} · last
        30 days: {total.toLocaleString('en')} served, {refused.toLocaleString('en')} refused
      </p>
      {usage.data && <UsageChart testId="key-usage-chart" title={`Requests per day of ${label}`} days={days} />}
    </div>
  );
};
