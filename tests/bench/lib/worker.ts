// A benchmark's client side in a forked process (its CPU must not distort the server's timings): request/reply and events over IPC.
import { fork, type ChildProcess } from 'node:child_process';

type Reply = { id: number; result?: unknown; error?: string };
type Event = { event: string; data: unknown };

export type Worker = {
  pid: number;
  /** Runs `op` in the child and resolves with what its handler returned. */
  call<T>(op: string, args?: unknown): Promise<T>;
  /** Events the child pushes with `emit` (progress, counts). */
  on(event: string, listener: (data: any) => void): void;
  stop(): Promise<void>;
};

/** Forks a TypeScript file; under tsx the child inherits tsx's loader through execArgv. */
export const forkWorker = (file: string, { execArgv }: { execArgv?: string[] } = {}): Worker => {
  const child: ChildProcess = fork(file, [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    execArgv: [...process.execArgv, ...(execArgv ?? [])],
    serialization: 'advanced',
  });
  const pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const listeners = new Map<string, Array<(data: unknown) => void>>();
  let nextId = 0;
  child.on('message', (m: Reply | Event) => {
    if ('event' in m) return listeners.get(m.event)?.forEach((l) => l(m.data));
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (m.error !== undefined) p.reject(new Error(`worker: ${m.error}`));
    else p.resolve(m.result);
  });
  child.on('exit', (code, signal) => {
    for (const p of pending.values()) p.reject(new Error(`worker exited (code ${code}, signal ${signal})`));
    pending.clear();
  });
  process.once('exit', () => child.kill('SIGKILL'));
  return {
    pid: child.pid!,
    call: <T>(op: string, args?: unknown) =>
      new Promise<T>((resolve, reject) => {
        const id = ++nextId;
        pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
        child.send({ id, op, args });
      }),
    on(event, listener) {
      listeners.set(event, [...(listeners.get(event) ?? []), listener]);
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => (clearTimeout(force), resolve()));
        child.send({ id: 0, op: '__exit' });
      }),
  };
};

/** Child side: answers the parent's calls with `handlers[op](args)`. */
export const serveWorker = (handlers: Record<string, (args: any) => Promise<unknown>>): void => {
  process.on('message', async (m: { id: number; op: string; args: unknown }) => {
    if (m.op === '__exit') return process.exit(0);
    try {
      const handler = handlers[m.op];
      if (!handler) throw new Error(`unknown op ${m.op}`);
      process.send!({ id: m.id, result: await handler(m.args) });
    } catch (err) {
      process.send!({ id: m.id, error: err instanceof Error ? err.stack ?? err.message : String(err) });
    }
  });
  process.on('disconnect', () => process.exit(0));
};

export const emit = (event: string, data: unknown): void => void process.send?.({ event, data });
