// HeldTokenId: one token id of a collectible contract that someone holds, with the `tokenIds` query (X-Access-Key).
import { builder } from '../builder';
import type { ContractType } from '../../domain/indexer/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { ContractTypeRef } from './contract-type';
import { CHAIN_ID_ARG } from './token-balance';

type HeldTokenId = { tokenId: string };

const HeldTokenIdRef = builder.objectRef<HeldTokenId>('HeldTokenId').implement({
  description: 'A token id of a collectible contract that at least one account holds.',
  fields: (t) => ({
    tokenId: t.field({ type: 'BigInt', description: 'The token id.', resolve: (h) => h.tokenId }),
  }),
});

const HeldTokenIdConnectionRef = connectionType(
  HeldTokenIdRef,
  'HeldTokenId',
  { description: 'A page of a contract’s held token ids, in numeric order.', count: 'Token ids of the contract that someone holds.' },
  (t) => ({
    contractType: t.field({
      type: ContractTypeRef,
      description: 'The contract’s token standard as ingestion classified it.',
      resolve: (c: unknown) => (c as { contractType: ContractType }).contractType,
    }),
  }),
);

builder.queryFields((t) => ({
  tokenIds: t.field({
    type: HeldTokenIdConnectionRef,
    nullable: true,
    description: 'The token ids of an ERC-721/1155/6909 contract that someone holds, in numeric order (none for an ERC-20); 100 per page by default, at most 1,000 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => {
      const r = await ctx.services.indexerExtras.tokenIds(ctx.credentials, { chainId: args.chainId, contract: args.contractAddress, page: pageOfArgs(args) });
      const page = { ...r.ids, items: r.ids.items.map((i) => ({ cursor: i.cursor, node: { tokenId: i.node } })) };
      return { ...connectionOf(page), contractType: r.contractType };
    },
  }),
}));
