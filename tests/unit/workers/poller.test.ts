// The one small poller of src/workers: ticks never overlap, a failed tick is logged and counted and the next one
// runs, an aligned poller ticks on its interval's boundaries, stop() waits for the tick in flight, and /metrics has
// each worker's ticks by outcome and its last success; wake() asks for a tick now (one asked for during a tick follows it),
// and a tick running past its bound is a readiness problem.
import pino from 'pino';
import client from 'prom-client';
import { createPoller } from '../../../src/workers/poller';
import { PATIENCE_MS } from '../../helpers/patience';

const silent = pino({ level: 'silent' });

const until = async (what: string, done: () => boolean) => {
  const deadline = Date.now() + PATIENCE_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
};

it('runs one tick at a time, goes on after a failure, and reports both on /metrics', async () => {
  const registry = new client.Registry();
  let running = 0;
  let most = 0;
  let ticks = 0;
  const poller = createPoller({
    name: 'test',
    everyMs: 1,
    logger: silent,
    metricsRegistry: registry,
    async tick() {
      running++;
      most = Math.max(most, running);
      ticks++;
      // Longer than the interval: a next tick that did not wait would overlap this one.
      await new Promise((r) => setTimeout(r, 20));
      running--;
      if (ticks === 2) throw new Error('a failed tick');
    },
  });
  expect(poller.lastSuccessAt()).toBeNull();
  poller.start();
  await until('five ticks', () => ticks >= 5);
  await poller.stop();
  expect(running).toBe(0);
  expect(most).toBe(1);
  expect(poller.lastSuccessAt()).toBeInstanceOf(Date);
  const metrics = await registry.getMetricsAsJSON();
  const counts = metrics.find((m) => m.name === 'strata_worker_ticks_total')!.values;
  expect(counts.find((v) => v.labels.outcome === 'failed')!.value).toBe(1);
  expect(counts.find((v) => v.labels.outcome === 'ok')!.value).toBe(ticks - 1);
  const last = metrics.find((m) => m.name === 'strata_worker_last_success_seconds')!.values[0];
  expect(last).toMatchObject({ labels: { worker: 'test' }, value: poller.lastSuccessAt()!.getTime() / 1000 });
});

it('ticks on the boundaries of its interval when aligned; two pollers share one registry', async () => {
  const registry = new client.Registry();
  const at: number[] = [];
  const aligned = createPoller({ name: 'aligned', everyMs: 50, aligned: true, logger: silent, metricsRegistry: registry, tick: async () => void at.push(Date.now()) });
  const other = createPoller({ name: 'other', everyMs: 1_000, logger: silent, metricsRegistry: registry, tick: async () => undefined });
  aligned.start();
  other.start();
  await until('three aligned ticks', () => at.length >= 3);
  await Promise.all([aligned.stop(), other.stop()]);
  // Each tick waits for the next multiple of 50 ms after the one before: no two fall within one interval.
  expect(new Set(at.map((t) => Math.floor(t / 50))).size).toBe(at.length);
  const workers = (await registry.getMetricsAsJSON()).find((m) => m.name === 'strata_worker_ticks_total')!.values.map((v) => v.labels.worker);
  expect(new Set(workers)).toEqual(new Set(['aligned', 'other']));
});

it('wakes for a tick before its interval, once more after a tick in flight, and not after stop', async () => {
  let ticks = 0;
  let release: () => void = () => undefined;
  const poller = createPoller({
    name: 'woken',
    everyMs: 3_600_000,
    firstTickNow: false,
    logger: silent,
    async tick() {
      ticks++;
      if (ticks === 1) await new Promise<void>((r) => (release = r));
    },
  });
  poller.start();
  expect(ticks).toBe(0);
  poller.wake();
  await until('the woken tick', () => ticks === 1);
  // Two wakes while the first tick runs: one tick follows it.
  poller.wake();
  poller.wake();
  release();
  await until('the tick after the one in flight', () => ticks === 2);
  await new Promise((r) => setTimeout(r, 30));
  expect(ticks).toBe(2);
  await poller.stop();
  poller.wake();
  await new Promise((r) => setTimeout(r, 30));
  expect(ticks).toBe(2);
});

it('calls a tick running past its bound stuck, and nothing else', async () => {
  let release: () => void = () => undefined;
  let failed = false;
  const poller = createPoller({
    name: 'slow',
    everyMs: 1,
    stuckAfterMs: 50,
    logger: silent,
    async tick() {
      if (!failed) {
        failed = true;
        throw new Error('a failed tick is not a readiness problem');
      }
      await new Promise<void>((r) => (release = r));
    },
  });
  poller.start();
  expect(poller.readinessProblem()).toBeNull();
  await until('a stuck tick', () => poller.readinessProblem() !== null);
  expect(poller.readinessProblem()).toMatch(/^worker slow: a tick has run for \d+ s \(stuck; bound 0 s\)$/);
  release();
  const stopped = poller.stop();
  await stopped;
  expect(poller.readinessProblem()).toBeNull();
});
