// chainId: the chain a request reaches, checked (X-Access-Key): the published clients' GetChainID.
import { builder } from '../builder';
import { CHAIN_ID_ARG } from './token-balance';

builder.queryFields((t) => ({
  chainId: t.int({
    description: 'The id of the chain named by `chainId` (an id or a configured name), or of the only configured chain when absent (X-Access-Key).',
    args: { chainId: t.arg.string(CHAIN_ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.indexerExtras.chainId(ctx.credentials, args),
  }),
}));
