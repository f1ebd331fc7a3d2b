// ChainRuntimeStatus: one chain in RuntimeStatus — its indexing progress, whether its node answers, response times.
import { builder } from '../builder';
import type { ChainRuntime } from '../../domain/runtime-status';
import { ChainStatusRef } from './chain-status';
import { ResponseTimesRef } from './response-times';

export const ChainRuntimeStatusRef = builder.objectRef<ChainRuntime>('ChainRuntimeStatus').implement({
  description: 'A configured chain as this server sees it now.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    name: t.exposeString('name', { nullable: true, description: 'Its configured name; null when it has none.' }),
    nodeAnswers: t.exposeBoolean('nodeAnswers', { description: 'Its node answered eth_blockNumber just now (or within the health check’s TTL).' }),
    errorReason: t.exposeString('errorReason', { nullable: true, description: 'Why the chain is not healthy; null when it is.' }),
    indexedBlock: t.exposeInt('indexedBlock', { nullable: true, description: 'Every row up to this block is committed; null before ingestion first ran.' }),
    headBlock: t.exposeInt('headBlock', { nullable: true, description: 'The node’s head (just read when it answers, else as ingestion last saw it).' }),
    lag: t.exposeInt('lag', { nullable: true, description: 'headBlock − indexedBlock.' }),
    percentIndexed: t.exposeFloat('percentIndexed', { nullable: true, description: 'Share of the blocks from the start block to the head that are indexed, 0-100.' }),
    responseTime: t.field({ type: ResponseTimesRef, nullable: true, description: 'The multi-chain reads of this chain; null before the first.', resolve: (c) => c.responseTime }),
    progress: t.field({ type: ChainStatusRef, description: 'Ingestion’s checkpoint, endpoints and watched contracts.', resolve: (c) => c }),
  }),
});
