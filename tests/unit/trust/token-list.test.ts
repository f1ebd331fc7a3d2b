// Token list documents as Strata reads them: the Token Lists schema (as @uniswap/token-lists ships it), the tokens of
// the chains served, one token once, logos of safe schemes only, versions compared; the shipped default list passes.
import fs from 'node:fs';
import { compareVersions, parseTokenList, parseVersionText, TokenListError } from '../../../src/domain/trust/token-list';
import { defaultListPath } from '../../../src/domain/trust/sources';

const list = (tokens: object[], extra: object = {}) =>
  JSON.stringify({ name: 'Unit List', timestamp: '2026-12-01T00:00:00Z', version: { major: 1, minor: 2, patch: 3 }, tokens, ...extra });
const token = (o: object = {}) => ({ chainId: 5, address: '0x' + 'Ab'.repeat(20), name: 'Coin', symbol: 'CN', decimals: 18, ...o });
const refusal = (text: string, chains = new Set([5])) => {
  try {
    parseTokenList(text, chains);
  } catch (err) {
    expect(err).toBeInstanceOf(TokenListError);
    return (err as Error).message;
  }
  throw new Error('accepted');
};

it('keeps the tokens of the chains served, addresses lower-cased', () => {
  const parsed = parseTokenList(list([token(), token({ chainId: 6 }), token({ address: 'So11111111111111111111111111111111111111112' })]), new Set([5]));
  expect(parsed).toMatchObject({ name: 'Unit List', version: { major: 1, minor: 2, patch: 3 }, otherChains: 2, logosDropped: 0 });
  expect(parsed.tokens).toEqual([{ chainId: 5, address: '0x' + 'ab'.repeat(20), name: 'Coin', symbol: 'CN', decimals: 18, logoURI: null }]);
  expect(parsed.contentHash).toMatch(/^[0-9a-f]{64}$/);
});

it('passes on logos of https, http, ipfs and ar only', () => {
  const parsed = parseTokenList(
    list([
      token({ logoURI: 'ipfs://QmLogo' }),
      token({ address: '0x' + '01'.repeat(20), logoURI: 'javascript:alert(1)' }),
      token({ address: '0x' + '02'.repeat(20), logoURI: 'data:image/svg+xml;base64,PHN2Zz4=' }),
    ]),
    new Set([5]),
  );
  expect(parsed.tokens.map((t) => t.logoURI)).toEqual(['ipfs://QmLogo', null, null]);
  expect(parsed.logosDropped).toBe(2);
});

it('refuses what is not a valid list, saying where', () => {
  expect(refusal('{"name":')).toMatch(/^not JSON: /);
  expect(refusal(list([]))).toMatch(/^not a token list \(Token Lists schema\): \/tokens must NOT have fewer than 1 items/);
  expect(refusal(list([token({ decimals: 300 })]))).toMatch(/\/tokens\/0\/decimals must be <= 255/);
  expect(refusal(list([token({ surprise: true })]))).toMatch(/\/tokens\/0 must NOT have additional properties/);
  expect(refusal(list([token()], { version: { major: 1 } }))).toMatch(/\/version must have required property 'minor'/);
  expect(refusal(list([token(), token({ address: '0x' + 'AB'.repeat(20) })]))).toBe(`/tokens/1 names 0x${'ab'.repeat(20)} on chain 5 a second time`);
});

it('compares versions', () => {
  expect(parseVersionText('2.10.0')).toEqual({ major: 2, minor: 10, patch: 0 });
  expect(parseVersionText('')).toBeNull();
  expect(compareVersions({ major: 2, minor: 10, patch: 0 }, { major: 2, minor: 9, patch: 9 })).toBeGreaterThan(0);
  expect(compareVersions({ major: 1, minor: 9, patch: 9 }, { major: 2, minor: 0, patch: 0 })).toBeLessThan(0);
});

it('the shipped default list passes, with hundreds of mainnet tokens', () => {
  const parsed = parseTokenList(fs.readFileSync(defaultListPath(), 'utf8'), new Set([1]));
  expect(parsed.name).toBe('Uniswap Labs Default');
  expect(parsed.tokens.length).toBeGreaterThan(100);
});
