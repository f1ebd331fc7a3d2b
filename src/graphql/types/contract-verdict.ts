// ContractVerdict: a contract's spam verdict with its reasons, as the field `verdict` of ContractInfo.
import { builder } from '../builder';
import type { ContractVerdict } from '../../domain/trust/verdicts';
import { ContractInfoRef } from './contract-info';
import { SpamVerdictRef } from './spam-verdict';
import { VerdictReasonRef } from './verdict-reason';

export const ContractVerdictRef = builder.objectRef<ContractVerdict>('ContractVerdict').implement({
  description: 'A spam verdict and every reason behind it; derived from stored info, the directory and the operator’s flags on each read.',
  fields: (t) => ({
    verdict: t.expose('verdict', { type: SpamVerdictRef, description: 'SPAM, SUSPECT, OK or UNKNOWN.' }),
    reasons: t.field({ type: [VerdictReasonRef], description: 'Each rule that holds, with its evidence; empty for a plain token.', resolve: (v) => v.reasons }),
    overridden: t.exposeBoolean('overridden', { description: 'The operator’s flag or the directory decided it, whatever the rules found.' }),
  }),
});

builder.objectField(ContractInfoRef, 'verdict', (t) =>
  t.field({
    type: ContractVerdictRef,
    description: 'Whether this looks like spam, and why.',
    resolve: (c, _, ctx) => ctx.services.spamVerdicts.verdictOf(c),
  }),
);
