// VerdictChange: a contract's stored spam verdict changed (the subscription `verdictChanges`).
import { builder } from '../builder';
import type { VerdictNotice } from '../../pubsub';
import type { ContractVerdict } from '../../domain/trust/verdicts';
import { ContractVerdictRef } from './contract-verdict';
import { SpamVerdictRef } from './spam-verdict';

export const VerdictChangeRef = builder.objectRef<VerdictNotice>('VerdictChange').implement({
  description: 'A contract’s stored spam verdict, as the verdict worker wrote it (SPAM_VERDICTS), and the one it replaced.',
  fields: (t) => ({
    chainId: t.exposeInt('chainId', { description: 'The chain’s id.' }),
    contractAddress: t.exposeString('contractAddress', { description: 'Lower-case hex.' }),
    verdict: t.field({
      type: ContractVerdictRef,
      description: 'The verdict now stored, with its reasons.',
      // The notice carries the codes as text (pubsub sits below the domain's types); they are the store's own codes.
      resolve: (n) => ({ verdict: n.verdict, reasons: n.reasons as ContractVerdict['reasons'], overridden: n.overridden }),
    }),
    previous: t.field({ type: SpamVerdictRef, nullable: true, description: 'The verdict it replaced; null for the contract’s first.', resolve: (n) => n.previous }),
  }),
});

builder.subscriptionFields((t) => ({
  verdictChanges: t.field({
    type: VerdictChangeRef,
    description:
      'Each change of a stored spam verdict on the chain, of the given contracts or all, after it is written (X-Access-Key in connection_init). Live only: after a reconnect, read `contractInfo { verdict }` again.',
    args: {
      chainId: t.arg.string({ description: 'Chain id or name; optional when one chain is configured.' }),
      contractAddresses: t.arg.stringList({ description: 'Only these contracts (0x-prefixed hex in any case); all when absent.' }),
    },
    subscribe: (_, args, ctx) => ctx.services.subscriptions.verdictChanges(ctx.credentials, args),
    resolve: (n) => n,
  }),
}));
