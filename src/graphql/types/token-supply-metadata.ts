// TokenSupply's contractInfo and tokenMetadata, loaded in one batch per request (GetTokenSupplies' includeMetadata).
import { builder } from '../builder';
import { loadContractInfo, loadTokenMetadata } from '../loaders';
import { ContractInfoRef } from './contract-info';
import { TokenMetadataRef } from './token-metadata';
import { TokenSupplyRef } from './token-supply';

builder.objectFields(TokenSupplyRef, (t) => ({
  contractInfo: t.field({
    type: ContractInfoRef,
    nullable: true,
    description: 'The contract’s info, loaded in one batch per request; null when the chain cannot be read now.',
    resolve: (s, _, ctx) => loadContractInfo(ctx, s.chainId, s.contractAddress),
  }),
  tokenMetadata: t.field({
    type: TokenMetadataRef,
    nullable: true,
    description: 'The token’s metadata, loaded in one batch per request (an ERC-20’s token id 0 has none to find).',
    resolve: (s, _, ctx) => loadTokenMetadata(ctx, s.chainId, s.contractAddress, s.tokenId),
  }),
}));
