// EventLog: a decoded token log pushed live; BLOCK_REMOVED when its block is orphaned.
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { LogEvent } from '../../pubsub';
import { EventFilterInput } from './event-filter-input';
import { CHAIN_ID_ARG } from './token-balance';

const EventLogTypeRef = builder.enumType('EventLogType', {
  description: 'Whether an event arrived with its block or is withdrawn with it.',
  values: {
    BLOCK_ADDED: { description: 'The log’s block joined the chain.' },
    BLOCK_REMOVED: { description: 'The log’s block was orphaned by a reorg: the event no longer happened.' },
  } as const,
});

const EventDecodedRef = builder.objectRef<LogEvent['event']>('EventDecoded').implement({
  description: 'A transfer log decoded by its event signature; `types`, `names` and `values` are parallel.',
  fields: (t) => ({
    topicHash: t.exposeString('topicHash', { description: 'topic0: the keccak256 of the event signature, lower-case hex.' }),
    eventSig: t.exposeString('eventSig', {
      description: 'The event signature with parameter names, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`.',
    }),
    types: t.exposeStringList('types', { description: 'The parameters’ Solidity types.' }),
    names: t.exposeStringList('names', { description: 'The parameters’ names.' }),
    values: t.exposeStringList('values', {
      description:
        'The values as text: addresses lower-case hex, integers decimal, TransferBatch ids and values JSON arrays of decimal strings; the ERC-1155 operator and the ERC-6909 caller are empty in BLOCK_REMOVED events.',
    }),
  }),
});

const TxnInfoRef = builder.objectRef<LogEvent['txn']>('TxnInfo').implement({
  description: 'The transaction that emitted a log.',
  fields: (t) => ({
    from: t.exposeString('from', { description: 'The sender, lower-case hex; empty when unknown.' }),
    to: t.exposeString('to', { description: 'The recipient, lower-case hex; empty for a contract creation or when unknown.' }),
    value: t.field({ type: 'BigInt', description: 'The native value it sent, in wei.', resolve: (x) => x.value }),
  }),
});

const RawLogRef = builder.objectRef<Pick<LogEvent, 'topics' | 'data' | 'contract'>>('RawLog').implement({
  description: 'A log as the node returned it.',
  fields: (t) => ({
    address: t.exposeString('contract', { description: 'The emitting contract, lower-case hex.' }),
    topics: t.exposeStringList('topics', {
      description: 'The indexed topics, topic0 (the event’s hash) first, lower-case hex; empty in BLOCK_REMOVED events.',
    }),
    data: t.exposeString('data', { description: 'The non-indexed data, lower-case hex; `0x` in BLOCK_REMOVED events.' }),
  }),
});

export const EventLogRef = builder.objectRef<LogEvent>('EventLog').implement({
  description: 'A decoded token transfer log, pushed when its block is committed (BLOCK_ADDED) and again when the block is orphaned (BLOCK_REMOVED).',
  fields: (t) => ({
    uid: t.string({
      description: 'Identifies the log: `<chainId>-<blockHash>-<txnLogIndex>`, the same in its BLOCK_ADDED and BLOCK_REMOVED events.',
      resolve: (e) => `${e.chainId}-${e.blockHash}-${e.logIndex}`,
    }),
    type: t.expose('type', { type: EventLogTypeRef, description: 'BLOCK_ADDED, or BLOCK_REMOVED when the block was orphaned.' }),
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The block holding the log.' }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex.' }),
    parentBlockHash: t.exposeString('parentBlockHash', { description: 'The hash of the block’s parent, lower-case hex; empty in BLOCK_REMOVED events.' }),
    contractAddress: t.exposeString('contract', { description: 'The token contract that emitted the log, lower-case hex.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    txnHash: t.exposeString('txHash', { description: 'The transaction’s hash, lower-case hex.' }),
    txnIndex: t.exposeInt('txIndex', { description: 'The transaction’s position in the block.' }),
    txnLogIndex: t.exposeInt('logIndex', { description: 'The log’s index in the block.' }),
    ts: t.field({
      type: 'Timestamp',
      description: 'The block’s time; the zero time when unknown.',
      resolve: (e) => (e.timestamp ? new Date(e.timestamp * 1000) : null),
    }),
    txnInfo: t.field({ type: TxnInfoRef, description: 'The transaction’s sender, recipient and native value.', resolve: (e) => e.txn }),
    rawLog: t.field({ type: RawLogRef, description: 'The log as the node returned it.', resolve: (e) => e }),
    event: t.field({ type: EventDecodedRef, description: 'The log decoded.', resolve: (e) => e.event }),
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('logs', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  events: t.field({
    type: EventLogRef,
    description: 'Token transfer events by contract and/or account, narrowed by signature and token id.',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      filter: t.arg({ type: EventFilterInput, required: true, description: 'Which events to push.' }),
      fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }),
      cursor: t.arg.string({ description: RESUME_CURSOR_DOC }),
    },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.events(ctx.credentials, { chainId: args.chainId, filter: args.filter as Record<string, unknown>, fromBlock: args.fromBlock, cursor: args.cursor }),
    resolve: (e) => e,
  }),
}));
