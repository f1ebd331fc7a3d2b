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
import type { Admitted } from '../graphql/admission';
import { createRequestAdmission, type RequestAdmission } from './admit';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import { credentialsFromHeaders } from './credentials';

export const createYogaApp = ({
  executor,
  auth,
  logger,
  clientAddressOf = peerAddressOf,
  edge = { anonymousIntrospection: true },
  requests = createRequestAdmission(executor.admit, clientAddressOf),
}: {
  executor: GraphQLExecutor;
  /** Checks whether a caller may introspect when anonymous introspection is off. */
  auth: AuthService;
  logger: Logger;
  clientAddressOf?: ClientAddressOf;
  /** INTROSPECTION (config/edge.ts); GRAPHIQL is the HTTP server's (graphiql-page.ts). */
  edge?: { anonymousIntrospection: boolean };
  /** The server's admission of Node requests: a request it admitted before reading the body is not admitted again. */
  requests?: RequestAdmission;
}) => {
  const introspectionAllowed = new WeakMap<Request, boolean>();
  /** The headers of the access key's limits, per request, for its reply. */
  const limitHeaders = new WeakMap<Request, Readonly<Record<string, string>>>();
  // `req`: the Node request the server handed to yoga.handle, or that graphql-post handed over before executing: its
  // admission (http/admit.ts) was taken once, before its body was read, and is found here. A Fetch request without
  // one (yoga.fetch called directly) is admitted here, once. Either way the admission, the introspection check and the
  // resolvers see one credentials object, so a wrong key counts as one failed check.
  const fetchAdmissions = new WeakMap<Request, Promise<Admitted>>();
  const admissionOf = (request: Request, serverContext: unknown): Promise<Admitted> => {
    const { req } = (serverContext ?? {}) as { req?: IncomingMessage };
    if (req) return requests.admit(req);
    let admitted = fetchAdmissions.get(request);
    if (!admitted) fetchAdmissions.set(request, (admitted = executor.admit(credentialsFromHeaders((n) => request.headers.get(n)))));
    return admitted;
  };
  /** The credentials of an admitted request, or those it presented when it was refused (its reply is the refusal). */
  const credentialsOf = async (request: Request, serverContext: unknown) => {
    const { req } = (serverContext ?? {}) as { req?: IncomingMessage };
    try {
      return (await admissionOf(request, serverContext)).credentials;
    } catch {
      return req ? requests.credentials(req) : credentialsFromHeaders((n) => request.headers.get(n));
    }
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
        if (domain) return logger.debug({ code: domain.kind, reason: domain.message }, 'graphql client error');
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
          introspectionAllowed.set(request, await mayIntrospect(edge.anonymousIntrospection, auth, await credentialsOf(request, context), params.query));
        },
        onValidate: ({ context, addValidationRule }) => {
          for (const rule of introspectionRules(introspectionAllowed.get((context as { request: Request }).request) ?? edge.anonymousIntrospection)) {
            addValidationRule(rule);
          }
        },
      } satisfies Plugin,
      // Each request yoga serves (GET, POST it takes over, multipart uploads, SSE subscriptions) is admitted once
      // (admission.ts), before anything runs; a refusal is the reply (429, Retry-After).
      {
        onParams: async ({ request, context, setResult }) => {
          try {
            limitHeaders.set(request, (await admissionOf(request, context)).headers);
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
    // request.signal aborts when the client goes away (yoga's Node adapter ties it to the response's close).
    context: async ({ request, req }) => executor.context(await credentialsOf(request, { req }), () => request.signal),
  }) as YogaServerInstance<Record<string, unknown>, GraphQLContext>;
};
