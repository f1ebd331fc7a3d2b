// A webhook listener's deliveries hour by hour, for the console's chart: how many were recorded in each hour, how they
// stand now (delivered, waiting for an attempt, given up) and how long the delivered ones took. The listener is the
// caller's (its project's bearer token), found through the webhooks service.
import { dialectOf, WebhookDeliveryEntity, type Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import { chartWindowOf } from '../chart-window';
import type { WebhooksService, WebhookScope } from '../webhooks/types';

export type DeliveryHour = {
  /** The hour's start (UTC). */
  start: Date;
  /** Deliveries recorded in the hour that the receiver took (2xx). */
  delivered: number;
  /** Recorded in the hour and not delivered yet: pending, or retrying after a failed attempt. */
  waiting: number;
  /** Recorded in the hour and given up after every attempt. */
  dead: number;
  /** Of the delivered ones: the mean and the longest time the successful attempt took, in ms; null when none. */
  averageLatencyMs: number | null;
  maxLatencyMs: number | null;
};

export type WebhookStatsService = {
  /** The listener's last `hours` hours (24 by default, at most MAX_DELIVERY_HOURS), oldest first, every hour listed. */
  deliveryHours(creds: Credentials, req: WebhookScope & { listenerId: number; hours?: unknown }): Promise<DeliveryHour[]>;
};

/** Delivered rows are kept 7 days (webhooks/due-deliveries.ts DELIVERED_RETENTION_MS): a longer window shows nothing more. */
export const MAX_DELIVERY_HOURS = 7 * 24;
const HOUR_MS = 3_600_000;

type Raw = { hour: string; status: string; n: number | string; latencySum: number | string | null; latencyMax: number | string | null };

export const createWebhookStatsService = ({ db, webhooks }: { db: Db; webhooks: Pick<WebhooksService, 'get'> }): WebhookStatsService => ({
  async deliveryHours(creds, req) {
    // NotFound unless the listener is the caller's project's, on the chain.
    const listener = await webhooks.get(creds, { chainId: req.chainId, projectId: req.projectId, id: req.listenerId });
    const { hours } = chartWindowOf('hours', req.hours, { max: MAX_DELIVERY_HOURS, fallback: 24 });
    const first = Math.floor(Date.now() / HOUR_MS) * HOUR_MS - (hours - 1) * HOUR_MS;
    // The hour as text, the same on both dialects ("2026-01-31 14"); the stored times are UTC on both.
    const hour = dialectOf(db) === 'mysql' ? "DATE_FORMAT(d.createdAt, '%Y-%m-%d %H')" : "strftime('%Y-%m-%d %H', d.createdAt)";
    const rows = await db
      .getRepository(WebhookDeliveryEntity)
      .createQueryBuilder('d')
      .select(hour, 'hour')
      .addSelect('d.status', 'status')
      .addSelect('COUNT(*)', 'n')
      .addSelect('SUM(d.latencyMs)', 'latencySum')
      .addSelect('MAX(d.latencyMs)', 'latencyMax')
      .where('d.listenerId = :id AND d.createdAt >= :first', { id: listener.id, first: new Date(first) })
      .groupBy(hour)
      .addGroupBy('d.status')
      .getRawMany<Raw>();
    const byHour = new Map<number, Raw[]>();
    for (const r of rows) {
      const at = Date.parse(`${r.hour.replace(' ', 'T')}:00:00Z`);
      byHour.set(at, [...(byHour.get(at) ?? []), r]);
    }
    const out: DeliveryHour[] = [];
    for (let at = first; out.length < hours; at += HOUR_MS) {
      const of = byHour.get(at) ?? [];
      const count = (...statuses: string[]) => of.filter((r) => statuses.includes(r.status)).reduce((n, r) => n + Number(r.n), 0);
      const done = of.find((r) => r.status === 'delivered');
      const delivered = count('delivered');
      out.push({
        start: new Date(at),
        delivered,
        waiting: count('pending', 'retrying'),
        dead: count('dead'),
        averageLatencyMs: done && delivered && done.latencySum !== null ? Math.round(Number(done.latencySum) / delivered) : null,
        maxLatencyMs: done && done.latencyMax !== null ? Number(done.latencyMax) : null,
      });
    }
    return out;
  },
});
