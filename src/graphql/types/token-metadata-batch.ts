// tokenMetadataBatch: token metadata of up to 50 contracts × 50 tokens in one DataLoader batch (X-Access-Key).
import { builder } from '../builder';
import type { TokenMetadata } from '../../domain/token-metadata/types';
import { loadAll } from '../loaders';
import { TokenMetadataRef } from './token-metadata';

const ContractTokenIdsInput = builder.inputType('ContractTokenIdsInput', {
  description: 'One contract of a batch, with the token ids wanted of it.',
  fields: (t) => ({
    contractAddress: t.string({ required: true, description: 'The contract, 0x-prefixed hex in any case; the same contract given twice is merged.' }),
    tokenIds: t.field({ type: ['BigInt'], required: true, description: 'At most 50.' }),
  }),
});

const ContractTokenMetadataRef = builder
  .objectRef<{ contractAddress: string; tokenMetadata: TokenMetadata[] }>('ContractTokenMetadata')
  .implement({
    description: 'The token metadata of one requested contract.',
    fields: (t) => ({
      contractAddress: t.exposeString('contractAddress', { description: 'Lower-case.' }),
      tokenMetadata: t.field({ type: [TokenMetadataRef], description: 'One entry per distinct token id, in request order.', resolve: (e) => e.tokenMetadata }),
    }),
  });

builder.queryFields((t) => ({
  tokenMetadataBatch: t.field({
    nullable: true,
    type: [ContractTokenMetadataRef],
    description: 'One entry per requested contract (the same address in two cases counts once), at most 50 contracts × 50 tokens.',
    args: {
      chainId: t.arg.string({ required: true, description: 'A configured chain id or name.' }),
      contractTokenMap: t.arg({ type: [ContractTokenIdsInput], required: true, description: 'The RPC’s contractTokenMap, one entry per contract.' }),
    },
    resolve: async (_, args, ctx) => {
      const groups = await ctx.services.tokenMetadata.checkGetBatch(ctx.credentials, args);
      const all = await loadAll(ctx.loaders.tokenMetadata, groups.flatMap((g) => g.keys));
      let at = 0;
      return groups.map((g) => ({ contractAddress: g.contractAddress, tokenMetadata: all.slice(at, (at += g.keys.length)) }));
    },
  }),
}));
