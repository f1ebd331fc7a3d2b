// ApprovalEvent: one Approval / ApprovalForAll log of an owner, with the `approvalHistory` query (X-Access-Key).
import { builder } from '../builder';
import type { ApprovalEvent } from '../../domain/approvals/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { CHAIN_ID_ARG } from './token-balance';

const ApprovalEventKindRef = builder.enumType('ApprovalEventKind', {
  description: 'Which approval log.',
  values: {
    ERC20: { description: 'ERC-20 Approval(owner, spender, value): sets the allowance to `amount`.' },
    ERC721: { description: 'ERC-721 Approval(owner, approved, tokenId): approves one token (the zero address clears it).' },
    ALL: { description: 'ApprovalForAll(owner, operator, approved), ERC-721 or ERC-1155.' },
  } as const,
});

const ApprovalEventRef = builder.objectRef<ApprovalEvent>('ApprovalEvent').implement({
  description: 'An approval log as the indexed chain holds it (orphaned ones are gone after a reorg).',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    eventKind: t.expose('eventKind', { type: ApprovalEventKindRef, description: 'Which approval log.' }),
    ownerAddress: t.exposeString('ownerAddress', { description: 'The owner, lower-case hex.' }),
    spenderAddress: t.exposeString('spenderAddress', { description: 'The spender, approved address or operator, lower-case hex.' }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'ERC20: the allowance it set; null otherwise.', resolve: (e) => e.amount }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'ERC721: the token; null otherwise.', resolve: (e) => e.tokenId }),
    approved: t.exposeBoolean('approved', { nullable: true, description: 'ALL: approved (true) or revoked (false); null otherwise.' }),
    blockNumber: t.exposeInt('blockNumber', { description: 'The block of the log.' }),
    blockHash: t.exposeString('blockHash', { description: 'That block’s hash, lower-case hex.' }),
    logIndex: t.exposeInt('logIndex', { description: 'The log’s index in its block.' }),
    txHash: t.exposeString('txHash', { description: 'The transaction, lower-case hex.' }),
    timestamp: t.exposeInt('timestamp', { description: 'Unix seconds of the block.' }),
  }),
});

const ApprovalEventConnectionRef = connectionType(ApprovalEventRef, 'ApprovalEvent', {
  description: 'A page of an owner’s approval events.',
  count: 'Approval events of the owner (and contract, when given), on every page.',
});

builder.queryFields((t) => ({
  approvalHistory: t.field({
    type: ApprovalEventConnectionRef,
    description: 'The owner’s Approval and ApprovalForAll events, newest first; 100 per page by default, at most 1000 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      ownerAddress: t.arg.string({ required: true, description: 'The owner, 0x-prefixed hex in any case.' }),
      contractAddress: t.arg.string({ description: 'Only this token contract’s events.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => connectionOf(await ctx.services.approvals.approvalHistory(ctx.credentials, { ...args, page: pageOfArgs(args) })),
  }),
}));
