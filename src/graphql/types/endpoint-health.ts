// EndpointHealth: one RPC endpoint of a chain as its ingester last saw it (ChainStatus.endpoints).
import { builder } from '../builder';
import type { EndpointHealth } from '../../domain/indexer/types';

const EndpointStateRef = builder.enumType('EndpointState', {
  description: 'Whether the ingester sends requests to an RPC endpoint, and if not, why.',
  values: {
    HEALTHY: { description: 'Takes requests.' },
    BENCHED: { description: 'Failed recently; tried again once benchedUntil passes.' },
    BEHIND: { description: 'Its head trails the best endpoint’s by more than maxLagBlocks; used again once it catches up.' },
    WRONG_CHAIN: { description: 'Serves another chain id; never used.' },
  } as const,
});

const STATES = { healthy: 'HEALTHY', benched: 'BENCHED', behind: 'BEHIND', 'wrong-chain': 'WRONG_CHAIN' } as const;

export const EndpointHealthRef = builder.objectRef<EndpointHealth>('EndpointHealth').implement({
  description: 'Scheme, host and port only: paths and credentials, where providers put API keys, are never shown.',
  fields: (t) => ({
    url: t.exposeString('url', { description: 'The endpoint’s scheme, host and port.' }),
    state: t.field({ type: EndpointStateRef, description: 'Whether it takes requests.', resolve: (e) => STATES[e.state] }),
    inUse: t.exposeBoolean('inUse', { description: 'Requests go to this endpoint now (the first usable one, in configured order).' }),
    head: t.exposeInt('head', { nullable: true, description: 'The last head it reported.' }),
    failures: t.exposeInt('failures', { description: 'Transient failures in a row.' }),
    benchedUntil: t.field({
      type: 'Timestamp',
      nullable: true,
      description: 'When its bench ends; null when no bench is running.',
      resolve: (e) => e.benchedUntil,
    }),
    served: t.exposeInt('served', { description: 'Requests it answered since the ingester started.' }),
    failed: t.exposeInt('failed', { description: 'Requests that failed on it since the ingester started.' }),
    traces: t.exposeString('traces', {
      nullable: true,
      description:
        'The trace method it serves for internal transfers (`debug_traceBlockByNumber` or `trace_block`), `none` when it refused both; null until the ingester asked it.',
    }),
  }),
});
