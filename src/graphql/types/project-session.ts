// ProjectSession: the operator's expiring bearer token for one project, with `openProject`.
import { builder } from '../builder';
import type { ProjectSession } from '../../domain/projects/service';

const ProjectSessionRef = builder.objectRef<ProjectSession>('ProjectSession').implement({
  description: 'A bearer token of one project issued to the operator; it expires.',
  fields: (t) => ({
    projectId: t.exposeInt('projectId', { description: 'The project it grants.' }),
    bearerToken: t.exposeString('bearerToken', { description: 'Send as `Authorization: Bearer <token>` to manage the project.' }),
    expiresAt: t.field({ type: 'Timestamp', description: 'When the token stops working (SESSION_EXPIRED).', resolve: (s) => s.expiresAt }),
  }),
});

builder.mutationFields((t) => ({
  openProject: t.field({
    type: ProjectSessionRef,
    nullable: true,
    description: 'Admin only (`Authorization: Bearer <ADMIN_TOKEN>`): a bearer token of the project, valid for eight hours.',
    args: { projectId: t.arg.int({ required: true, description: 'The project to open.' }) },
    resolve: (_, args, ctx) => ctx.services.projects.openAsOperator(ctx.credentials, args.projectId),
  }),
}));
