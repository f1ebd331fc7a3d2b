// A webhook listener's deliveries per hour over the last 24 hours: delivered, and waiting or given up, as bars; the
// delivered ones' mean and longest latency as lines on the right-hand axis.
import { request } from '../api';
import { graphql } from '../gql';
import { useLoad } from '../hooks';
import { Chart, secondsOf } from './Chart';
import { ErrorNotice } from './Notice';

const HoursQuery = graphql(`
  query ConsoleWebhookDeliveryHours($chainId: String, $listenerId: Int!) {
    webhookDeliveryHours(chainId: $chainId, listenerId: $listenerId, hours: 24) {
      start
      delivered
      waiting
      dead
      averageLatencyMs
      maxLatencyMs
    }
  }
`);

const HOUR_SECONDS = 3_600;
const hourText = (t: number) => new Date(t * 1000).toLocaleString('en-GB', { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
const ms = (v: number) => `${v.toLocaleString('en')} ms`;

/** `reloads` changes when the delivery log is refreshed: the chart is read again with it. */
export const DeliveryHours = ({ token, chainId, listenerId, label, reloads }: { token: string; chainId: string | null; listenerId: number; label: string; reloads: number }) => {
  const read = useLoad(() => request(token, HoursQuery, { chainId, listenerId }), [token, chainId, listenerId, reloads]);
  const hours = read.data?.webhookDeliveryHours ?? [];
  return (
    <>
      <ErrorNotice error={read.error} />
      {read.data && (
        <Chart
          testId={`delivery-hours-${listenerId}`}
          title={`Deliveries per hour of ${label}, last 24 hours`}
          xLabel="Hour"
          x={hours.map((h) => secondsOf(h.start))}
          xText={hourText}
          step={HOUR_SECONDS}
          leftUnit="deliveries"
          rightUnit="latency, ms"
          series={[
            { label: 'Delivered', values: hours.map((h) => h.delivered), color: '#1a7f37', bars: true },
            { label: 'Waiting or given up', values: hours.map((h) => h.waiting + h.dead), color: '#b42318', bars: true },
            { label: 'Mean latency', values: hours.map((h) => h.averageLatencyMs ?? null), color: '#2950c8', right: true, format: ms },
            { label: 'Longest latency', values: hours.map((h) => h.maxLatencyMs ?? null), color: '#6e40c9', right: true, dash: true, format: ms },
          ]}
          extraColumns={[
            { label: 'Waiting', values: hours.map((h) => h.waiting) },
            { label: 'Given up', values: hours.map((h) => h.dead) },
          ]}
        />
      )}
    </>
  );
};
