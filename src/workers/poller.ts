// The one small poller background loops run on: a tick now and then every `everyMs` (or on the interval's boundaries
// when `aligned`), never two at once, on timers that do not hold the process open; `wake()` asks for a tick now (one
// asked for while a tick runs follows it at once). A failing tick is logged and counted, and the next one runs as
// planned. Every poller reports its ticks and its last success on /metrics (strata_worker_ticks_total,
// strata_worker_last_success_seconds), labelled with its name, and a tick stuck past its bound in /health/ready.
import client from 'prom-client';
import type { Logger } from '../config/logger';

export type Poller = {
  start(): void;
  /** No tick starts after this; resolves once the one in flight (if any) has ended. */
  stop(): Promise<void>;
  /** When a tick last succeeded; null before the first. */
  lastSuccessAt(): Date | null;
  /** Why /health/ready should say not ready: a tick in flight longer than its bound (the loop does nothing else meanwhile); else null. */
  readinessProblem(): string | null;
};

/** The worker's poller, and the one way to ask it for a tick before its time. */
export type WakeablePoller = Poller & { wake(): void };

/** A tick running this long (or `stuckAfterMs`) is stuck; a failing tick is not (it is counted on /metrics instead). */
const STUCK_AFTER_MS = 5 * 60_000;

/** The readiness reason of a poller whose tick started at `since` (null while none runs), past `boundMs`. */
export const stuckTick = (name: string, since: number | null, boundMs: number, now = Date.now()): string | null =>
  since !== null && now - since > boundMs
    ? `worker ${name}: a tick has run for ${Math.round((now - since) / 1000)} s (stuck; bound ${Math.round(boundMs / 1000)} s)`
    : null;

type Metrics = { ticks: client.Counter<'worker' | 'outcome'>; lastSuccess: client.Gauge<'worker'> };

/** One set of series per registry, shared by its pollers (a registry refuses a second metric of one name). */
const metricsOf = (registry: client.Registry | undefined): Metrics | null => {
  if (!registry) return null;
  const ticks =
    (registry.getSingleMetric('strata_worker_ticks_total') as Metrics['ticks'] | undefined) ??
    new client.Counter({ name: 'strata_worker_ticks_total', help: 'Ticks of background workers, by worker and outcome (ok, failed)', labelNames: ['worker', 'outcome'], registers: [registry] });
  const lastSuccess =
    (registry.getSingleMetric('strata_worker_last_success_seconds') as Metrics['lastSuccess'] | undefined) ??
    new client.Gauge({ name: 'strata_worker_last_success_seconds', help: 'When a background worker last finished a tick without error (Unix time)', labelNames: ['worker'], registers: [registry] });
  return { ticks, lastSuccess };
};

export const createPoller = ({
  name,
  everyMs,
  aligned = false,
  firstTickNow = !aligned,
  stuckAfterMs = Math.max(STUCK_AFTER_MS, 10 * everyMs),
  tick,
  logger,
  metricsRegistry,
}: {
  /** The worker's name in logs and metrics. */
  name: string;
  everyMs: number;
  /** Ticks at multiples of `everyMs` since 1970 (a sample then stands for its interval), rather than `everyMs` after the last. */
  aligned?: boolean;
  /** The first tick at start (the default unless `aligned`), or `everyMs` after it. */
  firstTickNow?: boolean;
  /** How long a tick may run before /health/ready calls the worker stuck (5 minutes, or 10 intervals when longer). */
  stuckAfterMs?: number;
  tick: () => Promise<void>;
  logger: Logger;
  metricsRegistry?: client.Registry;
}): WakeablePoller => {
  const metrics = metricsOf(metricsRegistry);
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let runningSince: number | null = null;
  let lastSuccess: Date | null = null;
  /** A wake while a tick ran: the next tick follows it at once. */
  let again = false;

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    // Aligned: one millisecond past the boundary, as a timer may fire up to a millisecond before Date.now() reaches it
    // (its clock rounds differently), which would stamp the tick in the interval before and give that one two.
    const delay = aligned ? everyMs - (Date.now() % everyMs) + 1 : everyMs;
    timer = setTimeout(run, delay);
    timer.unref();
  };

  const run = () => {
    clearTimeout(timer);
    runningSince = Date.now();
    running = tick()
      .then(
        () => {
          lastSuccess = new Date();
          metrics?.ticks.inc({ worker: name, outcome: 'ok' });
          metrics?.lastSuccess.set({ worker: name }, lastSuccess.getTime() / 1000);
        },
        (err: unknown) => {
          metrics?.ticks.inc({ worker: name, outcome: 'failed' });
          logger.warn({ err, worker: name }, 'a background worker tick failed; the next one runs as planned');
        },
      )
      .finally(() => {
        running = null;
        runningSince = null;
        if (again) {
          again = false;
          if (!stopped) return run();
        }
        schedule();
      });
  };

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      // An aligned poller's first tick waits for the next boundary too: a sample stamped with its interval's start is
      // taken at that start, so rates between samples are right.
      if (firstTickNow) run();
      else schedule();
    },
    wake() {
      if (stopped) return;
      if (running) again = true;
      else run();
    },
    async stop() {
      stopped = true;
      again = false;
      clearTimeout(timer);
      await running;
    },
    lastSuccessAt: () => lastSuccess,
    readinessProblem: () => stuckTick(name, runningSince, stuckAfterMs),
  };
};
