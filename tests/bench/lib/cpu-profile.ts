// In-process V8 CPU profile of the server while a scenario runs, folded into self time per package (where the time goes).
import { Session } from 'node:inspector/promises';
import { round } from './stats';

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples?: number[]; timeDeltas?: number[] };

export type ProfileSplit = {
  /** Wall-clock seconds profiled. */
  seconds: number;
  /** Share of the profiled time the thread was busy (not idle), %. */
  busyPct: number;
  /** Self time per category as % of busy time, largest first. */
  byCategory: Array<{ category: string; pct: number }>;
  /** The busiest functions by self time, % of busy time. */
  topFunctions: Array<{ fn: string; pct: number }>;
};

/** Which package or layer a frame belongs to. */
export const categoryOf = (frame: CallFrame): string => {
  const { url, functionName } = frame;
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return 'gc';
    if (functionName === '(program)') return 'native (program)';
    return `builtin/native`;
  }
  const nm = url.lastIndexOf('/node_modules/');
  if (nm >= 0) {
    const rest = url.slice(nm + '/node_modules/'.length).split('/');
    return rest[0].startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
  }
  if (url.startsWith('node:')) {
    const m = /^node:(?:internal\/)?([a-z_]+)/.exec(url);
    return `node:${m?.[1] ?? 'core'}`;
  }
  const src = url.indexOf('/src/');
  if (src >= 0) return `strata ${url.slice(src + 1).split('/').slice(0, 2).join('/')}`;
  if (url.includes('/tests/')) return 'bench harness';
  return url;
};

export type Profiler = { stop(): Promise<ProfileSplit> };

export const startProfiler = async (samplingMicros = 200): Promise<Profiler> => {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: samplingMicros });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = (await session.post('Profiler.stop')) as unknown as { profile: Profile };
      await session.post('Profiler.disable');
      session.disconnect();
      return splitOf(profile);
    },
  };
};

export const splitOf = (profile: Profile): ProfileSplit => {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Self time per node from the sample stream (timeDeltas are in microseconds).
  const self = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const dt = deltas[i + 1] ?? 0;
    self.set(samples[i], (self.get(samples[i]) ?? 0) + dt);
  }
  let total = 0;
  let idle = 0;
  const cats = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const node = byId.get(id)!;
    total += us;
    const cat = categoryOf(node.callFrame);
    if (cat === '(idle)') {
      idle += us;
      continue;
    }
    cats.set(cat, (cats.get(cat) ?? 0) + us);
    const f = node.callFrame;
    const where = f.url ? `${f.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${f.lineNumber + 1}` : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  const busy = total - idle || 1;
  const ranked = (m: Map<string, number>, n: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => [k, round((us / busy) * 100, 1)] as const);
  return {
    seconds: round((profile.endTime - profile.startTime) / 1e6, 2),
    busyPct: round((busy / (total || 1)) * 100, 1),
    byCategory: ranked(cats, 24).map(([category, pct]) => ({ category, pct })),
    topFunctions: ranked(fns, 15).map(([fn, pct]) => ({ fn, pct })),
  };
};
