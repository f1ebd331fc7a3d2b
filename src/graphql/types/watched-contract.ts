// WatchedContract: one contract a chain is limited to (CHAINS `contracts`, `strata chain add`), with its progress.
import { builder } from '../builder';
import type { WatchedContractProgress } from '../../domain/indexer/sources';

const WatchedContractStateRef = builder.enumType('WatchedContractState', {
  description: 'Where the indexing of a named contract stands.',
  values: {
    PENDING: { description: 'Added; its start block is being found.' },
    BACKFILLING: { description: 'Catching up on its own, while the chain follows the head.' },
    LIVE: { description: 'Followed with the head.' },
    REMOVED: { description: 'No longer indexed; its data stays until `strata chain prune`.' },
    FAILED: { description: 'Cannot be indexed (see error).' },
  } as const,
});

const STATES = { pending: 'PENDING', backfilling: 'BACKFILLING', live: 'LIVE', removed: 'REMOVED', failed: 'FAILED' } as const;

export const WatchedContractRef = builder.objectRef<WatchedContractProgress>('WatchedContract').implement({
  description: 'A contract a chain is limited to (CHAINS `contracts`, or `strata chain add`), with its progress.',
  fields: (t) => ({
    address: t.exposeString('address', { description: 'The contract, lower-case hex.' }),
    state: t.field({ type: WatchedContractStateRef, description: 'Where its indexing stands.', resolve: (c) => STATES[c.state] }),
    fromConfig: t.boolean({ description: 'Listed in CHAINS (else added with `strata chain add`).', resolve: (c) => c.origin === 'config' }),
    startBlock: t.exposeInt('startBlock', { nullable: true, description: 'First block indexed (its deployment block unless configured).' }),
    indexedBlock: t.exposeInt('indexedBlock', { nullable: true, description: 'Its logs are committed up to this block.' }),
    percent: t.exposeFloat('percent', { nullable: true, description: 'Share of its range from startBlock to the chain’s indexed block done, 0–100.' }),
    etaSeconds: t.exposeInt('etaSeconds', { nullable: true, description: 'Seconds until it joins the head, at its measured backfill speed.' }),
    error: t.exposeString('error', { nullable: true, description: 'Why it cannot be indexed (FAILED); null otherwise.' }),
  }),
});
