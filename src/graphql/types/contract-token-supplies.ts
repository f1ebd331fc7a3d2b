// ContractTokenSupplies: the supplies of the token ids asked of one contract, with the `tokenSuppliesMap` query (X-Access-Key).
import { builder } from '../builder';
import type { SuppliesOfContract } from '../../domain/indexer/supplies';
import { ContractTypeRef } from './contract-type';
import { ContractTokenSupplyInput } from './contract-token-supply-input';
import { CHAIN_ID_ARG } from './token-balance';
import { TokenSupplyRef } from './token-supply';

const ContractTokenSuppliesRef = builder.objectRef<SuppliesOfContract>('ContractTokenSupplies').implement({
  description: 'One requested contract with the supply of each token id asked of it.',
  fields: (t) => ({
    contractAddress: t.exposeString('contractAddress', { description: 'The contract, lower-case hex.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'Its token standard as ingestion classified it.' }),
    supplies: t.field({
      type: [TokenSupplyRef],
      description: 'In the order asked; a token id nobody holds has supply 0. An ERC-20 answers one row, token id 0, its total supply.',
      resolve: (c) => c.supplies,
    }),
  }),
});

builder.queryFields((t) => ({
  tokenSuppliesMap: t.field({
    type: [ContractTokenSuppliesRef],
    nullable: true,
    description:
      'The supply of chosen token ids of several contracts (ERC-1155/6909 ids as indexed; an ERC-20’s totalSupply() from the chain), in the order the contracts are given (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      tokens: t.arg({ type: [ContractTokenSupplyInput], required: true, description: 'The contracts and token ids, at most 50 contracts.' }),
    },
    resolve: (_, args, ctx) =>
      ctx.services.indexerExtras.suppliesMap(ctx.credentials, {
        chainId: args.chainId,
        tokens: args.tokens.map((x) => ({ contract: x.contractAddress, tokenIds: x.tokenIds })),
      }),
  }),
}));
