// The edge settings: CORS origins as written (`*`, or a list), the console and GraphiQL switches, deployed defaults.
import { ConfigError, loadConfig } from '../../../src/config';

const base = { DATA_DIR: '/tmp/strata-config-test', JWT_SECRET: 'x'.repeat(40) };

it('takes CORS_ORIGINS as * or as a list of origins, and refuses anything else by name', () => {
  expect(loadConfig({ ...base, CORS_ORIGINS: '*' }).edge.corsOrigins).toBe('*');
  expect(loadConfig({ ...base, CORS_ORIGINS: 'https://a.example, http://127.0.0.1:3000' }).edge.corsOrigins).toEqual(['https://a.example', 'http://127.0.0.1:3000']);
  expect(() => loadConfig({ ...base, CORS_ORIGINS: 'https://a.example/path' })).toThrow(ConfigError);
  expect(() => loadConfig({ ...base, CORS_ORIGINS: 'https://a.example/path' })).toThrow(/CORS_ORIGINS/);
});

it('serves the console unless CONSOLE=off, deployed or not', () => {
  expect(loadConfig(base).edge.console).toBe(true);
  expect(loadConfig({ ...base, NODE_ENV: 'production', DATABASE_URL: 'mysql://root@127.0.0.1:3306/x' }).edge.console).toBe(true);
  expect(loadConfig({ ...base, CONSOLE: 'off' }).edge.console).toBe(false);
  expect(() => loadConfig({ ...base, CONSOLE: 'maybe' })).toThrow(/CONSOLE/);
});

it('closes GraphiQL, anonymous introspection, /metrics and CORS * in production mode on SQLite as on MySQL', () => {
  for (const database of [{}, { DATABASE_URL: 'mysql://root@127.0.0.1:3306/x' }]) {
    for (const mode of [{ NODE_ENV: 'production' }, { STRATA_MODE: 'production' }, { NODE_ENV: 'test', STRATA_MODE: 'production' }]) {
      const { edge } = loadConfig({ ...base, ...database, ...mode });
      expect(edge).toMatchObject({ deployed: true, graphiql: false, anonymousIntrospection: false, corsOrigins: [] });
    }
  }
});

it('opens them in development mode, which STRATA_MODE sets over NODE_ENV', () => {
  for (const mode of [{}, { NODE_ENV: 'development' }, { NODE_ENV: 'production', STRATA_MODE: 'development' }]) {
    expect(loadConfig({ ...base, ...mode }).edge).toMatchObject({ deployed: false, graphiql: true, anonymousIntrospection: true, corsOrigins: '*' });
  }
  // Each switch still wins over the mode.
  expect(loadConfig({ ...base, NODE_ENV: 'production', GRAPHIQL: 'on' }).edge.graphiql).toBe(true);
  expect(() => loadConfig({ ...base, STRATA_MODE: 'staging' })).toThrow(/STRATA_MODE/);
});
