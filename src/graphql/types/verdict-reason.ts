// VerdictReason: one reason of a spam verdict, with the field it was found in and its evidence.
import { builder } from '../builder';
import type { VerdictReason } from '../../domain/trust/verdicts';
import { VerdictReasonCodeRef } from './verdict-reason-code';

export const VerdictReasonRef = builder.objectRef<VerdictReason>('VerdictReason').implement({
  description: 'One reason of a spam verdict.',
  fields: (t) => ({
    code: t.expose('code', { type: VerdictReasonCodeRef, description: 'Which rule.' }),
    field: t.exposeString('field', { description: 'The contract-info field it was found in, e.g. `name`, `extensions.description`.' }),
    evidence: t.exposeString('evidence', { description: 'What was found: the link, the word, the letters with their code points, the listed token copied.' }),
  }),
});
