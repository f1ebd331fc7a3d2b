// BalanceEvent: a balance pushed live after ingestion commits (restored values, flagged `reorged`, on reorg).
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import { encodeStreamCursor } from '../../domain/subscriptions/cursor';
import { CURSOR_DOC, FROM_BLOCK_DOC, RESUME_CURSOR_DOC } from './stream-resume-docs';
import type { BalanceEvent } from '../../pubsub';

export const BalanceEventRef = builder.objectRef<BalanceEvent>('BalanceEvent').implement({
  fields: (t) => ({
    chainId: t.exposeInt('chainId'),
    contractAddress: t.exposeString('contract'),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard.' }),
    accountAddress: t.exposeString('account'),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for ERC-20', resolve: (e) => (e.tokenId === '' ? null : e.tokenId) }),
    balance: t.field({ type: 'BigInt', description: 'The account’s balance after the block.', resolve: (e) => e.balance }),
    delta: t.field({ type: 'BigInt', description: 'The signed change in this block (0 for a restored balance).', resolve: (e) => e.delta }),
    blockNumber: t.exposeInt('blockNumber'),
    blockHash: t.exposeString('blockHash'),
    reorged: t.exposeBoolean('reorged', { description: 'True when the balance was restored because its block was orphaned.' }),
    cursor: t.string({ description: CURSOR_DOC, resolve: (e) => encodeStreamCursor('balances', e.chainId, e.mark) }),
  }),
});

builder.subscriptionFields((t) => ({
  balanceUpdates: t.field({
    type: BalanceEventRef,
    description: 'Balance changes of one contract (X-Access-Key in connection_init).',
    args: { chainId: t.arg.string({ description: 'Chain id or name; optional when one chain is configured.' }), contractAddress: t.arg.string({ required: true }), fromBlock: t.arg.int({ description: FROM_BLOCK_DOC }), cursor: t.arg.string({ description: RESUME_CURSOR_DOC }) },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.balanceUpdates(ctx.credentials, args),
    resolve: (e) => e,
  }),
}));
