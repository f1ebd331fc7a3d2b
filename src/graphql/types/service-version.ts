// ServiceVersion: the build this server runs, with the `version` and `ping` queries (no credentials needed).
import { createHash } from 'node:crypto';
import { printSchema, type GraphQLSchema } from 'graphql';
import { builder } from '../builder';
import type { BuildInfo } from '../../config/build';

type Version = BuildInfo & { startTime: Date; schemaHash: string };

const hashes = new WeakMap<GraphQLSchema, string>();
/** SHA-1 of the printed schema: it changes exactly when the API does. */
const schemaHashOf = (schema: GraphQLSchema) => {
  let h = hashes.get(schema);
  if (!h) hashes.set(schema, (h = createHash('sha1').update(printSchema(schema)).digest('hex')));
  return h;
};

const ServiceVersionRef = builder.objectRef<Version>('ServiceVersion').implement({
  description: 'What this server was built from; empty strings where the installation cannot tell (no git checkout).',
  fields: (t) => ({
    version: t.exposeString('version', { description: 'Strata’s package version.' }),
    commit: t.exposeString('commit', { description: 'The git commit of the installation; empty when it is not a git checkout.' }),
    branch: t.exposeString('branch', { description: 'The git branch checked out; empty when detached or not a git checkout.' }),
    schemaHash: t.exposeString('schemaHash', { description: 'SHA-1 of this GraphQL schema as printed.' }),
    startTime: t.field({ type: 'Timestamp', description: 'When this process started serving.', resolve: (v) => v.startTime }),
  }),
});

builder.queryFields((t) => ({
  version: t.field({
    type: ServiceVersionRef,
    description: 'The build this server runs.',
    resolve: (_, __, ctx, info) => ({ ...ctx.services.runtimeStatus.build(), schemaHash: schemaHashOf(info.schema) }),
  }),
  ping: t.boolean({
    description: 'True when this server can serve (its database answers).',
    resolve: (_, __, ctx) => ctx.services.runtimeStatus.ping(),
  }),
}));
