// The price feed's parsing (what an operator's document may hold, what is skipped) and the exact USD value of a balance.
import { parsePriceFeed } from '../../../src/domain/prices/feed';
import { usdValue } from '../../../src/domain/prices/value';

const TOKEN = '0x' + 'ab'.repeat(20);

describe('parsePriceFeed', () => {
  it('reads {"prices": [...]} or the list alone; addresses lower-cased, numbers and ids canonical', () => {
    const entry = { chainId: '1', contractAddress: TOKEN.toUpperCase().replace('0X', '0x'), tokenId: '007', priceUSD: 2.5, updatedAt: '2026-11-27T09:00:00Z' };
    const expected = [{ chainId: 1, contractAddress: TOKEN, tokenId: '7', priceUsd: '2.5', updatedAt: new Date('2026-11-27T09:00:00Z') }];
    expect(parsePriceFeed(JSON.stringify({ prices: [entry] }))).toEqual(expected);
    expect(parsePriceFeed(JSON.stringify([entry]))).toEqual(expected);
  });

  it('skips entries it cannot read instead of guessing', () => {
    const good = { chainId: 1, contractAddress: TOKEN, priceUSD: '1' };
    const prices = parsePriceFeed(
      JSON.stringify([
        good,
        { ...good, chainId: 0 },
        { ...good, contractAddress: 'nope' },
        { ...good, priceUSD: '-1' },
        { ...good, priceUSD: '1e3' },
        { ...good, tokenId: 'x' },
        null,
      ]),
    );
    expect(prices).toEqual([{ chainId: 1, contractAddress: TOKEN, tokenId: null, priceUsd: '1', updatedAt: null }]);
  });

  it('refuses a document that is not a price list', () => {
    expect(() => parsePriceFeed('{"data": 1}')).toThrow(/neither a list of prices nor an object with a "prices" list/);
    expect(() => parsePriceFeed('not json')).toThrow();
  });
});

describe('usdValue', () => {
  it('multiplies exactly over the decimals and trims trailing zeros', () => {
    expect(usdValue('1500000', 6, '2.5')).toBe('3.75');
    expect(usdValue('3', 0, '0.1')).toBe('0.3');
    expect(usdValue('0', 18, '5')).toBe('0');
    expect(usdValue('1234567891234567891234', 18, '2.5')).toBe('3086.419728086419728085');
  });

  it('keeps at most 18 fraction digits, truncating', () => {
    expect(usdValue('1', 18, '0.000000000000000001')).toBe('0');
    expect(usdValue('1', 0, '0.1234567890123456789')).toBe('0.123456789012345678');
  });
});
