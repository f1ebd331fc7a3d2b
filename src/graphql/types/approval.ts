// Approval: one live token approval of an owner (an ERC-20 allowance, an approved ERC-721 token, an operator), with the
// `approvals` query (X-Access-Key).
import { builder } from '../builder';
import type { Approval } from '../../domain/approvals/types';
import { loadContractInfo } from '../loaders';
import { ContractInfoRef } from './contract-info';
import { ContractTypeRef } from './contract-type';
import { CHAIN_ID_ARG } from './token-balance';

export const ApprovalKindRef = builder.enumType('ApprovalKind', {
  description: 'What an approval lets its spender move.',
  values: {
    ALLOWANCE: { description: 'ERC-20: up to `amount` of the owner’s tokens (Approval, lowered by transferFrom).' },
    TOKEN: { description: 'ERC-721: the one token `tokenId` (Approval; a transfer of the token clears it).' },
    OPERATOR: { description: 'ERC-721 / ERC-1155: every token of the owner in the contract (ApprovalForAll).' },
  } as const,
});

const ApprovalRef = builder.objectRef<Approval>('Approval').implement({
  description: 'A token approval as the indexed head leaves it. ERC-20 amounts are re-read with allowance() whenever the owner’s tokens move, so spending by transferFrom (which emits no event in OpenZeppelin 5) shows.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    standard: t.expose('standard', { type: ContractTypeRef, description: 'ERC20, ERC721 or ERC1155 (an operator of a contract not classified yet: ERC721).' }),
    kind: t.expose('kind', { type: ApprovalKindRef, description: 'Allowance, one token, or an operator.' }),
    ownerAddress: t.exposeString('ownerAddress', { description: 'The owner that approved, lower-case hex.' }),
    spenderAddress: t.exposeString('spenderAddress', { description: 'The spender, approved address or operator, lower-case hex.' }),
    amount: t.field({ type: 'BigInt', nullable: true, description: 'ALLOWANCE: the amount the spender may still move; null otherwise.', resolve: (a) => a.amount }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'TOKEN: the approved token; null otherwise.', resolve: (a) => a.tokenId }),
    approvedForAll: t.exposeBoolean('approvedForAll', { description: 'OPERATOR: true (every token of the owner in the contract).' }),
    unlimited: t.exposeBoolean('unlimited', { description: 'ALLOWANCE of at least 2^255: for every practical purpose unlimited.' }),
    lastChangeBlock: t.exposeInt('lastChangeBlock', { description: 'The block of the last change: its Approval / ApprovalForAll, or a rise no event announced.' }),
    lastSpendBlock: t.exposeInt('lastSpendBlock', { nullable: true, description: 'ALLOWANCE: the block where spending last lowered it; null if never seen.' }),
    contractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'The token contract; loaded in one batch per request; null when the chain cannot be read now.',
      resolve: (a, _, ctx) => loadContractInfo(ctx, a.chainId, a.contractAddress),
    }),
    spenderContractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'The spender when it is a contract (a router, a marketplace); null for an account without code, or when the chain cannot be read now.',
      resolve: async (a, _, ctx) => {
        const info = await loadContractInfo(ctx, a.chainId, a.spenderAddress);
        return info?.deployed ? info : null;
      },
    }),
  }),
});

builder.queryFields((t) => ({
  approvals: t.field({
    type: [ApprovalRef],
    description:
      'The owner’s live token approvals: ERC-20 allowances above zero, approved ERC-721 tokens and operators, the latest changed first; at most 1000 of each kind (give `contractAddress` for one contract’s). Empty on a chain that does not index approvals (CHAINS `approvals`) (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      ownerAddress: t.arg.string({ required: true, description: 'The owner, 0x-prefixed hex in any case.' }),
      contractAddress: t.arg.string({ description: 'Only this token contract’s approvals.' }),
    },
    resolve: (_, args, ctx) => ctx.services.approvals.approvals(ctx.credentials, args),
  }),
}));
