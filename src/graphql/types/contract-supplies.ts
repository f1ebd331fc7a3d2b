// contractSupplies: what exists of each token of a contract, ERC-20 included, in numeric token id order (X-Access-Key).
import { builder } from '../builder';
import type { ContractType } from '../../domain/indexer/types';
import { connectionOf, connectionType, pageOfArgs, pagingArgs } from './connection';
import { ContractTypeRef } from './contract-type';
import { CHAIN_ID_ARG } from './token-balance';
import { TokenSupplyRef } from './token-supply';

const ContractTokenSupplyConnectionRef = connectionType(
  TokenSupplyRef,
  'ContractTokenSupply',
  { description: 'A page of a contract’s token ids with their supply, in numeric token id order.', count: 'Token ids of the contract that someone holds (1 for an ERC-20).' },
  (t) => ({
    contractType: t.field({
      type: ContractTypeRef,
      description: 'The contract’s token standard as ingestion classified it (ERC20 for an unclassified contract whose balances carry no token id).',
      resolve: (c: unknown) => (c as { contractType: ContractType }).contractType,
    }),
  }),
);

builder.queryFields((t) => ({
  contractSupplies: t.field({
    type: ContractTokenSupplyConnectionRef,
    nullable: true,
    description:
      'Each token id of an ERC-721/1155/6909 contract that someone holds, with its supply and holder count, in numeric order; for an ERC-20 one row, token id 0, its totalSupply() read from the chain (the sum of the indexed balances when the node cannot answer). 50 per page by default, at most 500 (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      ...pagingArgs,
    },
    resolve: async (_, args, ctx) => {
      const r = await ctx.services.indexerExtras.contractSupplies(ctx.credentials, { chainId: args.chainId, contract: args.contractAddress, page: pageOfArgs(args) });
      return { ...connectionOf(r.supplies), contractType: r.contractType };
    },
  }),
}));
