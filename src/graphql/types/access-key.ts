// AccessKey: a project's public key (X-Access-Key), with the queries and mutations that manage them (bearer token of
// the owning project).
import { builder } from '../builder';
import type { AccessKey, IssuedAccessKey } from '../../domain/auth/access-keys';
import { callerProject } from '../../domain/auth/caller';
import { PROJECT_ARG } from './shared-args';

const KEY_ID_ARG = { required: true, description: 'The key’s id (from `accessKeys`).' } as const;

const AccessKeyRef = builder.objectRef<AccessKey>('AccessKey').implement({
  description: 'A public access key of a project, sent as `X-Access-Key`. The key itself is shown only when issued.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Its id, to update, rotate or revoke it.' }),
    projectId: t.exposeInt('projectId', { description: 'The project it belongs to.' }),
    name: t.exposeString('name', { description: 'The owner’s label for it; empty when unnamed.' }),
    hint: t.exposeString('hint', { description: 'The key’s last four characters, to tell keys apart.' }),
    isDefault: t.exposeBoolean('isDefault', { description: 'The project’s default key (exactly one is).' }),
    origins: t.exposeStringList('origins', {
      description: 'Browser origins it may be used from (`Origin` header); empty: any. Requests without `Origin` are not browser requests and always pass.',
    }),
    maxQueryCost: t.exposeInt('maxQueryCost', {
      nullable: true,
      description: 'Its own ceiling on a GraphQL request’s cost (see QUERY_COST_EXCEEDED); null: the server’s GRAPHQL_MAX_COST.',
    }),
    requestsPerSecond: t.exposeInt('requestsPerSecond', {
      nullable: true,
      description: 'Its own rate: requests per second, above which it is refused with RATE_LIMIT; null: the server’s KEY_REQUESTS_PER_SECOND.',
    }),
    requestsPerMonth: t.exposeInt('requestsPerMonth', {
      nullable: true,
      description:
        'Its own quota: requests per calendar month (UTC), above which it is refused with QUOTA_EXCEEDED; null: the server’s KEY_REQUESTS_PER_MONTH.',
    }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was issued (or last rotated).', resolve: (k) => k.createdAt }),
  }),
});

const IssuedAccessKeyRef = builder.objectRef<IssuedAccessKey>('IssuedAccessKey').implement({
  description: 'A key just issued: `key` is shown this once and never stored (only its hash is).',
  fields: (t) => ({
    accessKey: t.field({ type: AccessKeyRef, description: 'The key’s record.', resolve: (i) => i.accessKey }),
    key: t.exposeString('key', { description: 'The key to send as `X-Access-Key`.' }),
  }),
});

const AccessKeyInput = builder.inputType('AccessKeyInput', {
  description: 'What to set on a key; absent fields keep their value.',
  fields: (t) => ({
    name: t.string({ required: false, description: 'A label, at most 100 characters.' }),
    origins: t.stringList({
      required: false,
      description: 'Allowed browser origins such as `https://app.example.com` (at most 50); an empty list allows any.',
    }),
    isDefault: t.boolean({ required: false, description: 'Make it the project’s default key (the previous default stops being it).' }),
    maxQueryCost: t.int({ required: false, description: 'Its own ceiling on a GraphQL request’s cost, up to 10,000,000; 0 returns it to the server’s.' }),
    requestsPerSecond: t.int({ required: false, description: 'Its own rate in requests per second, up to 1,000,000; 0 returns it to the server’s.' }),
    requestsPerMonth: t.int({ required: false, description: 'Its own quota in requests per calendar month (UTC), up to 2,000,000,000; 0 returns it to the server’s.' }),
  }),
});

builder.queryFields((t) => ({
  accessKeys: t.field({
    type: [AccessKeyRef],
    nullable: true,
    description: 'The project’s access keys, oldest first (at most 20 per project).',
    args: { projectId: t.arg.int(PROJECT_ARG) },
    resolve: async (_, args, ctx) => ctx.services.accessKeys.list(await callerProject(ctx.services.auth, ctx.credentials, args.projectId)),
  }),
}));

builder.mutationFields((t) => ({
  createAccessKey: t.field({
    type: IssuedAccessKeyRef,
    nullable: true,
    description: 'Issues a key (the project’s first becomes its default); MAX_ACCESS_KEYS past 20.',
    args: { projectId: t.arg.int(PROJECT_ARG), input: t.arg({ type: AccessKeyInput, description: 'Its name, origins and default flag.' }) },
    resolve: async (_, args, ctx) =>
      ctx.services.accessKeys.create(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.input ?? {}),
  }),
  updateAccessKey: t.field({
    type: AccessKeyRef,
    nullable: true,
    description: 'Renames a key, sets its origins or makes it the default; taking the default flag away is NO_DEFAULT_KEY.',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      id: t.arg.int(KEY_ID_ARG),
      input: t.arg({ type: AccessKeyInput, required: true, description: 'What to change.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.accessKeys.update(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.id, args.input),
  }),
  rotateAccessKey: t.field({
    type: IssuedAccessKeyRef,
    nullable: true,
    description: 'Replaces a key by a new one with its name, origins and default flag; the old key stops working at once.',
    args: { projectId: t.arg.int(PROJECT_ARG), id: t.arg.int(KEY_ID_ARG) },
    resolve: async (_, args, ctx) => ctx.services.accessKeys.rotate(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.id),
  }),
  revokeAccessKey: t.boolean({
    nullable: true,
    description:
      'Stops a key working (here at once, on other replicas within about 1 s). The last key cannot go (AT_LEAST_ONE_KEY); a revoked default passes to the oldest key left.',
    args: { projectId: t.arg.int(PROJECT_ARG), id: t.arg.int(KEY_ID_ARG) },
    resolve: async (_, args, ctx) => {
      await ctx.services.accessKeys.revoke(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.id);
      return true;
    },
  }),
}));
