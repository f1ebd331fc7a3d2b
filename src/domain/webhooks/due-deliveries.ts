// Webhook delivery, one round at a time (the loop that runs the rounds is src/workers/webhook-delivery.ts; every
// process runs one). A round finds listeners with due deliveries, takes each one's lease (leases.ts) and sends its
// deliveries strictly in order, one at a time, in the background; a failure schedules a retry (backoff or
// Retry-After) and leaves the listener until then, and the last allowed failure disables the listener with its reason.
// Outcomes are written only while the lease still holds (fencing), so a process that lost its lease cannot overwrite
// the new holder's; a killed process loses nothing: its lease lapses and another process sends the same delivery
// again, with the same webhook-id.
import os from 'node:os';
import crypto from 'node:crypto';
import client from 'prom-client';
import { In, LessThan } from 'typeorm';
import type { Config } from '../../config';
import type { Logger } from '../../config/logger';
import { WebhookDeliveryEntity, WebhookListenerEntity, type Db, type WebhookDeliveryRow, type WebhookListenerRow } from '../../db';
import type { PubSub } from '../../pubsub';
import { createSafeFetcher, type SafeFetcher } from '../../web/safe-fetch';
import { acquireLease, releaseLease, renewLease, type Lease } from './leases';
import { listenersChanged } from './listener-cache';
import { envelopeOf } from './payloads';
import { backoffMs, retryAfterMs } from './retry';
import { signedHeaders } from './signing';

/** Listeners one process delivers at once. */
const CONCURRENT_LISTENERS = 256;
/** Bytes of a receiver's answer read (for the delivery log's error); the rest is dropped. */
const RESPONSE_BYTES = 1024;
/** The delivery log keeps delivered rows this long (replay rebuilds older ones from storage). */
export const DELIVERED_RETENTION_MS = 7 * 24 * 3_600_000;
const PRUNE_EVERY_MS = 10 * 60_000;

export type WebhookSettings = Config['webhooks'];

export type DueDeliveries = {
  /** One round: prunes old delivered rows now and then, and starts draining the listeners with due deliveries. */
  sendDue(): Promise<void>;
  /**
   * Takes no more listeners, waits for `roundEnded` (the round in flight, if any) and then (at most `ms`) for the
   * attempts in flight, and releases its leases.
   */
  settle(ms?: number, roundEnded?: Promise<void>): Promise<void>;
};

type Metrics = { outcomes: client.Counter<'outcome'>; disabled: client.Counter; latency: client.Histogram };

