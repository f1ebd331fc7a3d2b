// The graphql-yoga app: GraphQL over HTTP at /graphql, GraphiQL for browsers, masked unexpected errors.
import { renderGraphiQL } from '@graphql-yoga/render-graphiql';
import { createYoga, maskError as yogaMaskError, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type GraphQLSchema } from 'graphql';
import type { Logger } from '../config/logger';
import { isDomainError } from '../domain/errors';
import type { Services } from '../domain/services';
import { createCompiledExecute } from '../graphql/compiled-execute';
import { createContext, type GraphQLContext } from '../graphql/context';
import { documentLimitPlugins } from '../graphql/limits';
import { credentialsFromHeaders } from './credentials';

/** Domain errors reach clients with their kind as `extensions.code`; anything else is masked. */
export const toGraphQLError = (error: unknown, message: string, isDev?: boolean): Error => {
  const original = error instanceof GraphQLError ? error.originalError : error;
  if (isDomainError(original)) {
    const e = error as GraphQLError;
    return new GraphQLError(original.message, {
      nodes: e.nodes,
      path: e.path,
      extensions: { code: original.kind, ...(original.field ? { field: original.field } : {}) },
    });
  }
  return yogaMaskError(error, message, isDev);
};

export const createYogaApp = ({ schema, services, logger }: { schema: GraphQLSchema; services: Services; logger: Logger }) => {
  const compiledExecute = createCompiledExecute();
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL's assets are bundled, so the explorer works on machines without internet access.
    renderGraphiQL,
    graphiql: { title: 'Strata GraphQL', subscriptionsProtocol: 'WS' },
    maskedErrors: { maskError: toGraphQLError },
    // The HTTP server refuses bodies over MAX_BODY_BYTES and bodies without Content-Length (server.ts).
    maxRequestBodySize: false,
    // CORS headers are set by the HTTP server for every route (cors.ts), GraphQL included.
    cors: false,
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(' ')),
      info: (...args) => logger.info(args.map(String).join(' ')),
      warn: (...args) => logger.warn(args.map(String).join(' ')),
      error: (...args) => logger.error({ err: args.find((a) => a instanceof Error) }, args.map(String).join(' ')),
    },
    // Queries run compiled, mutations through graphql-js (see compiled-execute); subscriptions go over graphql-ws.
    plugins: [...documentLimitPlugins(), { onExecute: ({ setExecuteFn }) => setExecuteFn(compiledExecute) } satisfies Plugin],
    context: ({ request }) => createContext(services, credentialsFromHeaders((n) => request.headers.get(n))),
  }) as YogaServerInstance<Record<string, unknown>, GraphQLContext>;
};
