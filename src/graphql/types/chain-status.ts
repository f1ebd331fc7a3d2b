// ChainStatus: how far ingestion has got on each configured chain, with the `chains` query (X-Access-Key).
import { builder } from '../builder';
import type { ChainStatus } from '../../domain/indexer/types';
import { EndpointHealthRef } from './endpoint-health';
import { WatchedContractRef } from './watched-contract';

const FinalitySourceRef = builder.enumType('FinalitySource', {
  description: 'What decides a chain’s finalized block.',
  values: {
    NODE: { description: 'The node’s finalized block (never closer to the head than the confirmations).' },
    CONFIRMATIONS: { description: 'The confirmation depth: the node reports no finalized block.' },
  } as const,
});

export const ChainStatusRef = builder.objectRef<ChainStatus>('ChainStatus').implement({
  description: 'From ingestion’s checkpoint; the block fields are null until ingestion first ran for the chain.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    name: t.exposeString('name', { nullable: true, description: 'The chain’s configured name (accepted wherever a chain id is); null when it has none.' }),
    indexedBlock: t.exposeInt('indexedBlock', { nullable: true, description: 'Every row up to this block is committed.' }),
    indexedHash: t.exposeString('indexedHash', { nullable: true, description: 'The hash of indexedBlock, lower-case hex; null until a block is committed.' }),
    headBlock: t.exposeInt('headBlock', { nullable: true, description: 'The node’s head when ingestion last looked.' }),
    finalizedBlock: t.exposeInt('finalizedBlock', { nullable: true, description: 'Blocks up to here are final (see finalitySource).' }),
    finalitySource: t.field({
      type: FinalitySourceRef,
      nullable: true,
      description: 'What decides finalizedBlock.',
      resolve: (c) => (c.finalitySource === 'node' ? 'NODE' : c.finalitySource === 'confirmations' ? 'CONFIRMATIONS' : null),
    }),
    endpoints: t.field({ type: [EndpointHealthRef], description: 'The chain’s RPC endpoints, preferred first, as the ingester last saw them.', resolve: (c) => c.endpoints }),
    contracts: t.field({
      type: [WatchedContractRef],
      description: 'The contracts the chain is limited to, with their backfill progress; empty when it indexes every token contract.',
      resolve: (c) => c.contracts,
    }),
    lag: t.exposeInt('lag', { nullable: true, description: 'headBlock − indexedBlock.' }),
    eventsIndexed: t.exposeFloat('eventsIndexed', {
      description: 'Events (transfer rows) committed so far, counted up with each batch (a rollback does not count them down): two readings give events per second.',
    }),
    nativeTransfers: t.exposeBoolean('nativeTransfers', {
      description:
        'Whether native coin transfers (contract type NATIVE) are indexed on this chain (CHAINS `nativeTransfers`); off, history, events and webhooks hold token transfers only. Blocks indexed while it was off hold none.',
    }),
    internalTransfers: t.exposeBoolean('internalTransfers', {
      description:
        'Whether internal transfers (NATIVE transfers made by contract calls, `internal: true`) are indexed: CHAINS `traces` allows them and an endpoint serves debug_traceBlockByNumber or trace_block. Off, internalTransfersReason says why.',
    }),
    internalTransfersReason: t.exposeString('internalTransfersReason', {
      nullable: true,
      description: 'Why internal transfers are not indexed on this chain; null when they are.',
    }),
    approvals: t.exposeBoolean('approvals', {
      description:
        'Whether token approvals are indexed on this chain (CHAINS `approvals`); off, `approvals` and `approvalHistory` answer nothing and no approval webhook item comes. Blocks indexed while it was off hold none.',
    }),
    updatedAt: t.field({ type: 'Timestamp', nullable: true, description: 'When ingestion last wrote the chain’s checkpoint; null until it first ran.', resolve: (c) => c.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  chains: t.field({
    nullable: true,
    type: [ChainStatusRef],
    description: 'Every configured chain, in configuration order (X-Access-Key).',
    resolve: (_, __, ctx) => ctx.services.indexer.chainStatus(ctx.credentials),
  }),
}));
