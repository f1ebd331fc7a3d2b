// A project's requests per UTC day over the last 30 days, all its access keys together (revoked ones too): served and
// refused for a key's rate or monthly quota.
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { ErrorNotice } from './Notice';
import { UsageChart } from './UsageChart';

const ProjectUsageQuery = graphql(`
  query ConsoleProjectUsage {
    projectUsage {
      day
      requests
      refused
    }
  }
`);

export const ProjectUsage = ({ token }: { token: string }) => {
  const usage = useLoad(() => request(token, ProjectUsageQuery, {}), [token]);
  const days = usage.data?.projectUsage ?? [];
  const served = days.reduce((n, d) => n + d.requests, 0);
  const refused = days.reduce((n, d) => n + d.refused, 0);
  return (
    <section class="card project-usage" aria-labelledby="project-usage-title">
      <h3 id="project-usage-title">Requests of the project</h3>
      <ErrorNotice error={usage.error} />
      <p class="muted">
        Last 30 days, every key: <strong data-testid="project-served">{served.toLocaleString('en')}</strong> served,{' '}
        <strong data-testid="project-refused">{refused.toLocaleString('en')}</strong> refused{' '}
        <button type="button" onClick={usage.reload} disabled={usage.loading}>
          Refresh <span class="visually-hidden">requests of the project</span>
        </button>
      </p>
      {usage.data && <UsageChart testId="project-usage-chart" title="Requests per day, all keys" days={days} />}
    </section>
  );
};
