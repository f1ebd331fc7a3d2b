// ChainStatus: how far ingestion has got on each configured chain, with the `chains` query (X-Access-Key).
import { builder } from '../builder';
import type { ChainStatus } from '../../domain/indexer/types';

export const ChainStatusRef = builder.objectRef<ChainStatus>('ChainStatus').implement({
  description: 'From ingestion’s checkpoint; the block fields are null until ingestion first ran for the chain.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    name: t.exposeString('name', { nullable: true }),
    indexedBlock: t.exposeInt('indexedBlock', { nullable: true, description: 'Every row up to this block is committed.' }),
    indexedHash: t.exposeString('indexedHash', { nullable: true }),
    headBlock: t.exposeInt('headBlock', { nullable: true, description: 'The node’s head when ingestion last looked.' }),
    finalizedBlock: t.exposeInt('finalizedBlock', { nullable: true, description: 'Blocks up to here are past the confirmation depth.' }),
    lag: t.exposeInt('lag', { nullable: true, description: 'headBlock − indexedBlock.' }),
    updatedAt: t.field({ type: 'Timestamp', nullable: true, resolve: (c) => c.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  chains: t.field({
    type: [ChainStatusRef],
    description: 'Every configured chain, in configuration order (X-Access-Key).',
    resolve: (_, __, ctx) => ctx.services.indexer.chainStatus(ctx.credentials),
  }),
}));
