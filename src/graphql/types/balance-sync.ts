// BalanceSync: one stored balance checked against the contract and repaired, with the `syncBalance` mutation (X-Access-Key).
import { builder } from '../builder';
import type { SyncedBalance } from '../../domain/indexer/sync-balance';
import { ContractTypeRef } from './contract-type';
import { CHAIN_ID_ARG } from './token-balance';

const BalanceSyncOutcomeRef = builder.enumType('BalanceSyncOutcome', {
  description: 'What a balance sync found.',
  values: {
    REPAIRED: { description: 'The stored balance differed from the contract’s and was replaced (logged and counted in strata_balance_syncs_total).' },
    UNCHANGED: { description: 'The stored balance was right.' },
  } as const,
});

const BalanceSyncRef = builder.objectRef<SyncedBalance>('BalanceSync').implement({
  description: 'One balance read from the contract at the chain’s indexed block, compared with the stored one.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contract', { description: 'The token contract, lower-case hex.' }),
    contractType: t.expose('contractType', { type: ContractTypeRef, description: 'Its token standard as ingestion classified it.' }),
    accountAddress: t.exposeString('account', { description: 'The holder, lower-case hex.' }),
    tokenId: t.field({ type: 'BigInt', nullable: true, description: 'null for an ERC-20 balance.', resolve: (s) => (s.tokenId === '' ? null : s.tokenId) }),
    balance: t.field({ type: 'BigInt', description: 'The contract’s answer (balanceOf; for ERC-721, 1 when ownerOf is the account).', resolve: (s) => s.balance }),
    previous: t.field({ type: 'BigInt', nullable: true, description: 'The stored balance before the sync; null when none was stored.', resolve: (s) => s.previous }),
    blockNumber: t.exposeInt('atBlock', { description: 'The indexed block the contract was read at.' }),
    outcome: t.field({ type: BalanceSyncOutcomeRef, description: 'Whether the stored balance was repaired.', resolve: (s) => (s.outcome === 'repaired' ? 'REPAIRED' : 'UNCHANGED') }),
  }),
});

builder.mutationFields((t) => ({
  syncBalance: t.field({
    type: BalanceSyncRef,
    nullable: true,
    description:
      'Re-reads one balance from the token contract at the chain’s indexed block and, when the stored one differs, repairs it through ingestion (later transfers apply on top). UNAVAILABLE on a server that does not compose ingestion’s writer (X-Access-Key).',
    args: {
      chainId: t.arg.string(CHAIN_ID_ARG),
      accountAddress: t.arg.string({ required: true, description: 'The holder, 0x-prefixed hex in any case.' }),
      contractAddress: t.arg.string({ required: true, description: 'The token contract, 0x-prefixed hex in any case.' }),
      tokenId: t.arg({ type: 'BigInt', description: 'Required for ERC-721/1155/6909; absent (or 0) for an ERC-20.' }),
    },
    resolve: (_, args, ctx) => ctx.services.indexerExtras.syncBalance(ctx.credentials, args),
  }),
}));
