// BalanceEvent: a balance pushed live after ingestion commits (restored values, flagged `reorged`, on reorg).
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { BalanceEvent } from '../../pubsub';

export const BalanceEventRef = builder.objectRef<BalanceEvent>('BalanceEvent').implement({
  description: 'A balance as a committed block left it, pushed live; on reorg the restored balance is pushed again with `reorged` true.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contract', { description: 'The token contract, lower-case hex.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    accountAddress: t.exposeString('account', { description: 'The holder, lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20', resolve: (e) => (e.tokenId === '' ? null : e.tokenId) }),
    balance: t.field({ type: 'BigInt', description: 'The account’s balance after the block.', resolve: (e) => e.balance }),
    delta: t.field({ type: 'BigInt', description: 'The signed change in this block (0 for a restored balance).', resolve: (e) => e.delta }),
    blockNumber: t.exposeInt('blockNumber', {
      description: 'The block that left this balance; for a restored balance, the last earlier block that changed it (the common ancestor when none did).',
    }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex; empty for a restored balance the account did not have before.' }),
    reorged: t.exposeBoolean('reorged', { description: 'True when the balance was restored because its block was orphaned.' }),
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('balances', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  balanceEvents: t.field({
    type: BalanceEventRef,
    description: 'Balance changes of one contract (X-Access-Key in connection_init).',
    args: {
      chainId: t.arg.string({ description: 'Chain id or name; optional when one chain is configured.' }),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }),
      cursor: t.arg.string({ description: RESUME_CURSOR_DOC }),
    },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.balanceUpdates(ctx.credentials, args),
    resolve: (e) => e,
  }),
}));
