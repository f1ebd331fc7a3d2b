// ProjectCredentials: a new project's first access key and bearer token, with the operator's `createProject`.
import { builder } from '../builder';
import type { ProjectCredentials } from '../../domain/projects/service';

const ProjectCredentialsRef = builder.objectRef<ProjectCredentials>('ProjectCredentials').implement({
  description: 'Shown once: neither the key nor the token is stored in a form that can be shown again.',
  fields: (t) => ({
    projectId: t.exposeInt('projectId', { description: 'The new project’s id.' }),
    key: t.exposeString('accessKey', { description: 'Its first (default) access key, to send as `X-Access-Key` (the name `IssuedAccessKey` and the CLI use).' }),
    accessKey: t.exposeString('accessKey', { description: 'The same key as `key`.', deprecationReason: 'Use `key`: an issued key is `key` everywhere (`IssuedAccessKey`, the CLI).' }),
    bearerToken: t.exposeString('bearerToken', { description: 'A bearer token of the project, to manage it; it expires after BEARER_TOKEN_DAYS (30 days by default) and can be revoked (`revokeBearerToken`).' }),
  }),
});

builder.mutationFields((t) => ({
  createProject: t.field({
    type: ProjectCredentialsRef,
    nullable: true,
    description: 'Admin only (`Authorization: Bearer <ADMIN_TOKEN>`): creates a project with a default access key.',
    args: { name: t.arg.string({ required: true, description: 'The project’s name, at most 200 characters.' }) },
    resolve: (_, args, ctx) => ctx.services.projects.createAsOperator(ctx.credentials, args.name),
  }),
}));
