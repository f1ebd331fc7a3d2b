// The media cache's settings: off unless asked for, contracts checked and normalised, bounds refused when out of range.
import { ConfigError, loadConfig } from '../../../src/config';

const base = { DATA_DIR: '/tmp/strata-media-config-test', JWT_SECRET: 'x'.repeat(40) };

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig({ ...base, ...env });
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
};

it('is on by default, with its bounds', () => {
  expect(loadConfig(base).media).toEqual({
    enabled: true,
    contracts: [],
    maxBytes: 50 * 1_048_576,
    timeoutMs: 30_000,
    maxPixels: 50_000_000,
    maxDimension: 16_384,
    concurrency: 2,
    hostRatePerSecond: 10,
    hostConcurrency: 2,
    retryBaseMs: 60_000,
    pollMs: 1_000,
  });
});

it('MEDIA_CACHE=on with chosen contracts, lower-cased and each once', () => {
  const a = `0x${'Ab'.repeat(20)}`;
  const media = loadConfig({ ...base, MEDIA_CACHE: 'on', MEDIA_CONTRACTS: ` 1:${a}, 137:0x${'1'.repeat(40)},1:${a.toLowerCase()}` }).media;
  expect(media.enabled).toBe(true);
  expect(media.contracts).toEqual([`1:${a.toLowerCase()}`, `137:0x${'1'.repeat(40)}`]);
});

it('refuses bad values, every problem listed', () => {
  expect(problemsOf({ MEDIA_CACHE: 'maybe', MEDIA_CONTRACTS: '0xabc,1:nope', MEDIA_MAX_PIXELS: '0', MEDIA_CONCURRENCY: '1000' })).toEqual([
    'MEDIA_CACHE: must be on or off',
    'MEDIA_CONTRACTS: "0xabc" is not chainId:0xaddress',
    'MEDIA_CONTRACTS: "1:nope" is not chainId:0xaddress',
    expect.stringMatching(/^MEDIA_MAX_PIXELS: /),
    expect.stringMatching(/^MEDIA_CONCURRENCY: /),
  ]);
});
