// ChainPaceSample: a chain's ingestion progress as sampled at one moment (CHAIN_PACE_SAMPLE_SECONDS), with the pace
// since the sample before; the `chainPace` query reads a window of them (read like `chains`).
import { builder } from '../builder';
import type { PaceSample } from '../../domain/indexer/pace';
import { CHAIN_ID_ARG } from './token-balance';

const ChainPaceSampleRef = builder.objectRef<PaceSample>('ChainPaceSample').implement({
  description: 'What the chain’s checkpoint said at `sampledAt`, recorded by the process that indexes it; kept for CHAIN_PACE_RETENTION_DAYS.',
  fields: (t) => ({
    sampledAt: t.field({ type: 'Timestamp', description: 'When it was sampled (the start of its sampling interval).', resolve: (s) => s.sampledAt }),
    indexedBlock: t.exposeInt('indexedBlock', { description: 'Every row up to this block was committed.' }),
    headBlock: t.exposeInt('headBlock', { description: 'The node’s head as ingestion last saw it.' }),
    lag: t.exposeInt('lag', { description: 'headBlock − indexedBlock (never below 0): blocks behind.' }),
    eventsIndexed: t.exposeFloat('eventsIndexed', { description: 'Events (transfer rows) committed so far (counted up, never down).' }),
    blocksPerSecond: t.exposeFloat('blocksPerSecond', { nullable: true, description: 'Blocks committed per second since the sample before; null for the first sample of the answer.' }),
    eventsPerSecond: t.exposeFloat('eventsPerSecond', { nullable: true, description: 'Events committed per second since the sample before; null for the first sample of the answer.' }),
  }),
});

builder.queryFields((t) => ({
  chainPace: t.field({
    nullable: true,
    type: [ChainPaceSampleRef],
    description:
      'A chain’s sampled progress over the last `hours`, oldest first: lag and pace over time. A window of more than 1,500 samples is thinned to the latest figures of about 1,500 equal stretches (X-Access-Key, or the console’s bearer token).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      hours: t.arg.int({ required: false, description: 'How far back, in hours: 1 to 744; 24 by default.' }),
    },
    resolve: (_, args, ctx) => ctx.services.indexer.chainPace(ctx.credentials, args),
  }),
}));
