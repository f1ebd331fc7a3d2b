// The `multiChainTokenBalancesByContract` query: every balance of some contract addresses, on several chains (X-Access-Key).
import { builder } from '../builder';
import { TokenBalanceRef } from './token-balance';
import { TokenBalancesByContractFilterInput } from './token-balances-by-contract-filter-input';
import { multiChainPageType } from './multi-chain';
import { chainSelectionArgs, multiChainPagingArgs } from './network-type';
import { pageOfArgs } from './connection';

const MultiChainByContractRef = multiChainPageType(TokenBalanceRef, 'TokenBalancesByContract', 'the balances of some contracts');

builder.queryFields((t) => ({
  multiChainTokenBalancesByContract: t.field({
    nullable: true,
    type: MultiChainByContractRef,
    description:
      'tokenBalancesByContract on every selected chain, read concurrently; a chain that fails answers its errorReason while the others answer (X-Access-Key).',
    args: {
      ...chainSelectionArgs,
      filter: t.arg({ type: TokenBalancesByContractFilterInput, required: true, description: 'The contracts, and optionally the accounts and token ids.' }),
      ...multiChainPagingArgs,
    },
    resolve: (_, { first, after, ...args }, ctx) => ctx.services.gateway.tokenBalancesByContract(ctx.credentials, { ...args, page: pageOfArgs({ first, after }) }),
  }),
}));
