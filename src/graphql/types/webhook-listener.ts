// WebhookListener: a project's URL that receives the chain's updates, signed; its queries and the mutations that
// change it (bearer token of the owning project).
import { builder } from '../builder';
import type { WebhookListener } from '../../domain/webhooks/types';
import { PROJECT_ARG } from './shared-args';
import { CHAIN_ID_ARG } from './token-balance';
import { WebhookFiltersRef } from './webhook-filters';
import { WebhookKindRef } from './webhook-kind';
import { listenerInputOf, WebhookListenerInput } from './webhook-listener-input';

export const WebhookListenerRef = builder.objectRef<WebhookListener>('WebhookListener').implement({
  description: 'A project’s webhook on one chain: matched updates are POSTed to `url`, signed as Standard Webhooks say, in chain order.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The listener’s id.' }),
    projectId: t.exposeInt('projectId', { description: 'The owning project’s id.' }),
    chainId: t.exposeInt('chainId', { description: 'The chain whose updates it receives.' }),
    url: t.exposeString('url', { description: 'Where deliveries are POSTed.' }),
    name: t.exposeString('name', { description: 'Its name; empty when none was given.' }),
    filters: t.field({ type: WebhookFiltersRef, description: 'Which updates it receives.', resolve: (l) => l.filters }),
    kinds: t.field({ type: [WebhookKindRef], description: 'What it receives.', resolve: (l) => l.kinds }),
    active: t.exposeBoolean('active', { description: 'False when paused, or disabled after its deliveries failed (see `disabledReason`).' }),
    disabledReason: t.string({
      nullable: true,
      description: 'Why delivery gave up and turned the listener off; cleared when it is turned on again.',
      resolve: (l) => l.disabledReason,
    }),
    createdAt: t.field({ type: 'Timestamp', description: 'When it was added.', resolve: (l) => l.createdAt }),
    updatedAt: t.field({ type: 'Timestamp', description: 'Its last change.', resolve: (l) => l.updatedAt }),
  }),
});

/** The arguments every webhook field takes: the chain and the project (both optional). */
export const webhookScopeArgs = builder.args((t) => ({
  chainId: t.string(CHAIN_ID_ARG),
  projectId: t.int(PROJECT_ARG),
}));

const ID_ARG = { required: true, description: 'The listener’s id.' } as const;

builder.queryFields((t) => ({
  webhookListeners: t.field({
    nullable: true,
    type: [WebhookListenerRef],
    description: 'The project’s webhook listeners on the chain, oldest first (bearer token of the project).',
    args: { ...webhookScopeArgs },
    resolve: (_, args, ctx) => ctx.services.webhooks.list(ctx.credentials, args),
  }),
  webhookListener: t.field({
    nullable: true,
    type: WebhookListenerRef,
    description: 'One webhook listener of the project; NOT_FOUND for another project’s (bearer token of the project).',
    args: { ...webhookScopeArgs, id: t.arg.int(ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.webhooks.get(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  updateWebhookListener: t.field({
    nullable: true,
    type: WebhookListenerRef,
    description: 'Changes the given fields; `active: true` also turns on a listener that delivery disabled (bearer token of the project).',
    args: {
      ...webhookScopeArgs,
      id: t.arg.int(ID_ARG),
      input: t.arg({ type: WebhookListenerInput, required: false, description: 'The fields to change.' }),
      active: t.arg.boolean({ required: false, description: 'Pause (false) or resume (true).' }),
    },
    resolve: (_, { input, ...args }, ctx) => ctx.services.webhooks.update(ctx.credentials, { ...args, ...listenerInputOf(input) }),
  }),
  removeWebhookListener: t.field({
    nullable: true,
    type: 'Boolean',
    description: 'Removes the listener with its pending deliveries and its log; false when there was none (bearer token of the project).',
    args: { ...webhookScopeArgs, id: t.arg.int(ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.webhooks.remove(ctx.credentials, args),
  }),
  toggleWebhookListener: t.field({
    nullable: true,
    type: WebhookListenerRef,
    description: 'Pauses an active listener or resumes an inactive one; returns it after (bearer token of the project).',
    args: { ...webhookScopeArgs, id: t.arg.int(ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.webhooks.toggle(ctx.credentials, args),
  }),
  pauseAllWebhookListeners: t.field({
    nullable: true,
    type: 'Int',
    description: 'Pauses every listener of the project on the chain; how many changed (bearer token of the project).',
    args: { ...webhookScopeArgs },
    resolve: (_, args, ctx) => ctx.services.webhooks.pauseAll(ctx.credentials, args),
  }),
  resumeAllWebhookListeners: t.field({
    nullable: true,
    type: 'Int',
    description: 'Resumes every listener of the project on the chain, disabled ones too; how many changed (bearer token of the project).',
    args: { ...webhookScopeArgs },
    resolve: (_, args, ctx) => ctx.services.webhooks.resumeAll(ctx.credentials, args),
  }),
  removeAllWebhookListeners: t.field({
    nullable: true,
    type: 'Int',
    description: 'Removes every listener of the project on the chain; how many (bearer token of the project).',
    args: { ...webhookScopeArgs },
    resolve: (_, args, ctx) => ctx.services.webhooks.removeAll(ctx.credentials, args),
  }),
  rotateWebhookSecret: t.field({
    nullable: true,
    type: 'String',
    description: 'A new signing secret (`whsec_…`), shown once; the old one stops signing at once (bearer token of the project).',
    args: { ...webhookScopeArgs, id: t.arg.int(ID_ARG) },
    resolve: (_, args, ctx) => ctx.services.webhooks.rotateSecret(ctx.credentials, args),
  }),
}));
