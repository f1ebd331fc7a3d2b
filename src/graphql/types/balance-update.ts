// BalanceUpdate: a balance as one block left it, with the `balanceUpdates` query of one contract (X-Access-Key).
import { builder } from '../builder';
import type { BalanceUpdate } from '../../domain/indexer/types';
import { CHAIN_ID_ARG } from './token-balance';
import { connectionOf, forwardArgs, pageOfArgs, pageSizeField } from './token-balance-connection';

export const BalanceUpdateRef = builder.objectRef<BalanceUpdate>('BalanceUpdate').implement({
  description: 'One per (block, account, token id) that a block changed. Mints and burns show as the holder’s change only.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    contractType: t.exposeString('contractType'),
    contractAddress: t.exposeString('contractAddress'),
    accountAddress: t.exposeString('accountAddress'),
    tokenID: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20.', resolve: (u) => u.tokenId }),
    balance: t.field({
      type: 'BigInt',
      description: 'The account’s balance after this block (negative only when history before the chain’s start block is missing).',
      resolve: (u) => u.balance,
    }),
    delta: t.field({ type: 'BigInt', description: 'The signed net change within this block (0 for a self-transfer).', resolve: (u) => u.delta }),
    blockNumber: t.exposeInt('blockNumber'),
    blockHash: t.exposeString('blockHash'),
  }),
});

const BalanceUpdateConnectionRef = builder.connectionObject(
  { type: BalanceUpdateRef, name: 'BalanceUpdateConnection', fields: (t) => ({ pageSize: t.int(pageSizeField) }) },
  { name: 'BalanceUpdateEdge' },
);

builder.queryFields((t) => ({
  balanceUpdates: t.field({
    type: BalanceUpdateConnectionRef,
    description:
      'Balance changes of one contract in blocks after `lastBlockNumber` (0: from the beginning), ascending by block, then account, then token id; 200 per page by default, at most 1000. A page ends at a block boundary when it can (X-Access-Key).',
    args: {
      chainID: t.arg.string(CHAIN_ID_ARG),
      contractAddress: t.arg.string({ required: true }),
      lastBlockNumber: t.arg({ type: 'BigInt', description: 'Exclusive; default 0.' }),
      ...forwardArgs,
    },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.indexer.balanceUpdates(ctx.credentials, { ...args, page: pageOfArgs(args) })),
  }),
}));
