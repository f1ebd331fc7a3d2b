// nativeBalance: one account's native coin balance, read from the node (X-Access-Key). The NativeBalance type is
// shared with the balance summaries (token-balance-summary.ts).
import { builder } from '../builder';
import { NativeBalanceRef } from './token-balance-summary';
import { CHAIN_ID_ARG } from './token-balance';
import { ACCOUNT_OR_NAME_DOC, accountArg } from './ens-name';

builder.queryFields((t) => ({
  nativeBalance: t.field({
    type: NativeBalanceRef,
    nullable: true,
    description:
      'The account’s native coin balance (ETH on Ethereum, POL on Polygon) read from the node with eth_getBalance at its latest block; UNAVAILABLE when the node cannot answer (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      accountAddress: t.arg.string({ required: true, description: ACCOUNT_OR_NAME_DOC }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.indexerExtras.nativeBalance(ctx.credentials, { ...args, accountAddress: await accountArg(ctx, 'accountAddress', args.accountAddress) }),
  }),
}));
