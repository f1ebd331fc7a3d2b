// Spam verdict rules over what a contract says of itself (name, symbol, contractURI fields) and what the token
// directory lists: each reason carries the evidence that raised it, and the operator's flags and the directory win.
import type { ContractInfo } from '../contracts/types';

export type SpamVerdict = 'SPAM' | 'SUSPECT' | 'OK' | 'UNKNOWN';
export type VerdictReasonCode =
  | 'OPERATOR_BLACKLIST'
  | 'URL_IN_TEXT'
  | 'BAIT_WORDS'
  | 'CONFUSABLE_CHARACTERS'
  | 'IMPERSONATION'
  | 'UNSOLICITED_AIRDROP'
  | 'ONE_SENDER_TO_FRESH_ACCOUNTS'
  | 'PHISHING_LINK';
export type VerdictReason = { code: VerdictReasonCode; field: string; evidence: string };
export type ContractVerdict = { verdict: SpamVerdict; reasons: VerdictReason[]; overridden: boolean };

/** A listed token whose name or symbol another contract carries. */
export type Lookalike = { chainId: number; address: string; name: string; symbol: string };

// A scheme, a www. host, or a host with a top-level domain scam tokens use to send holders to a site: plain names of
// real tokens ("USD Coin", "Wrapped Ether", "Dai Stablecoin") carry none of these.
const URL = /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9][a-z0-9-]{0,62}\.(?:com|io|org|net|xyz|app|finance|fi|top|site|online|pro|cc|co|gg|me|vip|live|fun|club|info|claims?|gift|network|exchange)\b/i;
// Words that ask a holder to act: scam airdrops tell them to claim or visit.
const BAIT = /\b(?:claim|claimable|visit|redeem|reward(?:s)?\s+at|airdrop\s+at|voucher)\b/i;
// A word mixing Latin with Cyrillic or Greek letters reads as Latin to a person and is not the same text to a search.
const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPT = /[\p{Script=Cyrillic}\p{Script=Greek}]/gu;

// Hosts that hide where a link goes, and host words that promise holders something: a project's own site has neither.
const SHORTENERS = new Set(['bit.ly', 'tinyurl.com', 't.co', 'goo.gl', 'is.gd', 'cutt.ly', 'rb.gy', 'ow.ly', 'shorturl.at', 'tiny.cc', 'rebrand.ly', 'buff.ly']);
const HOST_BAIT = new Set(['claim', 'claims', 'airdrop', 'airdrops', 'reward', 'rewards', 'bonus', 'gift', 'gifts', 'voucher', 'giveaway']);

/** Why the contract's website link looks like a phishing page, or null: how it is written, never what it serves. */
const phishingTrait = (link: string): string | null => {
  let url: globalThis.URL;
  try {
    url = new globalThis.URL(link.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `a ${url.protocol} link`;
  if (url.username || url.password) return 'a user name before the host, which hides the real one';
  const host = url.hostname.toLowerCase();
  if (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(host) || host.startsWith('[')) return 'an IP address for a host';
  if (host.split('.').some((label) => label.startsWith('xn--'))) return 'a punycode host, which can spell a lookalike of another';
  if (SHORTENERS.has(host.replace(/^www\./, ''))) return 'a link shortener';
  const bait = host.split(/[.-]/).find((w) => HOST_BAIT.has(w));
  if (bait) return `“${bait}” in the host`;
  return null;
};

const textFields = (c: ContractInfo): Array<[string, string]> => [
  ['name', c.name],
  ['symbol', c.symbol],
  ['extensions.ogName', c.extensions.ogName],
  ['extensions.description', c.extensions.description],
];

const confusable = (text: string): string | null => {
  for (const word of text.split(/\s+/)) {
    if (!LATIN.test(word)) continue;
    const odd = word.match(LOOKALIKE_SCRIPT);
    if (odd) return `${word} (${[...new Set(odd)].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(', ')})`;
  }
  return null;
};

/**
 * A link, not only a host: real tokens are named after their site ("Ether.fi", "io.net", "Pump.fun" in the default
 * list), so a bare host alone is a reason for SUSPECT, and SPAM only beside another reason.
 */
const isLink = (evidence: string) => /^(?:https?:\/\/|www\.)/i.test(evidence);

const PATTERNS = new Set<VerdictReasonCode>(['UNSOLICITED_AIRDROP', 'ONE_SENDER_TO_FRESH_ACCOUNTS']);

/** Reasons from the contract's own text. */
export const textReasons = (c: ContractInfo): VerdictReason[] => {
  const out: VerdictReason[] = [];
  for (const [field, text] of textFields(c)) {
    if (!text) continue;
    const url = URL.exec(text);
    if (url) out.push({ code: 'URL_IN_TEXT', field, evidence: url[0] });
    const bait = BAIT.exec(text);
    if (bait) out.push({ code: 'BAIT_WORDS', field, evidence: bait[0] });
    // Only the token's own name and symbol are read for lookalike letters: a description may be in any script.
    const odd = field === 'name' || field === 'symbol' ? confusable(text) : null;
    if (odd) out.push({ code: 'CONFUSABLE_CHARACTERS', field, evidence: odd });
  }
  const trait = c.extensions.link ? phishingTrait(c.extensions.link) : null;
  if (trait) out.push({ code: 'PHISHING_LINK', field: 'extensions.link', evidence: `${c.extensions.link} (${trait})` });
  return out;
};

/** Reasons from listed tokens whose symbol or name this one copies. */
export const impersonationReasons = (c: ContractInfo, lookalikes: Lookalike[]): VerdictReason[] =>
  lookalikes.map((l) => {
    const field = c.symbol && l.symbol.toLowerCase() === c.symbol.toLowerCase() ? 'symbol' : 'name';
    return { code: 'IMPERSONATION', field, evidence: `${field === 'symbol' ? l.symbol : l.name} is listed at ${l.chainId}:${l.address}` };
  });

/**
 * The verdict: the operator's blacklist makes SPAM and a verified or listed contract is OK whatever the rules say
 * (overrides win); otherwise a link, bait or a phishing-style website is SPAM, a bare host, impersonation, lookalike letters or a transfer pattern alone SUSPECT, nothing OK, and
 * an address Strata could not read as a token UNKNOWN.
 */
export const decideVerdict = (c: ContractInfo, reasons: VerdictReason[]): ContractVerdict => {
  if (c.extensions.blacklist) return { verdict: 'SPAM', overridden: true, reasons: [{ code: 'OPERATOR_BLACKLIST', field: 'extensions.blacklist', evidence: 'flagged by the operator' }] };
  if (c.extensions.verified || c.directory) return { verdict: 'OK', overridden: reasons.length > 0, reasons };
  if (!c.deployed || c.type === 'UNKNOWN') return { verdict: 'UNKNOWN', overridden: false, reasons };
  // The two transfer patterns come from the same rows (a deployer's drop raises both): one kind of reason together.
  const kinds = new Set(reasons.map((r) => (PATTERNS.has(r.code) ? 'PATTERN' : r.code)));
  const spam = reasons.some((r) => (r.code === 'URL_IN_TEXT' && isLink(r.evidence)) || r.code === 'BAIT_WORDS' || r.code === 'PHISHING_LINK') || kinds.size > 1;
  return { verdict: spam ? 'SPAM' : reasons.length ? 'SUSPECT' : 'OK', overridden: false, reasons };
};
