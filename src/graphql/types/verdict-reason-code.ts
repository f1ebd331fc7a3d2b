// VerdictReasonCode: the closed set of reasons a spam verdict gives.
import { builder } from '../builder';
import type { VerdictReason } from '../../domain/trust/verdicts';

type Code = VerdictReason['code'];
const DESCRIPTIONS: Record<Code, string> = {
  OPERATOR_BLACKLIST: 'The operator blacklisted it (`setContractFlags`); wins over every rule.',
  URL_IN_TEXT: 'Its name, symbol or contractURI text carries a link or a web host.',
  BAIT_WORDS: 'Its text asks holders to act (“claim”, “visit”, “redeem”).',
  CONFUSABLE_CHARACTERS: 'Its name or symbol mixes Latin with Cyrillic or Greek lookalike letters.',
  IMPERSONATION: 'A token the directory lists on the same chain has its symbol or name.',
  UNSOLICITED_AIRDROP: 'One transaction sent it to 10 or more accounts that never held or moved it.',
  ONE_SENDER_TO_FRESH_ACCOUNTS: 'Every transfer comes from the account it was minted to, to 10 or more accounts that never moved it.',
  PHISHING_LINK: 'Its website (contractURI `external_link`) is written as phishing pages are: a punycode or IP host, a link shortener, a user name before the host, a non-web scheme, or “claim”, “airdrop”, “reward” in the host.',
};

export const VerdictReasonCodeRef = builder.enumType('VerdictReasonCode', {
  description: 'Why a spam verdict was given.',
  values: Object.fromEntries(Object.entries(DESCRIPTIONS).map(([v, description]) => [v, { value: v, description }])) as Record<Code, { value: Code; description: string }>,
});
