// Webhook listeners of a project: management with the project's bearer token, delivery log, replay. Delivery itself
// is due-deliveries.ts; what a listener must receive is recorded by ingestion (outbox.ts).
import { In, LessThan, MoreThan } from 'typeorm';
import type { Config } from '../../config';
import { WebhookDeliveryEntity, WebhookListenerEntity, type Db, type WebhookDeliveryRow, type WebhookListenerRow } from '../../db';
import type { PubSub } from '../../pubsub';
import { createSafeFetcher } from '../../web/safe-fetch';
import { FetchRefusedError } from '../../web/errors';
import { callerProject } from '../auth/caller';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument, notFound } from '../errors';
import { pageOfRows, resolvePageRequest } from '../paging';
import { optionalBoolean, requireId, requireText } from '../validate';
import { compileListener, validateFilters, validateKinds } from './filters';
import { newSecret } from './payloads';
import { forgetLeases } from './leases';
import { listenersChanged } from './listener-cache';
import { replayInto } from './replay';
import { createUrlCheck } from './url-check';
import type { WebhookDelivery, WebhookFilters, WebhookKind, WebhookListener, WebhookScope, WebhooksService } from './types';

export const DELIVERIES_PAGE = { default: 50, max: 200 };
/** Listeners per project and chain. */
export const MAX_LISTENERS = 100;

