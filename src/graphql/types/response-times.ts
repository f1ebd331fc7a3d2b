// ResponseTimes: how long a chain took to answer the multi-chain reads of this process (ChainRuntimeStatus).
import { builder } from '../builder';
import type { ResponseTimes } from '../../domain/indexer/latency';

export const ResponseTimesRef = builder.objectRef<ResponseTimes>('ResponseTimes').implement({
  description: 'Over the chain’s last reads (at most 512) by the multi-chain queries of this process, in milliseconds.',
  fields: (t) => ({
    samples: t.exposeInt('samples', { description: 'How many reads these figures cover.' }),
    average: t.exposeFloat('average', { description: 'Mean, ms.' }),
    p50: t.float({ description: 'Median, ms.', resolve: (r) => r.percentiles.p50 }),
    p95: t.float({ description: '95th percentile, ms.', resolve: (r) => r.percentiles.p95 }),
    p99: t.float({ description: '99th percentile, ms.', resolve: (r) => r.percentiles.p99 }),
  }),
});
