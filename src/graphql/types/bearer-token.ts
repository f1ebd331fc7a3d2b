// BearerToken: a project bearer token issued from the console (label, expiry, revoked), with the query that lists them
// and the mutations that issue one (shown once) and revoke one (bearer token of the project).
import { builder } from '../builder';
import type { BearerToken, IssuedBearerToken } from '../../domain/auth/bearer-tokens';
import { callerProject } from '../../domain/auth/caller';
import { PROJECT_ARG } from './shared-args';

const BearerTokenRef = builder.objectRef<BearerToken>('BearerToken').implement({
  description: 'A bearer token of a project issued with `issueBearerToken`. The token itself is shown only when issued.',
  fields: (t) => ({
    id: t.exposeString('id', { description: 'Its id (the JWT’s `jti`), to revoke it.' }),
    label: t.exposeString('label', { description: 'The owner’s label for it; empty when unnamed.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was issued.', resolve: (b) => b.createdAt }),
    expiresAt: t.field({ type: 'Timestamp', nullable: true, description: 'When it stops working (SESSION_EXPIRED); null: never.', resolve: (b) => b.expiresAt }),
    revokedAt: t.field({ type: 'Timestamp', nullable: true, description: 'When it was revoked (refused UNAUTHORIZED from then on); null: not revoked.', resolve: (b) => b.revokedAt }),
  }),
});

const IssuedBearerTokenRef = builder.objectRef<IssuedBearerToken>('IssuedBearerToken').implement({
  description: 'A bearer token just issued: `token` is shown this once and never stored (only its id is).',
  fields: (t) => ({
    token: t.exposeString('token', { description: 'Send as `Authorization: Bearer <token>`.' }),
    bearerToken: t.field({ type: BearerTokenRef, description: 'Its record.', resolve: (i) => i.bearerToken }),
  }),
});

builder.queryFields((t) => ({
  bearerTokens: t.field({
    type: [BearerTokenRef],
    nullable: true,
    description: 'The bearer tokens issued with `issueBearerToken` for the project, newest first (at most 100), expired and revoked ones included.',
    args: { projectId: t.arg.int(PROJECT_ARG) },
    resolve: async (_, args, ctx) => ctx.services.bearerTokens.list(await callerProject(ctx.services.auth, ctx.credentials, args.projectId)),
  }),
}));

builder.mutationFields((t) => ({
  issueBearerToken: t.field({
    type: IssuedBearerTokenRef,
    nullable: true,
    description: 'Issues a bearer token of the project that expires (after BEARER_TOKEN_DAYS unless `days` says otherwise).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      label: t.arg.string({ required: false, description: 'A label, at most 100 characters.' }),
      days: t.arg.int({ required: false, description: 'Its lifetime in days, 1 to 3650; BEARER_TOKEN_DAYS by default.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.bearerTokens.issue(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), { label: args.label, days: args.days }),
  }),
  revokeBearerToken: t.boolean({
    nullable: true,
    description:
      'Revokes one of the project’s bearer tokens, by `id` (from `bearerTokens`) or by the `token` itself (one issued by the CLI, say): requests with it are refused UNAUTHORIZED from then on. The token used for this request may revoke itself.',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      id: t.arg.string({ required: false, description: 'The token’s id.' }),
      token: t.arg.string({ required: false, description: 'The token itself.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.bearerTokens.revoke(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), { id: args.id, token: args.token }),
  }),
}));
