// ProjectUsageDay: what all of a project's access keys asked for on one UTC day, and the query that reads a range of
// days (bearer token of the project, like accessKeyUsage): the console's project usage chart.
import { builder } from '../builder';
import { callerProject } from '../../domain/auth/caller';
import type { UsageDay } from '../../domain/limits/service';
import { PROJECT_ARG } from './shared-args';

const ProjectUsageDayRef = builder.objectRef<UsageDay>('ProjectUsageDay').implement({
  description: 'The requests of every access key of a project (revoked ones included) on one UTC day, on every replica (counts reach the database within KEY_USAGE_FLUSH_SECONDS).',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The day, YYYY-MM-DD (UTC).' }),
    requests: t.exposeInt('requests', { description: 'Requests served.' }),
    refused: t.exposeInt('refused', { description: 'Requests refused for a key’s rate (RATE_LIMIT) or monthly quota (QUOTA_EXCEEDED).' }),
  }),
});

builder.queryFields((t) => ({
  projectUsage: t.field({
    type: [ProjectUsageDayRef],
    nullable: true,
    description: 'Requests of all the project’s access keys per UTC day, every day of the range listed (at most 366).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      from: t.arg.string({ required: false, description: 'First day, YYYY-MM-DD (UTC); 29 days before `to` by default.' }),
      to: t.arg.string({ required: false, description: 'Last day, YYYY-MM-DD (UTC); today by default.' }),
    },
    resolve: async (_, args, ctx) => ctx.services.limits.projectUsage(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.from, args.to),
  }),
}));
