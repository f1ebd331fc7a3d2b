// Operator sweeps that queue refresh tasks for what is older than a time (Authorization: Bearer <ADMIN_TOKEN>).
import { builder } from '../builder';
import { MetadataTaskRef } from './metadata-task';

const BEFORE_ARG = { required: true, description: 'Refresh what was last updated before this time.' } as const;

builder.mutationFields((t) => ({
  queueContractInfoRefreshUpdatedBefore: t.field({
    nullable: true,
    type: [MetadataTaskRef],
    description: 'Admin only: queues refreshes of the oldest contracts updated before `before`, one task per chain and 1,000 contracts.',
    args: {
      before: t.arg({ type: 'Timestamp', ...BEFORE_ARG }),
      maxContracts: t.arg.int({ required: true, description: 'At most this many contracts, 1 to 100,000.' }),
    },
    resolve: (_, { before, maxContracts }, ctx) => ctx.services.metadataTasks.refreshContractsUpdatedBefore(ctx.credentials, { before: before as Date, max: maxContracts }),
  }),
  queueTokenMetadataRefreshUpdatedBefore: t.field({
    nullable: true,
    type: [MetadataTaskRef],
    description: 'Admin only: queues refreshes of the oldest token documents updated before `before`, one task per contract and 10,000 tokens.',
    args: {
      before: t.arg({ type: 'Timestamp', ...BEFORE_ARG }),
      maxTokens: t.arg.int({ required: true, description: 'At most this many tokens, 1 to 100,000.' }),
    },
    resolve: (_, { before, maxTokens }, ctx) => ctx.services.metadataTasks.refreshTokensUpdatedBefore(ctx.credentials, { before: before as Date, max: maxTokens }),
  }),
}));
