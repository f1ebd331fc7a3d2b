// Query execution through graphql-jit: each query document is compiled to JavaScript once and reused.
//
// Walking a document per request is most of graphql-js's cost for small queries; a compiled query
// runs a fraction of it. graphql-js itself answers a document's first run, documents graphql-jit cannot
// compile, and mutations. Every request runs its resolvers once: queries are not read-only (contract info
// and token metadata reads upsert rows and start background fetches). Where the compiled run failed before
// executing anything (variables that do not coerce), graphql-js runs the request instead, so that clients see
// its exact wording (the RPC adapter maps it to field paths); field errors of a compiled run get back the AST
// nodes graphql-jit leaves out (error-nodes.ts), so their `locations` survive yoga's masking.
import { execute as graphqlExecute, getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { asClientError } from './error-codes';
import { withFieldNodes } from './error-nodes';

type MaybePromise<T> = T | Promise<T>;

/** The compiled query, or null where graphql-jit refuses the document (it reports some problems by throwing). */
const compileOrNull = (args: ExecutionArgs): CompiledQuery | null => {
  try {
    const q = compileQuery(args.schema, args.document, args.operationName ?? undefined, { disablingCapturingStackErrors: true });
    return isCompiledQuery(q) ? q : null;
  } catch {
    return null;
  }
};

export const createCompiledExecute = () => {
  // Keyed by document object (the RPC table's documents are fixed and yoga caches parsed documents),
  // then by operation name: one document may hold several operations.
  // A document is compiled the second time it runs: compiling costs more than one execution, so a
  // stream of one-off documents is not made dearer than graphql-js alone.
  const compiled = new WeakMap<object, Map<string, CompiledQuery | null | 'seen once'>>();

  const compile = (args: ExecutionArgs): CompiledQuery | null => {
    let byOperation = compiled.get(args.document);
    if (!byOperation) compiled.set(args.document, (byOperation = new Map()));
    const name = args.operationName ?? '';
    const entry = byOperation.get(name);
    if (entry === undefined) {
      byOperation.set(name, 'seen once');
      return null;
    }
    if (entry !== 'seen once') return entry;
    const query = getOperationAST(args.document, args.operationName)?.operation === 'query' ? compileOrNull(args) : null;
    byOperation.set(name, query);
    return query;
  };

  /** A compiled run's result as graphql-js would give it; graphql-js runs the request when nothing was executed. */
  const settle = (args: ExecutionArgs, r: ExecutionResult): MaybePromise<ExecutionResult> => {
    if (!r.errors?.length) return r;
    if (!('data' in r)) return execute(args);
    return { ...r, errors: withFieldNodes(args.document, args.operationName, r.errors) };
  };

  /** graphql-js's run, its request errors (variables that do not coerce) answered as the caller's (error-codes.ts). */
  const execute = (args: ExecutionArgs): MaybePromise<ExecutionResult> => {
    const result = graphqlExecute(args);
    const settled = (r: ExecutionResult) => ('data' in r || !r.errors?.length ? r : { ...r, errors: r.errors.map(asClientError) });
    return result instanceof Promise ? result.then(settled) : settled(result);
  };

  return (args: ExecutionArgs): MaybePromise<ExecutionResult> => {
    const query = compile(args);
    if (!query) return execute(args);
    const result = query.query(args.rootValue, args.contextValue, args.variableValues);
    return result instanceof Promise ? result.then((r) => settle(args, r)) : settle(args, result);
  };
};
