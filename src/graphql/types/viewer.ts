// Viewer: who the request's bearer token speaks for, so a client (the console) knows what it may show.
import { builder } from '../builder';
import type { Viewer } from '../../domain/projects/service';

const ViewerRoleRef = builder.enumType('ViewerRole', {
  description: 'What a bearer token grants.',
  values: {
    OPERATOR: { description: 'The server’s ADMIN_TOKEN: every project, operator flags, chain status.' },
    PROJECT: { description: 'One project’s bearer token: its access keys, collections and assets.' },
  } as const,
});

const ViewerRef = builder.objectRef<Viewer>('Viewer').implement({
  description: 'The caller as its bearer token describes it.',
  fields: (t) => ({
    role: t.field({ type: ViewerRoleRef, description: 'What the token grants.', resolve: (v) => (v.role === 'operator' ? 'OPERATOR' : 'PROJECT') }),
    projectId: t.exposeInt('projectId', { nullable: true, description: 'The project of a project token; null for the operator.' }),
  }),
});

builder.queryFields((t) => ({
  viewer: t.field({
    type: ViewerRef,
    nullable: true,
    description: 'Who the bearer token (`Authorization: Bearer …`) speaks for; UNAUTHORIZED without a valid one.',
    resolve: (_, __, ctx) => ctx.services.projects.viewer(ctx.credentials),
  }),
}));