const createMetrics = (registry: client.Registry | undefined): Metrics => {
  const registers = registry ? [registry] : [];
  return {
    outcomes: new client.Counter({ name: 'strata_webhook_attempts_total', help: 'Webhook delivery attempts by outcome (delivered, failed)', labelNames: ['outcome'], registers }),
    disabled: new client.Counter({ name: 'strata_webhook_listeners_disabled_total', help: 'Webhook listeners disabled after a delivery failed every allowed attempt', registers }),
    latency: new client.Histogram({
      name: 'strata_webhook_attempt_duration_seconds',
      help: 'Webhook delivery attempts, request to response',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
  };
};

const short = (text: string, max = 500) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

type Outcome = { ok: true; status: number; latencyMs: number } | { ok: false; status: number | null; latencyMs: number; error: string; retryAfterMs: number | null };

export type DueDeliveriesDeps = {
  db: Db;
  settings: WebhookSettings;
  logger: Logger;
  /** A listener it disables is announced here ('webhooks'). */
  pubsub: PubSub;
  metricsRegistry?: client.Registry;
  /** Tests may pass their own policy; by default the SSRF-guarded fetcher with WEBHOOK_ALLOW_HOSTS. */
  fetcher?: SafeFetcher;
};

export const createDueDeliveries = ({
  db,
  settings,
  logger,
  pubsub,
  metricsRegistry,
  fetcher: given,
}: DueDeliveriesDeps): DueDeliveries => {
  const fetcher =
    given ??
    createSafeFetcher({ allowHosts: [...settings.allowHosts], totalTimeoutMs: settings.timeoutMs, connectTimeoutMs: Math.min(5_000, settings.timeoutMs), maxBytes: RESPONSE_BYTES, maxRedirects: 0, perHostConcurrency: 16, userAgent: 'Strata-Webhooks/1' });
  const metrics = createMetrics(metricsRegistry);
  const holder = `${os.hostname()}:${process.pid}:${crypto.randomBytes(4).toString('hex')}`;
  const deliveries = db.getRepository(WebhookDeliveryEntity);
  const listeners = db.getRepository(WebhookListenerEntity);
  const running = new Map<number, Promise<void>>();
  /** Listeners whose next delivery waits for its retry time: not looked at before then. */
  const waiting = new Map<number, number>();
  /**
   * Leases this process holds, with the expiry it last wrote. A lease is kept between rounds (each recorded outcome
   * renews it in the same transaction), so a busy listener costs one write per POST, not an acquire and a release
   * around every drain; an idle one lapses after WEBHOOK_LEASE_MS and any process may take it then.
   */
  const held = new Map<number, { lease: Lease; expiresAt: number }>();
  /** Set by settle(): no listener is taken and the drains end after their attempt in flight. */
  let stopped = false;
  let prunedAt = 0;

  const attempt = async (listener: WebhookListenerRow, row: WebhookDeliveryRow): Promise<Outcome> => {
    const body = envelopeOf(row);
    const started = Date.now();
    try {
      const res = await fetcher.post(listener.url, body, signedHeaders(listener.secret, row.webhookId, body));
      const latencyMs = Date.now() - started;
      if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, latencyMs };
      const error = `HTTP ${res.status}${res.body ? `: ${res.body.replace(/\s+/g, ' ').trim()}` : ''}`;
      return { ok: false, status: res.status, latencyMs, error: short(error), retryAfterMs: retryAfterMs(res.headers['retry-after']) };
    } catch (err) {
      return { ok: false, status: null, latencyMs: Date.now() - started, error: short(err instanceof Error ? err.message : String(err)), retryAfterMs: null };
    }
  };

  /** Writes the outcome if the lease still holds; false when it was lost (another process delivers now). */
  const record = async (lease: Lease, listener: WebhookListenerRow, row: WebhookDeliveryRow, outcome: Outcome): Promise<{ held: boolean; next: 'continue' | 'wait' | 'dead' }> => {
    const attempts = row.attempts + 1;
    const now = new Date();
    let next: 'continue' | 'wait' | 'dead' = 'continue';
    let change: Partial<WebhookDeliveryRow>;
    if (outcome.ok) {
      change = { status: 'delivered', attempts, lastStatus: outcome.status, latencyMs: outcome.latencyMs, lastError: null, deliveredAt: now };
    } else if (attempts >= settings.maxAttempts) {
      next = 'dead';
      change = { status: 'dead', attempts, lastStatus: outcome.status, latencyMs: outcome.latencyMs, lastError: outcome.error };
    } else {
      next = 'wait';
      const delay = outcome.retryAfterMs ?? backoffMs(attempts, settings.retryBaseMs, settings.retryMaxMs);
      change = { status: 'retrying', attempts, lastStatus: outcome.status, latencyMs: outcome.latencyMs, lastError: outcome.error, nextAttemptAt: new Date(now.getTime() + delay) };
    }
    const renewedUntil = Date.now() + settings.leaseMs;
    const stillHeld = await db.transaction(async (m) => {
      if (!(await renewLease(m, lease, settings.leaseMs))) return false;
      await m.getRepository(WebhookDeliveryEntity).update({ id: row.id }, change);
      if (next === 'dead') {
        const reason = short(`delivery ${row.webhookId} failed ${attempts} times; last: ${outcome.ok ? '' : outcome.error}`);
        await m.getRepository(WebhookListenerEntity).update({ id: listener.id }, { active: false, disabledReason: reason, updatedAt: now });
      }
      return true;
    });
    if (stillHeld) held.set(lease.listenerId, { lease, expiresAt: renewedUntil });
    else held.delete(lease.listenerId);
    if (stillHeld && next === 'wait') waiting.set(listener.id, change.nextAttemptAt!.getTime());
    return { held: stillHeld, next };
  };

  /** Sends the listener's deliveries in order while they succeed; the lease is renewed around every attempt. */
  const drain = async (lease: Lease) => {
    const renew = async () => {
      const until = Date.now() + settings.leaseMs;
      if (await renewLease(db.manager, lease, settings.leaseMs)) held.set(lease.listenerId, { lease, expiresAt: until });
      else held.delete(lease.listenerId);
    };
    // Kept alive while an attempt may outlast a third of the lease (a slow receiver, up to WEBHOOK_TIMEOUT_MS).
    const renewer = setInterval(() => void renew().catch(() => undefined), Math.max(100, Math.floor(settings.leaseMs / 3)));
    renewer.unref();
    try {
      while (!stopped) {
        const listener = await listeners.findOneBy({ id: lease.listenerId });
        if (!listener || !listener.active) return;
        const row = await deliveries.findOne({ where: { listenerId: listener.id, status: In(['pending', 'retrying']) }, order: { id: 'ASC' } });
        if (!row) return;
        if (row.nextAttemptAt.getTime() > Date.now()) {
          waiting.set(listener.id, row.nextAttemptAt.getTime());
          return;
        }
        const outcome = await attempt(listener, row);
        metrics.outcomes.inc({ outcome: outcome.ok ? 'delivered' : 'failed' });
        metrics.latency.observe(outcome.latencyMs / 1000);
        const { held, next } = await record(lease, listener, row, outcome);
        if (!held) {
          logger.warn({ listener: listener.id, webhookId: row.webhookId }, 'webhook lease lost during a delivery; another process delivers this listener');
          return;
        }
        if (next === 'dead') {
          metrics.disabled.inc();
          logger.warn(
            { listener: listener.id, project: listener.projectId, chainId: listener.chainId, webhookId: row.webhookId, attempts: row.attempts + 1, err: outcome.ok ? undefined : outcome.error },
            'webhook listener disabled: a delivery failed every allowed attempt',
          );
          await listenersChanged(pubsub, listener.chainId).catch(() => undefined);
          return;
        }
        if (next === 'wait') return;
      }
    } finally {
      clearInterval(renewer);
    }
  };

  /** The listener's lease: the one held while it has a margin left, else a fresh one (null: another process has it). */
  const leaseFor = async (id: number): Promise<Lease | null> => {
    const mine = held.get(id);
    if (mine && mine.expiresAt - Date.now() > settings.leaseMs / 3) return mine.lease;
    held.delete(id);
    const lease = await acquireLease(db, id, holder, settings.leaseMs);
    if (lease) held.set(id, { lease, expiresAt: Date.now() + settings.leaseMs });
    return lease;
  };

  return {
    async sendDue() {
      const now = Date.now();
      if (now - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now;
        // Looked for first: a DELETE is a write even when it finds nothing, and on SQLite another process's write
        // turns an ingester's read-then-write transaction into SQLITE_BUSY (a retried batch) for nothing.
        const old = { status: 'delivered' as const, deliveredAt: LessThan(new Date(now - DELIVERED_RETENTION_MS)) };
        if (await deliveries.exists({ where: old })) await deliveries.delete(old);
      }
      for (const [id, at] of waiting) if (at <= now) waiting.delete(id);
      const free = CONCURRENT_LISTENERS - running.size;
      if (free <= 0 || stopped) return;
      const due = await deliveries
        .createQueryBuilder('d')
        .select('DISTINCT d.listenerId', 'listenerId')
        .innerJoin('webhook_listeners', 'l', 'l.id = d.listener_id AND l.active = :active', { active: true })
        .where("d.status IN ('pending', 'retrying') AND d.nextAttemptAt <= :now", { now: new Date(now) })
        .limit(CONCURRENT_LISTENERS * 4)
        .getRawMany<{ listenerId: number | string }>();
      const ids = due.map((r) => Number(r.listenerId)).filter((id) => !running.has(id) && !waiting.has(id));
      for (const id of ids.slice(0, free)) {
        const lease = await leaseFor(id);
        if (!lease) continue;
        const p = drain(lease)
          .catch((err) => logger.warn({ err, listener: id }, 'webhook delivery failed unexpectedly'))
          .finally(() => running.delete(id));
        running.set(id, p);
      }
    },
    async settle(ms = 5_000, roundEnded) {
      stopped = true;
      await roundEnded;
      let t: NodeJS.Timeout | undefined;
      await Promise.race([Promise.allSettled([...running.values()]), new Promise((r) => (t = setTimeout(r, ms)))]);
      clearTimeout(t);
      // Let another process take this one's listeners at once rather than after their leases lapse.
      await Promise.allSettled([...held.values()].filter(({ lease }) => !running.has(lease.listenerId)).map(({ lease }) => releaseLease(db, lease)));
      held.clear();
      if (!given) await fetcher.close();
    },
  };
};

/**
 * What wakes the deliverer: a chain committed (ingestion publishes after the commit that wrote the outbox rows), or a
 * listener was turned on again (toggle, update, resume all: its backlog is sent now, not at the next poll). The poll
 * stays for retries coming due and for commits of processes without a shared pub/sub. Returns the unsubscribe.
 */
export const onDeliveriesDue = (pubsub: PubSub, wake: () => void): (() => void) => {
  const offs = [...(['logs', 'balances', 'receipts'] as const).map((topic) => pubsub.subscribe(topic, wake)), pubsub.subscribe('webhooks', wake)];
  return () => {
    for (const off of offs) off();
  };
};
