// RuntimeStatus: the server's health now, with the `runtimeStatus` query (X-Access-Key, or the admin token).
import { builder } from '../builder';
import type { RuntimeStatus } from '../../domain/runtime-status';
import { ChainRuntimeStatusRef } from './chain-runtime-status';

const RuntimeStatusRef = builder.objectRef<RuntimeStatus>('RuntimeStatus').implement({
  description: 'Read when asked: the database, every configured chain’s progress and node, the build.',
  fields: (t) => ({
    healthOk: t.exposeBoolean('healthOk', { description: 'The database answers and every chain’s node answers.' }),
    databaseOk: t.exposeBoolean('databaseOk', { description: 'The database answered a query just now.' }),
    startTime: t.field({ type: 'Timestamp', description: 'When this process started serving.', resolve: (s) => s.startTime }),
    uptimeSeconds: t.exposeInt('uptimeSeconds', { description: 'Seconds since startTime.' }),
    version: t.string({ description: 'Strata’s package version.', resolve: (s) => s.build.version }),
    commit: t.string({ description: 'The git commit of the installation; empty when it is not a git checkout.', resolve: (s) => s.build.commit }),
    branch: t.string({ description: 'The git branch checked out; empty when unknown.', resolve: (s) => s.build.branch }),
    chains: t.field({ type: [ChainRuntimeStatusRef], description: 'Every configured chain, in configuration order.', resolve: (s) => s.chains }),
  }),
});

builder.queryFields((t) => ({
  runtimeStatus: t.field({
    nullable: true,
    type: RuntimeStatusRef,
    description: 'The server’s health: database, chains, nodes, build (X-Access-Key, or the admin token).',
    resolve: (_, __, ctx) => ctx.services.runtimeStatus.status(ctx.credentials),
  }),
}));
