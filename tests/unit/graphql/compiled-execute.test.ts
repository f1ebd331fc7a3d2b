import { GraphQLError, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLSchema, GraphQLString, execute, parse, type ExecutionArgs } from 'graphql';
import { createCompiledExecute } from '../../../src/graphql/compiled-execute';

class Refused extends Error {}

const calls = { double: 0, bump: 0 };
const schema = new GraphQLSchema({
  query: new GraphQLObjectType({
    name: 'Query',
    fields: {
      double: {
        type: GraphQLInt,
        args: { n: { type: new GraphQLNonNull(GraphQLInt) } },
        resolve: (_: unknown, { n }: { n: number }) => (calls.double++, n * 2),
      },
      refused: {
        type: GraphQLString,
        resolve: () => {
          throw new Refused('not yours');
        },
      },
      greeting: { type: GraphQLString, resolve: (_: unknown, __: unknown, ctx: { name: string }) => `hello ${ctx.name}` },
    },
  }),
  mutation: new GraphQLObjectType({
    name: 'Mutation',
    fields: {
      bump: {
        type: GraphQLString,
        resolve: () => {
          calls.bump++;
          throw new Refused('bumped, then refused');
        },
      },
    },
  }),
});

describe('createCompiledExecute', () => {
  const execute3 = createCompiledExecute();
  /** Runs a request three times (graphql-js on a document's first run, compiled afterwards); all three must agree. */
  const run = async (args: ExecutionArgs) => {
    const results = [await execute3(args), await execute3(args), await execute3(args)];
    expect(results[1]).toEqual(results[0]);
    expect(results[2]).toEqual(results[0]);
    return results[2];
  };

  it('answers as graphql-js does, reading the context', async () => {
    const document = parse('query Q($n: Int!) { double(n: $n) greeting }');
    const args = { schema, document, variableValues: { n: 21 }, contextValue: { name: 'ada' } };
    expect(await run(args)).toEqual({ data: { double: 42, greeting: 'hello ada' } });
    expect(await run(args)).toEqual(await execute(args));
  });

  it('runs the named operation of a document that holds several, each compiled on its own', async () => {
    const document = parse('query A { double(n: 1) } query B { double(n: 2) }');
    expect(await run({ schema, document, operationName: 'A' })).toEqual({ data: { double: 2 } });
    expect(await run({ schema, document, operationName: 'B' })).toEqual({ data: { double: 4 } });
    expect(await run({ schema, document, operationName: 'A' })).toEqual({ data: { double: 2 } });
  });

  it('answers an unknown or missing operation name with graphql-js’s error', async () => {
    const document = parse('query A { double(n: 1) } query B { double(n: 2) }');
    for (const operationName of ['C', undefined]) {
      const args = { schema, document, operationName };
      expect(await run(args)).toEqual(await execute(args));
      expect((await run(args)).errors?.[0].message).toMatch(/Unknown operation named "C"|Must provide operation name/);
    }
  });

  it('keeps a resolver’s own error as originalError (domain errors map to codes from it)', async () => {
    const result = await run({ schema, document: parse('{ refused }') });
    expect(result.data).toEqual({ refused: null });
    expect(result.errors?.[0]).toBeInstanceOf(GraphQLError);
    expect(result.errors?.[0].message).toBe('not yours');
    expect(result.errors?.[0].originalError).toBeInstanceOf(Refused);
    expect(result.errors?.[0].path).toEqual(['refused']);
  });

  it('reports variables that do not coerce in graphql-js’s words, without running a resolver', async () => {
    const document = parse('query Q($n: Int!) { double(n: $n) }');
    await run({ schema, document, variableValues: { n: 1 } }); // compiled from now on
    const before = calls.double;
    const args = { schema, document, variableValues: { n: 'many' } };
    const result = await execute3(args);
    expect(result).toEqual(await execute(args));
    expect(result.errors?.[0].message).toBe('Variable "$n" got invalid value "many"; Int cannot represent non-integer value: "many"');
    expect(calls.double).toBe(before);
  });

  it('answers a compiled query that reports errors with graphql-js’s errors, locations included', async () => {
    const document = parse('{ greeting\n  refused }');
    const args = { schema, document, contextValue: { name: 'ada' } };
    const result = await run(args);
    expect(result).toEqual(await execute(args));
    expect(result.errors?.[0].locations).toEqual([{ line: 2, column: 3 }]);
    expect(JSON.parse(JSON.stringify(result))).toEqual({
      errors: [{ message: 'not yours', locations: [{ line: 2, column: 3 }], path: ['refused'] }],
      data: { greeting: 'hello ada', refused: null },
    });
  });

  it('runs a mutation once per request, also when it fails', async () => {
    const document = parse('mutation { bump }');
    for (let i = 1; i <= 3; i++) {
      const result = await execute3({ schema, document });
      expect(result.errors?.[0].message).toBe('bumped, then refused');
      expect(calls.bump).toBe(i);
    }
  });
});
