// ChainNativeBalance: one chain's answer to the `multiChainNativeBalances` query (X-Access-Key).
import { builder } from '../builder';
import type { ChainAnswer } from '../../domain/indexer/gateway';
import type { NativeBalance } from '../../domain/indexer/types';
import { NativeBalanceRef } from './token-balance-summary';
import { chainSelectionArgs } from './network-type';

const ChainNativeBalanceRef = builder.objectRef<ChainAnswer<NativeBalance>>('ChainNativeBalance').implement({
  description: 'An account’s native coin balance on one chain, or why there is none.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    errorReason: t.exposeString('errorReason', { nullable: true, description: 'Why the chain has no balance to give (its node does not answer); null when it answered.' }),
    balance: t.field({ type: NativeBalanceRef, nullable: true, description: 'The balance; null when the chain failed.', resolve: (c) => c.value }),
  }),
});

builder.queryFields((t) => ({
  multiChainNativeBalances: t.field({
    nullable: true,
    type: [ChainNativeBalanceRef],
    description: 'The account’s native coin balance on every selected chain, read from the nodes concurrently (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      accountAddress: t.arg.string({ required: true, description: 'The account, 0x-prefixed hex in any case.' }),
    },
    resolve: (_, args, ctx) => ctx.services.gateway.nativeBalances(ctx.credentials, args),
  }),
}));
