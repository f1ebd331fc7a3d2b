// Default request limits per access key: none unless set, 0 meaning none, bad values reported with the others.
import { ConfigError, loadConfig } from '../../../src/config';

const base = { DATA_DIR: '/tmp/strata-config-test', JWT_SECRET: 'x'.repeat(40) };

it('limits nothing by default but receipt waits, and takes a rate, a monthly quota, a flush interval and a wait cap', () => {
  expect(loadConfig(base).keyLimits).toEqual({ requestsPerSecond: null, requestsPerMonth: null, usageFlushSeconds: 10, receiptWaits: 100 });
  expect(
    loadConfig({ ...base, KEY_REQUESTS_PER_SECOND: '25', KEY_REQUESTS_PER_MONTH: '1000000', KEY_USAGE_FLUSH_SECONDS: '2', KEY_RECEIPT_WAITS: '7' }).keyLimits,
  ).toEqual({
    requestsPerSecond: 25,
    requestsPerMonth: 1_000_000,
    usageFlushSeconds: 2,
    receiptWaits: 7,
  });
  expect(loadConfig({ ...base, KEY_REQUESTS_PER_SECOND: '0' }).keyLimits.requestsPerSecond).toBeNull();
});

it('reports every bad value at once', () => {
  let error: unknown;
  try {
    loadConfig({ ...base, KEY_REQUESTS_PER_SECOND: '-1', KEY_REQUESTS_PER_MONTH: 'lots', KEY_USAGE_FLUSH_SECONDS: '0' });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  const fields = (error as ConfigError).problems.map((p) => p.split(':')[0]);
  expect(fields).toEqual(expect.arrayContaining(['KEY_REQUESTS_PER_SECOND', 'KEY_REQUESTS_PER_MONTH', 'KEY_USAGE_FLUSH_SECONDS']));
});
