// Query execution through graphql-jit: each query document is compiled to JavaScript once and reused.
//
// Walking a document per request is most of graphql-js's cost for small queries; a compiled query
// runs a fraction of it. Only successful results come from the compiled code: graphql-js itself
// answers a document's first run, documents graphql-jit cannot compile, mutations (rare, and never run
// twice), and any query whose compiled run reported errors, which it runs again. Queries are not
// read-only (contract info and token metadata reads upsert rows and start background fetches; the second run finds
// them cached), so a failing query executes twice: issue #16 is to run each request once. In return clients see
// graphql-js's exact errors: its wording for variables
// that do not coerce (the RPC adapter maps it to field paths), and errors with `locations`, which
// graphql-jit's lack of AST nodes would lose once yoga serializes them.
import { execute, getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

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

  const hasErrors = (r: ExecutionResult) => (r.errors?.length ?? 0) > 0;

  return (args: ExecutionArgs): MaybePromise<ExecutionResult> => {
    const query = compile(args);
    if (!query) return execute(args);
    const result = query.query(args.rootValue, args.contextValue, args.variableValues);
    if (result instanceof Promise) return result.then((r) => (hasErrors(r) ? execute(args) : r));
    return hasErrors(result) ? execute(args) : result;
  };
};
