// A chain's indexing over time, from the samples the indexing process records (CHAIN_PACE_SAMPLE_SECONDS): blocks
// behind the head on the left axis, blocks and events committed per second on the right, over a chosen period;
// read again every 15 seconds.
import { useEffect, useState } from 'preact/hooks';
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { Chart, secondsOf } from './Chart';
import { ErrorNotice } from './Notice';

const PaceQuery = graphql(`
  query ConsoleChainPace($chainId: String!, $hours: Int) {
    chainPace(chainId: $chainId, hours: $hours) {
      sampledAt
      indexedBlock
      headBlock
      lag
      eventsIndexed
      blocksPerSecond
      eventsPerSecond
    }
  }
`);

const PERIODS = [
  { hours: 1, label: 'Last hour' },
  { hours: 6, label: 'Last 6 hours' },
  { hours: 24, label: 'Last 24 hours' },
  { hours: 168, label: 'Last 7 days' },
];
const REFRESH_MS = 15_000;

const timeText = (t: number) => new Date(t * 1000).toLocaleString('en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' });
const rate = (v: number) => v.toLocaleString('en', { maximumFractionDigits: v < 10 ? 2 : 0 });

export const ChainPace = ({ token, chainId, name }: { token: string; chainId: number; name: string }) => {
  const [hours, setHours] = useState(1);
  const pace = useLoad(() => request(token, PaceQuery, { chainId: String(chainId), hours }), [token, chainId, hours]);
  useEffect(() => {
    const timer = setInterval(pace.reload, REFRESH_MS);
    return () => clearInterval(timer);
  }, [pace.reload]);
  const samples = pace.data?.chainPace ?? [];
  const select = `pace-period-${chainId}`;
  return (
    <div class="pace">
      <ErrorNotice error={pace.error} />
      <div class="field inline">
        <label for={select}>Period of {name}’s pace</label>
        <select id={select} value={hours} onChange={(e) => setHours(Number(e.currentTarget.value))}>
          {PERIODS.map((p) => (
            <option key={p.hours} value={p.hours}>
              {p.label}
            </option>
          ))}
        </select>
      </div>
      {pace.data && samples.length === 0 && <p class="muted">No pace samples in this period yet: the indexing process records one every minute.</p>}
      {samples.length > 0 && (
        <Chart
          testId={`chain-pace-${chainId}`}
          title={`Pace and lag of ${name}`}
          xLabel="Sampled"
          x={samples.map((s) => secondsOf(s.sampledAt))}
          xText={timeText}
          leftUnit="blocks behind"
          rightUnit="per second"
          series={[
            { label: 'Blocks behind', values: samples.map((s) => s.lag), color: '#b42318' },
            { label: 'Blocks per second', values: samples.map((s) => s.blocksPerSecond ?? null), color: '#2950c8', right: true, format: rate },
            { label: 'Events per second', values: samples.map((s) => s.eventsPerSecond ?? null), color: '#1a7f37', right: true, dash: true, format: rate },
          ]}
          extraColumns={[
            { label: 'Indexed block', values: samples.map((s) => s.indexedBlock), format: String },
            { label: 'Head', values: samples.map((s) => s.headBlock), format: String },
            { label: 'Events', values: samples.map((s) => s.eventsIndexed) },
          ]}
        />
      )}
    </div>
  );
};
