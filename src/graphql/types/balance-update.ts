// BalanceUpdate: a balance as one block left it, with the `balanceUpdates` query of one contract (X-Access-Key).
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import type { BalanceUpdate } from '../../domain/indexer/types';
import { CHAIN_ID_ARG } from './token-balance';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';

export const BalanceUpdateRef = builder.objectRef<BalanceUpdate>('BalanceUpdate').implement({
  description: 'One per (block, account, token id) that a block changed. Mints and burns show as the holder’s change only.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    accountAddress: t.exposeString('accountAddress', { description: 'The holder, lower-case hex (never the zero address).' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20.', resolve: (u) => u.tokenId }),
    balance: t.field({
      type: 'BigInt',
      description: 'The account’s balance after this block (negative only when history before the chain’s start block is missing).',
      resolve: (u) => u.balance,
    }),
    delta: t.field({ type: 'BigInt', description: 'The signed net change within this block (0 for a self-transfer).', resolve: (u) => u.delta }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The block that changed the balance.' }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex.' }),
  }),
});

const BalanceUpdateConnectionRef = connectionType(BalanceUpdateRef, 'BalanceUpdate', {
  description: 'A page of one contract’s balance changes.',
  count: 'Changes of the contract after `lastBlockNumber`, on every page.',
});

builder.queryFields((t) => ({
  balanceUpdates: t.field({
    nullable: true,
    type: BalanceUpdateConnectionRef,
    description:
      'Balance changes of one contract in blocks after `lastBlockNumber` (0: from the beginning), ascending by block, then account, then token id; 200 per page by default, at most 1000. A page ends at a block boundary when it can (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      lastBlockNumber: t.arg.int({ description: 'Changes in later blocks only (exclusive); 0 or absent: from the beginning.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.indexer.balanceUpdates(ctx.credentials, { ...args, page: pageOfArgs(args) })),
  }),
}));
