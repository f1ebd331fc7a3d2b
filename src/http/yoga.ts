// The graphql-yoga app: GraphQL over HTTP at /graphql, GraphiQL for browsers, masked unexpected errors.
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import type { Logger } from '../config/logger';
import type { IncomingMessage } from 'node:http';
import type { AuthService } from '../domain/auth/service';
import type { GraphQLContext } from '../graphql/context';
import { asGraphQLError, domainErrorOf, maskError } from '../graphql/errors';
import type { GraphQLExecutor } from '../graphql/execute';
import { documentLimitPlugins } from '../graphql/limits';
import { introspectionRules, mayIntrospect } from '../graphql/introspection';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import type { Credentials } from '../domain/auth/credentials';
import { credentialsFromHeaders } from './credentials';

export const createYogaApp = ({
  executor,
  auth,
  logger,
  clientAddressOf = peerAddressOf,
  edge = { anonymousIntrospection: true },
}: {
  executor: GraphQLExecutor;
  /** Checks whether a caller may introspect when anonymous introspection is off. */
  auth: AuthService;
  logger: Logger;
  clientAddressOf?: ClientAddressOf;
  /** INTROSPECTION (config/edge.ts); GRAPHIQL is the HTTP server's (graphiql-page.ts). */
  edge?: { anonymousIntrospection: boolean };
}) => {
  const introspectionAllowed = new WeakMap<Request, boolean>();
  /** The headers of the access key's limits, per request, for its reply. */
  const limitHeaders = new WeakMap<Request, Readonly<Record<string, string>>>();
  // `req`: the Node request the server handed to yoga.handle, or that graphql-post handed over before executing.
  // One object per request: the charge, the introspection check and the resolvers then see the same credentials, so a
  // wrong key counts as one failed check (auth/service.ts remembers failures per credentials object).
  const credentialsByRequest = new WeakMap<Request, Credentials>();
  const credentialsOf = (request: Request, serverContext: unknown): Credentials => {
    let credentials = credentialsByRequest.get(request);
    if (!credentials) {
      const { req } = (serverContext ?? {}) as { req?: IncomingMessage };
      credentials = { ...credentialsFromHeaders((n) => request.headers.get(n)), clientAddress: req ? clientAddressOf(req) : undefined };
      credentialsByRequest.set(request, credentials);
    }
    return credentials;
  };
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: executor.schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL is served by the HTTP server (graphiql-page.ts: preset tabs, compressed, ETag), never by yoga.
    graphiql: false,
    maskedErrors: { maskError },
    // The HTTP server refuses bodies over MAX_BODY_BYTES and bodies without Content-Length (server.ts).
    maxRequestBodySize: false,
    // CORS headers are set by the HTTP server for every route (cors.ts), GraphQL included.
    cors: false,
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(' ')),
      info: (...args) => logger.info(args.map(String).join(' ')),
      warn: (...args) => logger.warn(args.map(String).join(' ')),
      // A caller's mistake (a domain error: bad address, missing key) is not the server's error: one line at debug,
      // no stack, as the RPC logs it. Anything else is an error with its stack.
      error: (...args) => {
        const err = args.find((a) => a instanceof Error);
        const domain = domainErrorOf(err);
        if (domain) return logger.debug({ code: domain.kind, msg: domain.message }, 'graphql client error');
        logger.error({ err }, args.map(String).join(' '));
      },
    },
    // Execution is the executor's (graphql/execute.ts), as on every other path; subscriptions over SSE too.
    plugins: [
      ...documentLimitPlugins(),
      {
        onExecute: ({ setExecuteFn }) => setExecuteFn(executor.execute),
        onSubscribe: ({ setSubscribeFn }) => setSubscribeFn(executor.subscribe as never),
      } satisfies Plugin,
      // Whether this caller may introspect (introspection.ts) is settled with the request's params: validation runs
      // before the context is built, and its hook cannot wait for a credential check.
      {
        onParams: async ({ params, request, context }) => {
          introspectionAllowed.set(request, await mayIntrospect(edge.anonymousIntrospection, auth, credentialsOf(request, context), params.query));
        },
        onValidate: ({ context, addValidationRule }) => {
          for (const rule of introspectionRules(introspectionAllowed.get((context as { request: Request }).request) ?? edge.anonymousIntrospection)) {
            addValidationRule(rule);
          }
        },
      } satisfies Plugin,
      // Each request yoga serves (GET, POST it takes over, multipart uploads, SSE subscriptions) is charged to its access
      // key once, with its params, before anything runs; a refusal is the reply (429, Retry-After).
      {
        onParams: async ({ request, context, setResult }) => {
          try {
            const charged = await executor.charge(credentialsOf(request, context));
            if (charged) limitHeaders.set(request, charged.headers);
          } catch (err) {
            if (!domainErrorOf(err)) throw err;
            setResult({ errors: [maskError(asGraphQLError(err)) as never] });
          }
        },
        onResponse: ({ request, response }) => {
          for (const [name, value] of Object.entries(limitHeaders.get(request) ?? {})) response.headers.set(name, value);
        },
      } satisfies Plugin,
    ],
    context: ({ request, req }) => executor.context(credentialsOf(request, { req })),
  }) as YogaServerInstance<Record<string, unknown>, GraphQLContext>;
};
