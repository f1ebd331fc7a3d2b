// EventLog: a decoded token log pushed live; BLOCK_REMOVED when its block is orphaned.
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { LogEvent } from '../../pubsub';
import { EventFilterInput } from './event-filter-input';

const EventLogTypeRef = builder.enumType('EventLogType', {
  description: 'Whether an event arrived with its block or is withdrawn with it.',
  values: {
    BLOCK_ADDED: { description: 'The log’s block joined the chain.' },
    BLOCK_REMOVED: { description: 'The log’s block was orphaned by a reorg: the event no longer happened.' },
  } as const,
});

const EventDecodedRef = builder.objectRef<LogEvent['event']>('EventDecoded').implement({
  fields: (t) => ({
    topicHash: t.exposeString('topicHash'),
    eventSig: t.exposeString('eventSig'),
    types: t.exposeStringList('types'),
    names: t.exposeStringList('names'),
    values: t.exposeStringList('values'),
  }),
});

const TxnInfoRef = builder.objectRef<LogEvent['txn']>('TxnInfo').implement({
  fields: (t) => ({ from: t.exposeString('from'), to: t.exposeString('to'), value: t.field({ type: 'BigInt', resolve: (x) => x.value }) }),
});

const RawLogRef = builder.objectRef<Pick<LogEvent, 'topics' | 'data' | 'contract'>>('RawLog').implement({
  fields: (t) => ({ address: t.exposeString('contract'), topics: t.exposeStringList('topics'), data: t.exposeString('data') }),
});

export const EventLogRef = builder.objectRef<LogEvent>('EventLog').implement({
  fields: (t) => ({
    uid: t.string({ resolve: (e) => `${e.chainId}-${e.blockHash}-${e.logIndex}` }),
    type: t.expose('type', { type: EventLogTypeRef, description: 'BLOCK_ADDED, or BLOCK_REMOVED when the block was orphaned.' }),
    chainId: t.exposeInt('chainId'),
    blockNumber: t.exposeInt('blockNumber'),
    blockHash: t.exposeString('blockHash'),
    parentBlockHash: t.exposeString('parentBlockHash'),
    contractAddress: t.exposeString('contract'),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    txnHash: t.exposeString('txHash'),
    txnIndex: t.exposeInt('txIndex'),
    txnLogIndex: t.exposeInt('logIndex'),
    ts: t.field({ type: 'Timestamp', resolve: (e) => (e.timestamp ? new Date(e.timestamp * 1000) : null) }),
    txnInfo: t.field({ type: TxnInfoRef, resolve: (e) => e.txn }),
    rawLog: t.field({ type: RawLogRef, resolve: (e) => e }),
    event: t.field({ type: EventDecodedRef, resolve: (e) => e.event }),
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('logs', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  events: t.field({
    type: EventLogRef,
    description: 'Token transfer events by contract and/or account, narrowed by signature and token id.',
    args: { chainId: t.arg.string(), filter: t.arg({ type: EventFilterInput, required: true }), fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }), cursor: t.arg.string({ description: RESUME_CURSOR_DOC }) },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.events(ctx.credentials, { chainId: args.chainId, filter: args.filter as Record<string, unknown>, fromBlock: args.fromBlock, cursor: args.cursor }),
    resolve: (e) => e,
  }),
}));
