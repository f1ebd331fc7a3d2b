// AccessKeyUsageDay: what one access key asked for on one UTC day, and the query that reads a range of days (bearer
// token of the owning project, like accessKeys).
import { builder } from '../builder';
import { callerProject } from '../../domain/auth/caller';
import type { UsageDay } from '../../domain/limits/service';
import { PROJECT_ARG } from './shared-args';

const AccessKeyUsageDayRef = builder.objectRef<UsageDay>('AccessKeyUsageDay').implement({
  description: 'The requests of one access key on one UTC day, on every replica (counts reach the database within KEY_USAGE_FLUSH_SECONDS).',
  fields: (t) => ({
    day: t.exposeString('day', { description: 'The day, YYYY-MM-DD (UTC).' }),
    requests: t.exposeInt('requests', { description: 'Requests served.' }),
    refused: t.exposeInt('refused', { description: 'Requests refused for the key’s rate (RATE_LIMIT) or monthly quota (QUOTA_EXCEEDED).' }),
  }),
});

builder.queryFields((t) => ({
  accessKeyUsage: t.field({
    type: [AccessKeyUsageDayRef],
    nullable: true,
    description: 'Requests of one of the project’s access keys per UTC day, every day of the range listed (at most 366).',
    args: {
      projectId: t.arg.int(PROJECT_ARG),
      id: t.arg.int({ required: true, description: 'The key’s id (from `accessKeys`).' }),
      from: t.arg.string({ required: false, description: 'First day, YYYY-MM-DD (UTC); 29 days before `to` by default.' }),
      to: t.arg.string({ required: false, description: 'Last day, YYYY-MM-DD (UTC); today by default.' }),
    },
    resolve: async (_, args, ctx) =>
      ctx.services.limits.usage(await callerProject(ctx.services.auth, ctx.credentials, args.projectId), args.id, args.from, args.to),
  }),
}));
