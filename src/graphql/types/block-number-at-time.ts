// The `blockNumberAtTime` query: which block was the chain's latest at a time, to ask state-as-of queries (atBlock).
import { builder } from '../builder';
import { CHAIN_ID_ARG } from './token-balance';

builder.queryFields((t) => ({
  blockNumberAtTime: t.int({
    description:
      'The last block mined at or before `timestamp` (its state is the chain’s at that time; pass it as `atBlock`). Among the indexed blocks: a time before the chain’s start block, or after the indexed block’s, answers InvalidArgument. A binary search over the stored blocks (a few index seeks), asking the node for blocks whose headers backfill did not keep (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      timestamp: t.arg.int({ required: true, description: 'Unix seconds.' }),
    },
    resolve: (_, args, ctx) => ctx.services.indexer.blockNumberAtTime(ctx.credentials, { chainId: args.chainId, timestamp: args.timestamp }),
  }),
}));

builder.queryFields((t) => ({
  blockNumbersAtTimes: t.intList({
    description:
      'blockNumberAtTime for each of up to 100 times, in their order (RPC: API/BlockNumberAtTime). A time outside the indexed blocks answers InvalidArgument naming it (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      timestamps: t.arg.intList({ required: true, description: 'Unix seconds, each.' }),
    },
    resolve: (_, args, ctx) => ctx.services.indexer.blockNumbersAtTimes(ctx.credentials, { chainId: args.chainId, timestamps: args.timestamps }),
  }),
}));
