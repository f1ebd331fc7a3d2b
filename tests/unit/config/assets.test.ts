// Asset storage settings: local by default, S3 when asked, with every problem reported.
import { ConfigError, loadConfig } from '../../../src/config';

const base = { DATA_DIR: '/tmp/strata-config-test', JWT_SECRET: 'x'.repeat(40) };

it('stores on local disk by default and in S3 when asked', () => {
  expect(loadConfig(base).assets).toEqual({ dir: '/tmp/strata-config-test/assets', maxBytes: 20 * 1_048_576, s3: null });
  expect(loadConfig({ ...base, ASSET_STORAGE: 's3', S3_BUCKET: 'b', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }).assets.s3).toEqual({
    bucket: 'b',
    prefix: '',
    region: 'us-east-1',
    endpoint: 'http://127.0.0.1:9000',
    forcePathStyle: true,
    credentials: { accessKeyId: 'k', secretAccessKey: 's' },
  });
});

it('reports a missing bucket and half a credential pair', () => {
  let error: unknown;
  try {
    loadConfig({ ...base, ASSET_STORAGE: 's3', S3_ACCESS_KEY_ID: 'k' });
  } catch (err) {
    error = err;
  }
  expect(error).toBeInstanceOf(ConfigError);
  expect((error as ConfigError).problems).toEqual([
    'S3_BUCKET: required when ASSET_STORAGE is s3',
    'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: give both or neither',
  ]);
  expect(() => loadConfig({ ...base, ASSET_MAX_BYTES: '10' })).toThrow(/ASSET_MAX_BYTES/);
});