const listenerOf = (r: WebhookListenerRow): WebhookListener => ({
  id: r.id,
  projectId: r.projectId,
  chainId: r.chainId,
  url: r.url,
  name: r.name,
  filters: JSON.parse(r.filters) as WebhookFilters,
  kinds: r.kinds.split(',') as WebhookKind[],
  active: r.active,
  disabledReason: r.disabledReason,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

const deliveryOf = (r: WebhookDeliveryRow): WebhookDelivery => ({
  webhookId: r.webhookId,
  listenerId: r.listenerId,
  status: r.status,
  attempts: r.attempts,
  lastError: r.lastError,
  lastStatus: r.lastStatus,
  latencyMs: r.latencyMs,
  firstBlock: r.firstBlock,
  lastBlock: r.lastBlock,
  eventCount: r.eventCount,
  createdAt: r.createdAt,
  deliveredAt: r.deliveredAt,
  nextAttemptAt: r.status === 'pending' || r.status === 'retrying' ? r.nextAttemptAt : null,
});

export const createWebhooksService = ({
  db,
  auth,
  chains,
  pubsub,
  settings,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  pubsub: PubSub;
  settings: Config['webhooks'];
}): WebhooksService => {
  const listeners = db.getRepository(WebhookListenerEntity);
  const deliveries = db.getRepository(WebhookDeliveryEntity);
  // Only its check() is used here: URLs the guard would refuse are refused when added, not at the first delivery
  // (url-check.ts adds loopback names and names that resolve to refused addresses).
  const checkUrl = createUrlCheck({ guard: createSafeFetcher({ allowHosts: [...settings.allowHosts] }), allowHosts: settings.allowHosts });

  const scope = async (creds: Credentials, req: WebhookScope) => ({
    projectId: await callerProject(auth, creds, req.projectId),
    chainId: chains.resolveOrOnly('chainId', req.chainId).chainId,
  });

  /** The listener, if it belongs to the caller's project and the chain; NotFound otherwise, absent or not. */
  const owned = async (creds: Credentials, req: WebhookScope & { id: unknown }, field = 'id') => {
    const s = await scope(creds, req);
    const id = requireId(field, req.id);
    const row = await listeners.findOneBy({ id, projectId: s.projectId, chainId: s.chainId });
    if (!row) throw notFound(`webhook listener ${id}`);
    return row;
  };

  const requireUrl = async (v: unknown): Promise<string> => {
    const url = requireText('url', v, 2048).trim();
    try {
      await checkUrl(url);
    } catch (err) {
      if (err instanceof FetchRefusedError) throw invalidArgument('url', err.message);
      throw err;
    }
    return url;
  };

  const changed = (chainId: number) => listenersChanged(pubsub, chainId);

  /**
   * Turning listeners on, in one transaction with `change` (which sets them active): a delivery that exhausted its
   * attempts is tried again, from the first attempt, ahead of what was recorded behind it while the listener was off.
   * Revived before the listener is seen active, so the deliverer never starts on the later deliveries first.
   */
  const turnOn = async (ids: number[], change: Partial<WebhookListenerRow>) => {
    if (!ids.length) return;
    await db.transaction(async (m) => {
      await m.getRepository(WebhookDeliveryEntity).update({ listenerId: In(ids), status: 'dead' }, { status: 'retrying', attempts: 0, nextAttemptAt: new Date() });
      await m.getRepository(WebhookListenerEntity).update({ id: In(ids) }, change);
    });
  };

  const removeRows = async (ids: number[]) => {
    if (!ids.length) return;
    await db.transaction(async (m) => {
      await m.getRepository(WebhookDeliveryEntity).delete({ listenerId: In(ids) });
      await forgetLeases(m, ids);
      await m.getRepository(WebhookListenerEntity).delete({ id: In(ids) });
    });
  };

  return {
    async add(creds, req) {
      const s = await scope(creds, req);
      const url = await requireUrl(req.url);
      const name = req.name == null ? '' : requireText('name', req.name, 200, { allowEmpty: true }).trim();
      const filters = validateFilters(s.chainId, req.filters);
      const kinds = validateKinds(req.kinds);
      if ((await listeners.countBy({ projectId: s.projectId, chainId: s.chainId })) >= MAX_LISTENERS) {
        throw invalidArgument('url', `a project may have at most ${MAX_LISTENERS} webhook listeners per chain`);
      }
      const secret = newSecret();
      const now = new Date();
      const result = await listeners.insert({ ...s, url, name, filters: JSON.stringify(filters), kinds: kinds.join(','), secret, active: true, disabledReason: null, createdAt: now, updatedAt: now });
      const id = Number(result.identifiers[0].id);
      await changed(s.chainId);
      return { listener: listenerOf((await listeners.findOneBy({ id }))!), secret };
    },

    async update(creds, req) {
      const row = await owned(creds, req);
      const change: Partial<WebhookListenerRow> = { updatedAt: new Date() };
      if (req.url != null) change.url = await requireUrl(req.url);
      if (req.name != null) change.name = requireText('name', req.name, 200, { allowEmpty: true }).trim();
      if (req.filters != null) change.filters = JSON.stringify(validateFilters(row.chainId, req.filters));
      if (req.kinds != null) change.kinds = validateKinds(req.kinds).join(',');
      const active = optionalBoolean('active', req.active);
      if (active !== undefined) {
        change.active = active;
        if (active) change.disabledReason = null;
      }
      if (active) await turnOn([row.id], change);
      else await listeners.update({ id: row.id }, change);
      await changed(row.chainId);
      return listenerOf((await listeners.findOneBy({ id: row.id }))!);
    },

    async remove(creds, req) {
      const row = await owned(creds, req);
      await removeRows([row.id]);
      await changed(row.chainId);
      return true;
    },

    async toggle(creds, req) {
      const row = await owned(creds, req);
      const active = !row.active;
      if (active) await turnOn([row.id], { active, disabledReason: null, updatedAt: new Date() });
      else await listeners.update({ id: row.id }, { active, updatedAt: new Date() });
      await changed(row.chainId);
      return listenerOf((await listeners.findOneBy({ id: row.id }))!);
    },

    async pauseAll(creds, req) {
      const s = await scope(creds, req);
      const res = await listeners.update({ ...s, active: true }, { active: false, updatedAt: new Date() });
      await changed(s.chainId);
      return res.affected ?? 0;
    },

    async resumeAll(creds, req) {
      const s = await scope(creds, req);
      const ids = (await listeners.find({ select: { id: true }, where: { ...s, active: false } })).map((r) => r.id);
      await turnOn(ids, { active: true, disabledReason: null, updatedAt: new Date() });
      await changed(s.chainId);
      return ids.length;
    },

    async removeAll(creds, req) {
      const s = await scope(creds, req);
      const ids = (await listeners.find({ select: { id: true }, where: s })).map((r) => r.id);
      await removeRows(ids);
      await changed(s.chainId);
      return ids.length;
    },

    async get(creds, req) {
      return listenerOf(await owned(creds, req));
    },

    async list(creds, req) {
      const s = await scope(creds, req);
      return (await listeners.find({ where: s, order: { id: 'ASC' } })).map(listenerOf);
    },

    async rotateSecret(creds, req) {
      const row = await owned(creds, req);
      const secret = newSecret();
      await listeners.update({ id: row.id }, { secret, updatedAt: new Date() });
      return secret;
    },

    async deliveries(creds, req) {
      const row = await owned(creds, { ...req, id: req.listenerId }, 'listenerId');
      const p = resolvePageRequest(req.page, DELIVERIES_PAGE);
      let cursor: number | null = null;
      if (p.cursor !== null) {
        if (!/^\d{1,12}$/.test(p.cursor)) throw invalidArgument(p.backward ? 'before' : 'after', 'is not a cursor of this list');
        cursor = Number(p.cursor);
      }
      // Newest first: forward reads lower ids, backward higher ones.
      const rows = await deliveries.find({
        where: { listenerId: row.id, ...(cursor === null ? {} : { id: p.backward ? MoreThan(cursor) : LessThan(cursor) }) },
        order: { id: p.backward ? 'ASC' : 'DESC' },
        take: p.pageSize + 1,
      });
      return pageOfRows(rows, p, (r) => String(r.id), deliveryOf);
    },

    async replay(creds, req) {
      const row = await owned(creds, { ...req, id: req.listenerId }, 'listenerId');
      const from = req.fromBlock;
      if (typeof from !== 'number' || !Number.isSafeInteger(from) || from < 0) throw invalidArgument('fromBlock', 'must be a block number');
      const chain = chains.resolve('chainId', row.chainId);
      return replayInto(db, chain, compileListener(row), from, settings.batchSize);
    },
  };
};
