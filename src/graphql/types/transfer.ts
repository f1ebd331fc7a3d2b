// Transfer: one token transfer log of a transaction in an account's history, with its contract info and token metadata.
import { builder } from '../builder';
import { ContractTypeRef } from './contract-type';
import type { Transfer } from '../../domain/indexer/types';
import { loadContractInfo, loadTokenMetadata } from '../loaders';
import { ContractInfoRef } from './contract-info';
import { TokenMetadataRef } from './token-metadata';

const TransferTypeRef = builder.enumType('TransferType', {
  description: 'How a transfer relates to the accounts asked about.',
  values: {
    SEND: { description: 'From one of the accounts asked about (a self-transfer too).' },
    RECEIVE: { description: 'To one of the accounts asked about.' },
    UNKNOWN: { description: 'No account was asked about.' },
  } as const,
});

/** The distinct token ids of a transfer, in first-seen order. */
export const distinctTokenIds = (t: Transfer): string[] => [...new Set(t.tokenIds.filter((id): id is string => id !== null))];

export const TransferRef = builder.objectRef<Transfer>('Transfer').implement({
  description: 'An ERC-20/721/6909 Transfer, an ERC-1155 TransferSingle/TransferBatch with all its items, or a native coin transfer.',
  fields: (t) => ({
    transferType: t.field({ type: TransferTypeRef, description: 'Whether it sends from or goes to the accounts asked about.', resolve: (x) => x.transferType }),
    contractAddress: t.exposeString('contractAddress', { description: 'The token contract, lower-case hex.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'ERC20, ERC721, ERC1155, ERC6909 or NATIVE.' }),
    from: t.exposeString('from', { description: 'The sender, lower-case hex (the zero address for a mint).' }),
    to: t.exposeString('to', { description: 'The recipient, lower-case hex (the zero address for a burn).' }),
    tokenIds: t.field({
      type: ['BigInt'],
      nullable: true,
      description: 'Parallel to `amounts`; null for ERC-20.',
      resolve: (x) => (x.tokenIds.every((id) => id === null) ? null : x.tokenIds.map((id) => id ?? '0')),
    }),
    amounts: t.field({
      type: ['BigInt'],
      description: 'The amounts moved, parallel to `tokenIds`: the value for ERC-20, 1 for ERC-721.',
      resolve: (x) => x.amounts,
    }),
    logIndex: t.exposeInt('logIndex', {
      description:
        'The log’s index in the block; a NATIVE transfer (no log) 2^31 − 2^20 plus its transaction index, after the block’s logs; an internal one 2^31 − 2^21 plus its place among the block’s internal transfers.',
    }),
    internal: t.exposeBoolean('internal', {
      description: 'A NATIVE transfer made by a contract call inside the transaction (read from its traces), not by the transaction’s own value.',
    }),
    contractInfo: t.field({
      type: ContractInfoRef,
      nullable: true,
      description: 'Loaded in one batch per request; null when the chain cannot be read now, and for NATIVE (the coin is no contract).',
      resolve: (x, _, ctx) => (x.contractType === 'NATIVE' ? null : loadContractInfo(ctx, x.chainId, x.contractAddress)),
    }),
    tokenMetadata: t.field({
      type: [TokenMetadataRef],
      description: 'One per distinct token id, loaded in one batch per request; empty for ERC-20 and NATIVE.',
      resolve: (x, _, ctx) =>
        x.contractType === 'NATIVE' ? [] : Promise.all(distinctTokenIds(x).map((id) => loadTokenMetadata(ctx, x.chainId, x.contractAddress, id))),
    }),
  }),
});
