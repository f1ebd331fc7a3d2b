// The one way a GraphQL request runs. Every entry path (yoga's POST and GET, the direct POST path, graphql-ws and the
// RPC adapter) parses, builds its context and executes through one executor: one document-limit check, one compile
// cache, one shared subscription execution, one error masking (errors.ts). Each request is admitted once (admission.ts)
// and executes once, without exception: a read replica lost mid-way costs a statement read again on the primary
// (db/replicas/route.ts, db/read-query.ts), never the request run again.
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionArgs, type ExecutionResult, type GraphQLSchema, type ValidationRule } from 'graphql';
import type { Credentials } from '../domain/auth/credentials';
import type { KnownAccessKey } from '../domain/auth/service';
import type { Services } from '../domain/services';
import { createAdmission, type Admission } from './admission';
import { createCompiledExecute } from './compiled-execute';
import type { SignalOf } from './request-signal';
import { createContext, type GraphQLContext } from './context';
import { queryCost } from './cost';
import { parseWithinLimits } from './limits';
import { createSharedSubscribe } from './shared-subscribe';

type MaybePromise<T> = T | Promise<T>;

/** A request as an entry path hands it over: a parsed, validated document and the caller's credentials. */
export type GraphQLRequest = {
  document: DocumentNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  credentials: Credentials;
  /** The RPC's own documents: fixed, bounded by their operations' page limits, and not charged a cost. */
  trusted?: boolean;
  /** Aborts when the request's client went away (GraphQLContext.signal). */
  signal?: SignalOf;
};

export type GraphQLExecutor = {
  readonly schema: GraphQLSchema;
  /** Parses within the document limits (limits.ts) and validates: the document, or the errors to answer with. */
  parse(source: string, extraRules?: readonly ValidationRule[]): ReturnType<typeof parseWithinLimits>;
  /** The per-request context for a caller; `signal` aborts when its client went away. */
  context(credentials: Credentials, signal?: SignalOf): GraphQLContext;
  /** Queries compiled (compiled-execute.ts), everything else by graphql-js; for yoga and graphql-ws, which build their args. */
  execute(args: ExecutionArgs): MaybePromise<ExecutionResult>;
  /** A subscription whose events are executed once per distinct operation (shared-subscribe.ts). */
  subscribe(args: ExecutionArgs): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;
  /** Executes a request with the caller's context. */
  run(request: GraphQLRequest): MaybePromise<ExecutionResult>;
  /** Subscribes a request with the caller's context. */
  open(request: GraphQLRequest): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult>;
  /**
   * Admits a request where it arrives, before its body is read or it runs (admission.ts: credentials, throttle,
   * charge, refusal): every entry path calls it (RPC, the direct POST path, yoga, graphql-ws, uploads, the console).
   */
  admit: Admission;
};

export const createExecutor = (schema: GraphQLSchema, services: Services, { maxQueryCost = 50_000 }: { maxQueryCost?: number } = {}): GraphQLExecutor => {
  const compiledExecute = createCompiledExecute();
  const sharedSubscribe = createSharedSubscribe();
  const refusal = (cost: number, limit: number): ExecutionResult => ({
    errors: [
      new GraphQLError(`this request costs ${cost}, above the limit of ${limit}: ask for smaller pages (first/last) or fewer fields, or split it`, {
        extensions: { code: 'QUERY_COST_EXCEEDED', cost, limit },
      }),
    ],
  });
  /**
   * Refuses, before anything runs, a client's request costing more than its key's ceiling (or the server's). Answered
   * without waiting when the key's ceiling is known here (the usual case: keys are remembered for seconds).
   */
  const overCost = (args: ExecutionArgs): ExecutionResult | null | Promise<ExecutionResult | null> => {
    const cost = queryCost(schema, args.document, args.operationName, (args.variableValues ?? {}) as Record<string, unknown>);
    if (cost <= 1) return null;
    const credentials = (args.contextValue as GraphQLContext).credentials;
    // A key without a ceiling of its own, no key, or a key refused (its resolvers say why): the server's ceiling.
    const judge = (key: KnownAccessKey | null) => {
      const limit = key?.maxQueryCost ?? maxQueryCost;
      return cost <= limit ? null : refusal(cost, limit);
    };
    const known = services.auth.knownAccessKey(credentials);
    return known !== undefined ? judge(known) : services.auth.accessKeyOf(credentials).then(judge);
  };
  const context = (credentials: Credentials, signal?: SignalOf) => createContext(services, credentials, signal);
  /**
   * A query's reads may be served by a read replica (domain/reads.ts); mutations, and subscriptions' events, read the
   * primary: an event's payload must never be older than the block it announces, and a replica may not have that
   * block yet. A replica that refuses a connection before a read, or drops one under a statement, costs that statement
   * alone: it is read from the primary (db/replicas/route.ts, db/read-query.ts) and the replica is skipped from then
   * on, so the query runs once and the client sees no error.
   */
  const withReads = (args: ExecutionArgs, go: (a: ExecutionArgs) => MaybePromise<ExecutionResult>): MaybePromise<ExecutionResult> => {
    if (!services.reads.replicas || getOperationAST(args.document, args.operationName)?.operation !== 'query') return go(args);
    return services.reads.onReplica(() => go(args));
  };
  const execute = (args: ExecutionArgs): MaybePromise<ExecutionResult> =>
    withReads(args, (a) => {
      const refused = overCost(a);
      if (refused instanceof Promise) return refused.then((r) => r ?? compiledExecute(a));
      return refused ?? compiledExecute(a);
    });
  const subscribe = async (args: ExecutionArgs) => (await overCost(args)) ?? sharedSubscribe(args);
  const argsOf = (r: GraphQLRequest): ExecutionArgs => ({
    schema,
    document: r.document,
    operationName: r.operationName,
    variableValues: r.variables,
    contextValue: context(r.credentials, r.signal),
  });
  return {
    schema,
    parse: (source, extraRules) => parseWithinLimits(schema, source, extraRules),
    context,
    execute,
    subscribe,
    run: (r) => (r.trusted ? withReads(argsOf(r), compiledExecute) : execute(argsOf(r))),
    open: (r) => (r.trusted ? sharedSubscribe(argsOf(r)) : subscribe(argsOf(r))),
    admit: createAdmission({ auth: services.auth, limits: services.limits }),
  };
};
