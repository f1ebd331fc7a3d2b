// The graphql-yoga app: GraphQL over HTTP at /graphql, GraphiQL for browsers, masked unexpected errors.
import { createYoga, maskError as yogaMaskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type ExecutionResult, type GraphQLSchema } from 'graphql';
import type { Logger } from '../config/logger';
import type { IncomingMessage } from 'node:http';
import { isDomainError, RateLimitedError } from '../domain/errors';
import type { Services } from '../domain/services';
import { createCompiledExecute } from '../graphql/compiled-execute';
import { createContext, type GraphQLContext } from '../graphql/context';
import { documentLimitPlugins } from '../graphql/limits';
import { introspectionRules, mayIntrospect } from '../graphql/introspection';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import type { Credentials } from '../domain/auth/credentials';
import { credentialsFromHeaders } from './credentials';

/** Domain errors reach clients with their kind as `extensions.code`; anything else is masked. */
export const toGraphQLError = (error: unknown, message: string, isDev?: boolean): Error => {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (isDomainError(original)) {
    const e = error as GraphQLError;
    return new GraphQLError(original.message, {
      nodes: e.nodes,
      path: e.path,
      extensions: {
        code: original.kind,
        ...(original.field ? { field: original.field } : {}),
        // yoga turns `http` into the reply's status and headers (and leaves it out of the body).
        ...(original instanceof RateLimitedError ? { http: { status: 429, headers: { 'Retry-After': String(original.retryAfterSeconds) } } } : {}),
      },
    });
  }
  return yogaMaskError(error, message, isDev);
};

export const createYogaApp = ({
  schema,
  services,
  logger,
  clientAddressOf = peerAddressOf,
  edge = { anonymousIntrospection: true },
}: {
  schema: GraphQLSchema;
  services: Services;
  logger: Logger;
  clientAddressOf?: ClientAddressOf;
  /** INTROSPECTION (config/edge.ts); GRAPHIQL is the HTTP server's (graphiql-page.ts). */
  edge?: { anonymousIntrospection: boolean };
}) => {
  const compiledExecute = createCompiledExecute();
  const introspectionAllowed = new WeakMap<Request, boolean>();
  // `req` is the Node request the server handed to yoga.handle or graphql-post handed over with the credentials it
  // already checked (the same object, so a failed check counts once against the caller).
  const credentialsOf = (request: Request, serverContext: unknown): Credentials => {
    const { req, credentials } = (serverContext ?? {}) as { req?: IncomingMessage; credentials?: Credentials };
    return credentials ?? { ...credentialsFromHeaders((n) => request.headers.get(n)), clientAddress: req ? clientAddressOf(req) : undefined };
  };
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL is served by the HTTP server (graphiql-page.ts: preset tabs, compressed, ETag), never by yoga.
    graphiql: false,
    maskedErrors: { maskError: toGraphQLError },
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
        const original = err instanceof GraphQLError ? err.originalError : err;
        if (isDomainError(original)) return logger.debug({ code: original.kind, msg: original.message }, 'graphql client error');
        logger.error({ err }, args.map(String).join(' '));
      },
    },
    // Queries run compiled, mutations through graphql-js (see compiled-execute); subscriptions go over graphql-ws.
    plugins: [
      ...documentLimitPlugins(),
      // A request graphql-post.ts already executed comes with its result (`executed` in the server context): yoga
      // replies with it, masked and shaped as its own, and runs nothing again.
      {
        onExecute: ({ args, setExecuteFn }) => {
          const executed = (args.contextValue as { executed?: ExecutionResult }).executed;
          // As the execution itself (not by stopping it), so that error masking and every other hook still apply.
          setExecuteFn(executed ? () => executed : compiledExecute);
        },
      } satisfies Plugin,
      // Whether this caller may introspect (introspection.ts) is settled with the request's params: validation runs
      // before the context is built, and its hook cannot wait for a credential check.
      {
        onParams: async ({ params, request, context }) => {
          introspectionAllowed.set(request, await mayIntrospect(edge.anonymousIntrospection, services.auth, credentialsOf(request, context), params.query));
        },
        onValidate: ({ context, addValidationRule }) => {
          for (const rule of introspectionRules(introspectionAllowed.get((context as { request: Request }).request) ?? edge.anonymousIntrospection)) {
            addValidationRule(rule);
          }
        },
      } satisfies Plugin,
    ],
    context: ({ request, req }) => createContext(services, credentialsOf(request, { req })),
  }) as YogaServerInstance<Record<string, unknown>, GraphQLContext>;
};
