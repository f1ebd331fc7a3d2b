// Project: the tenant that owns collections and access keys, with the `projects` query (the operator sees every one)
// and the mutations that rename and delete one.
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

builder.mutationFields((t) => ({
  renameProject: t.field({
    type: ProjectRef,
    nullable: true,
    description: 'Renames a project (1 to 200 characters): the operator (`Authorization: Bearer <ADMIN_TOKEN>`), or the project’s own bearer token.',
    args: {
      projectId: t.arg.int({ required: true, description: 'The project.' }),
      name: t.arg.string({ required: true, description: 'Its new name.' }),
    },
    resolve: (_, args, ctx) => ctx.services.projects.rename(ctx.credentials, args.projectId, args.name),
  }),
  deleteProject: t.boolean({
    nullable: true,
    description:
      'Deletes a project with its access keys, their usage and its bearer tokens (the operator, or the project’s own bearer token); REQUEST_CONFLICT while it has collections or webhook listeners (delete those first). Its keys stop working within about 1 s (servers remember a checked key that long), its bearer tokens at once.',
    args: { projectId: t.arg.int({ required: true, description: 'The project.' }) },
    resolve: async (_, args, ctx) => {
      await ctx.services.projects.remove(ctx.credentials, args.projectId);
      return true;
    },
  }),
}));
