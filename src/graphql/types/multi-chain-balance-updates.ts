// The `multiChainBalanceUpdates` query: one contract address's balance changes on several chains (X-Access-Key).
import { builder } from '../builder';
import { BalanceUpdateRef } from './balance-update';
import { multiChainPageType } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

const MultiChainBalanceUpdatesRef = multiChainPageType(BalanceUpdateRef, 'BalanceUpdates', 'balance changes');

builder.queryFields((t) => ({
  multiChainBalanceUpdates: t.field({
    nullable: true,
    type: MultiChainBalanceUpdatesRef,
    description:
      'balanceUpdates of the contract address on every selected chain, read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      lastBlockNumber: t.arg.int({ description: 'Changes in later blocks only (exclusive); 0 or absent: from the beginning.' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.balanceUpdates(ctx.credentials, { ...args, page: pageOfArgs({ first, after }) }),
  }),
}));
