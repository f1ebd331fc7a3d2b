// Read replica settings: none by default, MySQL URLs only, refused next to the embedded SQLite database.
import { ConfigError, loadConfig } from '../../../src/config';

const sqlite = { DATA_DIR: '/tmp/strata-config-test' };
const mysql = { ...sqlite, DATABASE_URL: 'mysql://strata:pw@db-primary:3306/strata', JWT_SECRET: 'x'.repeat(40) };

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).problems;
  }
  return [];
};

it('has no replicas by default, a 5 s lag bound and a check every second', () => {
  expect(loadConfig(sqlite).readReplicas).toEqual({ urls: [], maxLagSeconds: 5, checkIntervalMs: 1000 });
});

it('takes comma-separated replica URLs, a lag bound and a check interval', () => {
  const config = loadConfig({
    ...mysql,
    DATABASE_READ_URLS: ' mysql://ro:pw@db-r1:3306/strata , mysql://ro:pw@db-r2/strata?ssl=1',
    READ_REPLICA_MAX_LAG_SECONDS: '1.5',
    READ_REPLICA_CHECK_MS: '250',
  });
  expect(config.readReplicas).toEqual({ urls: ['mysql://ro:pw@db-r1:3306/strata', 'mysql://ro:pw@db-r2/strata?ssl=1'], maxLagSeconds: 1.5, checkIntervalMs: 250 });
});

it('refuses replicas of the embedded SQLite database, and says why', () => {
  expect(problemsOf({ ...sqlite, DATABASE_READ_URLS: 'mysql://ro@db-r1/strata' })).toEqual([
    'DATABASE_READ_URLS: read replicas need a MySQL/MariaDB DATABASE_URL (the embedded SQLite database has none)',
  ]);
});

it('reports a bad URL, a repeated one and bad numbers together', () => {
  const fields = (env: Record<string, string>) => problemsOf({ ...mysql, ...env }).map((p) => p.split(':')[0]);
  expect(fields({ DATABASE_READ_URLS: 'postgres://db-r1/strata', READ_REPLICA_MAX_LAG_SECONDS: '-1', READ_REPLICA_CHECK_MS: '10' })).toEqual(
    expect.arrayContaining(['DATABASE_READ_URLS', 'READ_REPLICA_MAX_LAG_SECONDS', 'READ_REPLICA_CHECK_MS']),
  );
  expect(problemsOf({ ...mysql, DATABASE_READ_URLS: 'mysql://db-r1/strata,mysql://db-r1/strata' })).toEqual(['DATABASE_READ_URLS: lists a replica twice']);
});
