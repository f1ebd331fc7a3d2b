// SpamVerdict: what Strata makes of a contract as a token a holder should see.
import { builder } from '../builder';
import type { SpamVerdict } from '../../domain/trust/verdicts';

const DESCRIPTIONS: Record<SpamVerdict, string> = {
  SPAM: 'Blacklisted by the operator, or its text carries a link (a scheme or www.) or bait, or two different reasons hold.',
  SUSPECT: 'One reason short of spam: a bare web host in its text, lookalike letters, or a listed token’s symbol or name on another address.',
  OK: 'No reason holds, or the operator verified it or the token directory lists it (these win over the rules).',
  UNKNOWN: 'No code at the address, or not readable as a token.',
};

export const SpamVerdictRef = builder.enumType('SpamVerdict', {
  description: 'A contract’s spam verdict; `reasons` says why.',
  values: Object.fromEntries(Object.entries(DESCRIPTIONS).map(([v, description]) => [v, { value: v, description }])) as Record<
    SpamVerdict,
    { value: SpamVerdict; description: string }
  >,
});
