// Every GraphiQL preset tab is a document the schema accepts: a newcomer's first click must not answer a validation error.
import { parse, validate } from 'graphql';
import { graphiqlTabs } from '../../../src/http/graphiql-page';
import { schema } from '../../../src/graphql/schema';


it.each(graphiqlTabs().map((t) => [t.query.split('\n')[0], t.query]))('preset %s validates against the schema', (_title, query) => {
  expect(validate(schema, parse(query)).map((e) => e.message)).toEqual([]);
});
