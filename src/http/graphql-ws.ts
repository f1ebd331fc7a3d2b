// graphql-ws on the same port and path as GraphQL over HTTP; credentials come in connection_init.
import type { Server } from 'node:http';
import type { GraphQLSchema } from 'graphql';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { Services } from '../domain/services';
import { createContext } from '../graphql/context';
import { credentialsFromConnectionParams } from './credentials';
import { toGraphQLError } from './yoga';

export const attachGraphQLWs = ({ server, schema, services }: { server: Server; schema: GraphQLSchema; services: Services }) => {
  const wss = new WebSocketServer({ server, path: '/graphql', maxPayload: 1_048_576 });
  const mask = <R extends { errors?: readonly unknown[] }>(result: R): R =>
    result.errors ? { ...result, errors: result.errors.map((e) => toGraphQLError(e, 'Unexpected error.')) } : result;
  const disposable = useServer(
    {
      schema,
      context: (ctx) => createContext(services, credentialsFromConnectionParams(ctx.connectionParams)),
      onNext: (_ctx, _id, _payload, _args, result) => mask(result) as never,
    },
    wss,
  );
  return {
    close: async () => {
      await disposable.dispose();
      wss.close();
    },
  };
};
