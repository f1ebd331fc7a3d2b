// Project: the tenant that owns collections and access keys, with the `projects` query (the operator sees every one).
import { builder } from '../builder';
import type { Project } from '../../domain/projects/service';

export const ProjectRef = builder.objectRef<Project>('Project').implement({
  description: 'A project: it owns access keys, collections and their assets.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'Its id, the `projectId` of other calls.' }),
    name: t.exposeString('name', { description: 'Its name.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was created.', resolve: (p) => p.createdAt }),
  }),
});

builder.queryFields((t) => ({
  projects: t.field({
    type: [ProjectRef],
    nullable: true,
    description: 'Every project, oldest first, with `Authorization: Bearer <ADMIN_TOKEN>`; with a project’s bearer token, that project.',
    resolve: (_, __, ctx) => ctx.services.projects.list(ctx.credentials),
  }),
}));
