// Requests served and refused per UTC day, as bars side by side: a project's (ProjectUsage) or one key's (KeyUsage).
import { Chart, dayStart } from './Chart';

export type UsageDay = { day: string; requests: number; refused: number };

const DAY_SECONDS = 86_400;
const dayText = (t: number) => new Date(t * 1000).toISOString().slice(0, 10);

export const UsageChart = ({ testId, title, days }: { testId: string; title: string; days: UsageDay[] }) => (
  <Chart
    testId={testId}
    title={title}
    xLabel="Day (UTC)"
    x={days.map((d) => dayStart(d.day))}
    xText={dayText}
    step={DAY_SECONDS}
    utc
    leftUnit="requests"
    series={[
      { label: 'Served', values: days.map((d) => d.requests), color: '#2950c8', bars: true },
      { label: 'Refused', values: days.map((d) => d.refused), color: '#b42318', bars: true },
    ]}
  />
);
