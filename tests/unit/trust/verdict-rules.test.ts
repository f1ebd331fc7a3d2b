// Spam verdict rules (domain/trust/verdict-rules.ts): each reason with its evidence, the verdict they make, the
// operator's flags and the directory winning, and no reason for strata dev's samples or plain token names. The
// shipped default list's tokens are OK (listed) and none carries a link or bait.
import fs from 'node:fs';
import path from 'node:path';
import type { ContractInfo } from '../../../src/domain/contracts/types';
import { decideVerdict, impersonationReasons, textReasons } from '../../../src/domain/trust/verdict-rules';

const info = (over: Partial<Omit<ContractInfo, 'extensions'>> & { extensions?: Partial<ContractInfo['extensions']> } = {}): ContractInfo => ({
  chainId: 1,
  address: '0x' + 'a'.repeat(40),
  name: '',
  type: 'ERC20',
  symbol: '',
  decimals: 18,
  logoURI: '',
  deployed: true,
  bytecodeHash: '0x01',
  updatedAt: new Date(),
  source: 'CHAIN',
  status: 'AVAILABLE',
  ...over,
  extensions: { link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', blacklist: false, verified: false, verifiedBy: '', featured: false, ...over.extensions },
});
const verdictOf = (c: ContractInfo) => decideVerdict(c, textReasons(c));

describe('spam verdict rules', () => {
  it('strata dev samples and plain token names have no reason', () => {
    const plain = [
      info({ name: 'Strata Dollar', symbol: 'SUSD' }),
      info({ name: 'Strata Gems', symbol: 'GEM', type: 'ERC721', extensions: { ogName: 'Strata Gems', description: 'Sample NFTs of `strata dev`' } }),
      info({ name: '', symbol: '', type: 'ERC1155' }),
      info({ name: 'USD Coin', symbol: 'USDC' }),
      info({ name: 'Wrapped Ether', symbol: 'WETH' }),
      info({ name: 'Ελληνικό Token', symbol: 'ΕΛΛ', extensions: { description: 'Токен для сообщества' } }),
    ];
    for (const c of plain) expect(verdictOf(c)).toEqual({ verdict: 'OK', reasons: [], overridden: false });
  });

  it('a link or bait is SPAM, with the evidence', () => {
    expect(verdictOf(info({ name: 'Reward at https://usdt-bonus.example/claim', symbol: 'RWD' }))).toEqual({
      verdict: 'SPAM',
      overridden: false,
      reasons: [
        { code: 'URL_IN_TEXT', field: 'name', evidence: 'https://usdt-bonus.example/claim' },
        { code: 'BAIT_WORDS', field: 'name', evidence: 'Reward at' },
      ],
    });
    expect(verdictOf(info({ name: 'Pepe', symbol: 'PEPE', extensions: { description: 'Visit our site to get more' } }))).toMatchObject({
      verdict: 'SPAM',
      reasons: [{ code: 'BAIT_WORDS', field: 'extensions.description', evidence: 'Visit' }],
    });
  });

  it('a bare host, lookalike letters or impersonation alone is SUSPECT; two of them SPAM', () => {
    expect(verdictOf(info({ name: 'usdt-drop.xyz', symbol: 'UDROP' }))).toMatchObject({ verdict: 'SUSPECT', reasons: [{ code: 'URL_IN_TEXT', evidence: 'usdt-drop.xyz' }] });
    expect(verdictOf(info({ name: 'Tether', symbol: 'U\u0405DT' }))).toMatchObject({
      verdict: 'SUSPECT',
      reasons: [{ code: 'CONFUSABLE_CHARACTERS', field: 'symbol', evidence: 'U\u0405DT (U+0405)' }],
    });
    const copy = info({ name: 'USD Coin', symbol: 'USDC' });
    const listed = [{ chainId: 1, address: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', name: 'USD Coin', symbol: 'USDC' }];
    const reasons = impersonationReasons(copy, listed);
    expect(reasons).toEqual([{ code: 'IMPERSONATION', field: 'symbol', evidence: 'USDC is listed at 1:0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48' }]);
    expect(decideVerdict(copy, reasons).verdict).toBe('SUSPECT');
    const both = info({ name: 'usdc-drop.xyz', symbol: 'USDC' });
    expect(decideVerdict(both, [...textReasons(both), ...impersonationReasons(both, listed)]).verdict).toBe('SPAM');
  });

  it('the transfer patterns count as one reason: alone SUSPECT, beside a text reason SPAM', () => {
    const drop = { code: 'UNSOLICITED_AIRDROP', field: 'transfers', evidence: 'transaction 0x01 sent it to 12 accounts' } as const;
    const sender = { code: 'ONE_SENDER_TO_FRESH_ACCOUNTS', field: 'transfers', evidence: 'every transfer comes from 0x02' } as const;
    expect(decideVerdict(info({ name: 'Drop', symbol: 'DROP' }), [drop, sender]).verdict).toBe('SUSPECT');
    const host = info({ name: 'drop.xyz', symbol: 'DROP' });
    expect(decideVerdict(host, [...textReasons(host), drop]).verdict).toBe('SPAM');
  });

  it('a phishing-style website is SPAM, a project’s own site no reason', () => {
    const cases: Array<[string, RegExp]> = [
      ['https://xn--uniswp-zta.org/swap', /punycode/],
      ['http://185.199.108.153/airdrop', /IP address/],
      ['https://bit.ly/3xYz', /shortener/],
      ['https://uniswap.org@evil.example/claim', /user name/],
      ['javascript:alert(1)', /javascript: link/],
      ['https://claim-usdc.example.com', /“claim” in the host/],
      ['https://rewards.token.example', /“rewards” in the host/],
    ];
    for (const [link, why] of cases) {
      const v = verdictOf(info({ name: 'Fine Token', symbol: 'FINE', extensions: { link } }));
      expect(v.verdict).toBe('SPAM');
      expect(v.reasons).toEqual([{ code: 'PHISHING_LINK', field: 'extensions.link', evidence: expect.stringMatching(why) }]);
      expect(v.reasons[0].evidence.startsWith(link)).toBe(true);
    }
    for (const link of ['https://uniswap.org', 'https://www.circle.com/en/usdc', 'https://docs.free-software.example', 'https://freedom.example', 'not a url']) {
      expect(verdictOf(info({ name: 'Fine Token', symbol: 'FINE', extensions: { link } }))).toEqual({ verdict: 'OK', reasons: [], overridden: false });
    }
  });

  it('the operator and the directory win; an address that is no token is UNKNOWN', () => {
    expect(verdictOf(info({ name: 'Plain', symbol: 'PLN', extensions: { blacklist: true } }))).toEqual({
      verdict: 'SPAM',
      overridden: true,
      reasons: [{ code: 'OPERATOR_BLACKLIST', field: 'extensions.blacklist', evidence: 'flagged by the operator' }],
    });
    expect(verdictOf(info({ name: 'Visit https://x.example', extensions: { verified: true } }))).toMatchObject({ verdict: 'OK', overridden: true });
    expect(verdictOf(info({ deployed: false, type: 'UNKNOWN' }))).toEqual({ verdict: 'UNKNOWN', reasons: [], overridden: false });
  });

  it('no token of the shipped default list carries a link or bait, and listed they are OK', () => {
    const file = path.join(__dirname, '../../../node_modules/@uniswap/default-token-list/build/uniswap-default.tokenlist.json');
    const tokens: Array<{ name: string; symbol: string }> = JSON.parse(fs.readFileSync(file, 'utf8')).tokens;
    expect(tokens.length).toBeGreaterThan(100);
    const listing = { lists: ['Uniswap Labs Default'], token: null, added: false, featureIndex: 0 };
    for (const t of tokens) {
      const c = info({ name: t.name, symbol: t.symbol });
      const strong = textReasons(c).filter((r) => r.code === 'BAIT_WORDS' || (r.code === 'URL_IN_TEXT' && /^(https?:|www\.)/i.test(r.evidence)));
      expect(strong).toEqual([]);
      expect(decideVerdict({ ...c, directory: listing }, textReasons(c)).verdict).toBe('OK');
    }
  });
});
