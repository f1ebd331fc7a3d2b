// TokenIdRanges: a collectible contract's held token ids as ranges, with the `tokenIdRanges` query (X-Access-Key).
import { builder } from '../builder';
import { MAX_TOKEN_ID_RANGES, type TokenIdRanges } from '../../domain/indexer/token-ids';
import { ContractTypeRef } from './contract-type';
import { CHAIN_ID_ARG } from './token-balance';
import { TokenIdRangeRef } from './token-id-range';

const TokenIdRangesRef = builder.objectRef<TokenIdRanges>('TokenIdRanges').implement({
  description: `The token ids someone holds, collapsed into ranges of consecutive ids, in numeric order; at most ${MAX_TOKEN_ID_RANGES.toLocaleString('en')} ranges per answer.`,
  fields: (t) => ({
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'The contract’s token standard as ingestion classified it.' }),
    ranges: t.field({ type: [TokenIdRangeRef], description: 'In numeric order; empty for an ERC-20 (no token ids).', resolve: (r) => r.ranges }),
    moreRanges: t.exposeBoolean('moreRanges', { description: 'True when held ids lie beyond the last range: ask again with its end as `afterTokenId`.' }),
  }),
});

builder.queryFields((t) => ({
  tokenIdRanges: t.field({
    type: TokenIdRangesRef,
    nullable: true,
    description: 'The token ids of an ERC-721/1155/6909 contract that someone holds, as ranges of consecutive ids: 1..100000 without gaps is one range (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      afterTokenId: t.arg({ type: 'BigInt', description: 'Only ids above this one (the end of the last range of a previous answer).' }),
    },
    resolve: (_, args, ctx) =>
      ctx.services.indexerExtras.tokenIdRanges(ctx.credentials, { chainId: args.chainId, contract: args.contractAddress, lastTokenId: args.afterTokenId }),
  }),
}));
