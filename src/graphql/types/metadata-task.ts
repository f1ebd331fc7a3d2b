// MetadataTask: one refresh of token metadata or contract info, queued by a client, an on-chain event, an operator or
// the retry schedule; the task lookup and the mutations that queue refreshes (X-Access-Key).
import { builder } from '../builder';
import type { MetadataTask } from '../../domain/metadata-jobs/task-types';
import { payloadLines } from '../../domain/metadata-jobs/task-types';
import { CHAIN_ARG, CONTRACT_ADDRESS_ARG } from './contract-info';

const MetadataTaskStatusRef = builder.enumType('MetadataTaskStatus', {
  description: 'Where a refresh task is.',
  values: {
    QUEUED: { description: 'Waiting to run (at runAt).' },
    RUNNING: { description: 'A worker is running it.' },
    DONE: { description: 'Finished; every item was refreshed (see result).' },
    FAILED: { description: 'Finished with failures (see error and result); failed tokens are fetched again on the retry schedule.' },
  } as const,
});

const MetadataTaskOriginRef = builder.enumType('MetadataTaskOrigin', {
  description: 'What queued a refresh task.',
  values: {
    REQUEST: { description: 'A client asked (refresh mutations, RefreshTokenMetadata, RefreshContractInfo).' },
    EVENT: { description: 'The contract emitted ERC-4906 MetadataUpdate / BatchMetadataUpdate or ERC-1155 URI.' },
    ADMIN: { description: 'The operator refreshed what was older than a time.' },
    RETRY: { description: 'The retry schedule of fetches that failed, timed out or gave a placeholder.' },
  } as const,
});

export const MetadataTaskRef = builder.objectRef<MetadataTask>('MetadataTask').implement({
  description: 'A refresh of token metadata (queue `tokens`) or contract info (queue `contracts`), run in the background.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The task id (GetTask / GetTaskStatus).' }),
    queue: t.exposeString('queue', { description: '`tokens` or `contracts`.' }),
    status: t.field({ type: MetadataTaskStatusRef, description: 'Where the task is.', resolve: (x) => x.status }),
    origin: t.field({ type: MetadataTaskOriginRef, description: 'What queued it.', resolve: (x) => x.origin.toUpperCase() as 'REQUEST' }),
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.string({ nullable: true, description: 'The token contract (tokens queue), or the only contract of a contracts task.', resolve: (x) => x.contractAddress }),
    payload: t.stringList({ description: 'What the task refreshes, one line per fact (token ids, ranges, the events that named them).', resolve: (x) => payloadLines(x) }),
    result: t.stringList({ description: 'One line per refreshed item once the task ended, e.g. `12: AVAILABLE` (at most 1,000 lines).', resolve: (x) => x.result }),
    error: t.string({ nullable: true, description: 'Why the task failed.', resolve: (x) => x.error }),
    tries: t.exposeInt('tries', { description: 'Runs started (a run interrupted by a stopped process is tried again, at most 3 times).' }),
    runAt: t.field({ type: 'Timestamp', description: 'When it runs (or ran).', resolve: (x) => x.runAt }),
    lastRanAt: t.field({ type: 'Timestamp', nullable: true, description: 'When its last run started.', resolve: (x) => x.lastRanAt }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was queued.', resolve: (x) => x.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', description: 'Its last change.', resolve: (x) => x.updatedAt }),
  }),
});

builder.queryFields((t) => ({
  metadataTask: t.field({
    nullable: true,
    type: MetadataTaskRef,
    description: 'A refresh task by id; NOT_FOUND when there is none (X-Access-Key).',
    args: { id: t.arg.int({ required: true, description: 'The task id.' }) },
    resolve: (_, { id }, ctx) => ctx.services.metadataTasks.get(ctx.credentials, id),
  }),
  metadataTasks: t.field({
    nullable: true,
    type: [MetadataTaskRef],
    description: 'The newest refresh tasks of a contract, newest first, whatever queued them (e.g. an ERC-4906 event) (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      last: t.arg.int({ required: false, description: 'How many, 1 to 100; 20 when absent.' }),
    },
    resolve: (_, args, ctx) => ctx.services.metadataTasks.recent(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  queueTokenMetadataRefresh: t.field({
    nullable: true,
    type: MetadataTaskRef,
    description:
      'Queues a refresh of the listed tokens (at most 10,000); without tokenIds, of every cached token of the contract and its contract info. Answers at once with the task (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddress: t.arg.string(CONTRACT_ADDRESS_ARG),
      tokenIds: t.arg({ type: ['BigInt'], required: false, description: 'The tokens; absent or empty: every cached token of the contract.' }),
      newMints: t.arg.boolean({ required: false, description: 'Also fetch minted tokens (seen by the indexer) never fetched yet.' }),
    },
    resolve: (_, args, ctx) => ctx.services.metadataTasks.refreshTokens(ctx.credentials, { ...args, tokenIds: args.tokenIds as string[] | null }),
  }),
  queueContractInfoRefresh: t.field({
    nullable: true,
    type: MetadataTaskRef,
    description: 'Queues a refresh of the contracts’ info (at most 1,000) from the chain and their contractURI documents; answers at once with the task (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ARG),
      contractAddresses: t.arg.stringList({ required: true, description: 'The contracts, 0x-prefixed hex in any case.' }),
    },
    resolve: (_, args, ctx) => ctx.services.metadataTasks.refreshContracts(ctx.credentials, args),
  }),
}));
