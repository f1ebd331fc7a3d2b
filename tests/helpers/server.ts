// Starts the real Strata server on a free port against a fresh database, for integration tests.
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp, type App } from '../../src/main/app';
import { createTestDatabase, type TestDatabase } from './database';

export type TestServer = {
  url: string;
  port: number;
  app: App;
  createProject(name?: string): Promise<{ projectId: number; accessKey: string; bearerToken: string }>;
  /** POST /rpc/<route> with JSON; returns status, headers and parsed body. */
  rpc(route: string, body: unknown, headers?: Record<string, string>): Promise<{ status: number; headers: Headers; body: any }>;
  graphql(query: string, variables?: Record<string, unknown>, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  stop(): Promise<void>;
};

export const startTestServer = async (env: Record<string, string> = {}, opts: { index?: boolean; pollMs?: number } = {}): Promise<TestServer> => {
  const db: TestDatabase = await createTestDatabase();
  // Error-shape suites send hundreds of wrong credentials from 127.0.0.1 on purpose: the failed-credential throttle
  // would answer them RateLimited. Its own suite sets AUTH_FAILURE_LIMIT explicitly.
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://strata.test',
    AUTH_FAILURE_LIMIT: '1000000',
    // The shipped default token list is read at start, in the background, while a suite's first requests run (suites
    // that count statements or rows would see it); suites of the token directory set TOKEN_LISTS themselves.
    TOKEN_LISTS: 'none',
    // The media cache fetches every document's images in the background; its suites turn it on themselves.
    MEDIA_CACHE: 'off',
    // The verdict worker writes in the background (suites that count statements or rows would see it); the suites of
    // stored verdicts turn it on themselves.
    SPAM_VERDICTS: 'off',
    ...db.env,
    ...env,
  });
  const logger = createLogger({ logLevel: (process.env.TEST_LOG_LEVEL as 'debug' | undefined) ?? 'silent' });
  const app = await createApp(config, logger, { serve: true, index: opts.index ?? true, pollMs: opts.pollMs ?? 100 });
  const { port } = await app.start();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    app,
    createProject: (name = 'test project') => app.services.projects.create(name),
    async rpc(route, body, headers = {}) {
      const res = await fetch(`${url}/rpc/${route}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
    },
    async graphql(query, variables = {}, headers = {}) {
      const res = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify({ query, variables }),
      });
      return { status: res.status, body: await res.json() };
    },
    async stop() {
      await app.stop();
      await db.drop();
    },
  };
};

export const bearer = (token: string) => ({ Authorization: `BEARER ${token}` });
