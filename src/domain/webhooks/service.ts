// Webhook listeners of a project: management with the project's bearer token, delivery log, replay.
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { DomainError } from '../errors';
import type { WebhooksService } from './types';

const notYet = async (): Promise<never> => {
  throw new DomainError('Unavailable', 'webhooks are not available on this server yet');
};

export const createWebhooksService = (_deps: { auth: AuthService; chains: ChainsService }): WebhooksService => ({
  add: notYet,
  update: notYet,
  remove: notYet,
  toggle: notYet,
  pauseAll: notYet,
  resumeAll: notYet,
  removeAll: notYet,
  get: notYet,
  list: notYet,
  rotateSecret: notYet,
  deliveries: notYet,
  replay: notYet,
});
