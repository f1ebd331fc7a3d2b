// A variable set to nothing is a variable not set: compose files and .env templates write `ADMIN_TOKEN=`.
import { loadConfig } from '../../../src/config';

it('reads empty and blank values as unset', () => {
  const config = loadConfig({ DATA_DIR: '/tmp/strata-config-test', JWT_SECRET: 'x'.repeat(40), ADMIN_TOKEN: '', CORS_ORIGINS: '  ', GRAPHIQL: '', REDIS_URL: '' });
  expect(config.adminToken).toBeNull();
  expect(config.edge.corsOrigins).toBe('*');
  expect(config.edge.graphiql).toBe(true);
  expect(config.redisUrl).toBeNull();
});

it('still refuses a value that is set and wrong', () => {
  expect(() => loadConfig({ DATA_DIR: '/tmp/strata-config-test', ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN: must be at least 32 characters/);
});
