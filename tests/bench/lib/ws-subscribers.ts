// Forked subscriber side of the subscription benchmark: many graphql-ws connections (the protocol spoken directly over
// `ws`, so the client spends as little CPU as possible per message), each arrival stamped before it is parsed.
import WebSocket from 'ws';
import { Samples, nowMs, round, summarize, type LatencySummary } from './stats';
import { emit, serveWorker } from './worker';

export type ConnectArgs = {
  url: string;
  accessKey: string;
  contract: string;
  connections: number;
  /** Subscriptions per connection; connections × perConnection subscribers in all. */
  perConnection: number;
};

export type BlockDelivery = { block: number; messages: number; firstMs: number; lastMs: number };

export type DeliveryReport = {
  subscribers: number;
  messages: number;
  errors: number;
  /** From the block being mined (after evm_mine returned) to each message's arrival. */
  latencyMs: LatencySummary;
  /** Same, from the block's timestamp (whole seconds): only its order of magnitude means anything. */
  sinceBlockTimestampMs: LatencySummary;
  perBlock: Array<{ block: number; messages: number; p50: number; p99: number; lastMs: number }>;
  clientCpuPct: number;
  clientRssMB: number;
};

const QUERY = 'subscription ($c: String!) { balanceUpdates: balanceEvents(contractAddress: $c) { accountAddress balance blockNumber } }';
const BLOCK_FIELD = Buffer.from('"blockNumber":');

const sockets: WebSocket[] = [];
/** Arrival stamps per block number (monotonic ms). */
const arrivals = new Map<number, Samples>();
/** Messages each block must bring before it counts as delivered (set by the parent before it mines). */
const expected = new Map<number, number>();
const announced = new Set<number>();
let subscribers = 0;
let errors = 0;
let firstError: string | null = null;
let cpuFrom: NodeJS.CpuUsage | null = null;
let cpuWindowStart = 0;

const check = (block: number) => {
  const want = expected.get(block);
  const got = arrivals.get(block)?.length ?? 0;
  if (want !== undefined && got >= want && !announced.has(block)) {
    announced.add(block);
    emit('delivered', { block, messages: got });
  }
};

const onMessage = (data: Buffer) => {
  const t = nowMs();
  // {"id":"…","type":"next","payload":{"data":{"balanceUpdates":{…,"blockNumber":N}}}}: find N without parsing.
  const at = data.indexOf(BLOCK_FIELD);
  if (at < 0) {
    const text = data.toString();
    if (!text.includes('"connection_ack"') && !text.includes('"pong"')) {
      errors++;
      firstError ??= text.slice(0, 300);
    }
    return;
  }
  let block = 0;
  for (let i = at + BLOCK_FIELD.length; i < data.length; i++) {
    const c = data[i];
    if (c < 48 || c > 57) break;
    block = block * 10 + (c - 48);
  }
  let s = arrivals.get(block);
  if (!s) arrivals.set(block, (s = new Samples()));
  s.push(t);
  if (s.length === expected.get(block)) check(block);
};

const openOne = (a: ConnectArgs, index: number): Promise<void> =>
  new Promise((resolve, reject) => {
    const ws = new WebSocket(a.url, 'graphql-transport-ws', { perMessageDeflate: false });
    sockets.push(ws);
    const timer = setTimeout(() => reject(new Error(`connection ${index}: no connection_ack within 30 s`)), 30_000);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: { 'X-Access-Key': a.accessKey } })));
    ws.once('error', (err) => (clearTimeout(timer), reject(err)));
    ws.once('close', (code, reason) => {
      errors++;
      firstError ??= `connection ${index} closed: ${code} ${reason.toString()}`;
    });
    ws.once('message', (first: Buffer) => {
      clearTimeout(timer);
      if (!first.toString().includes('"connection_ack"')) return reject(new Error(`connection ${index}: ${first.toString().slice(0, 200)}`));
      ws.on('message', onMessage);
      for (let s = 0; s < a.perConnection; s++) {
        ws.send(JSON.stringify({ id: String(s), type: 'subscribe', payload: { query: QUERY, variables: { c: a.contract } } }));
        subscribers++;
      }
      resolve();
    });
  });

const connect = async (a: ConnectArgs) => {
  const started = nowMs();
  // A few hundred handshakes at a time: the listen backlog of one server is finite.
  const inFlight = 200;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, a.connections) }, async () => {
      while (next < a.connections) await openOne(a, next++);
    }),
  );
  return { connections: sockets.length, subscribers, seconds: round((nowMs() - started) / 1000, 2), errors, firstError };
};

const expect = async ({ block, messages }: { block: number; messages: number }) => {
  expected.set(block, messages);
  check(block);
  return null;
};

const startWindow = async () => {
  cpuFrom = process.cpuUsage();
  cpuWindowStart = nowMs();
  return null;
};

/** Latencies once the parent has told when each block was mined (monotonic ms) and its timestamp offset. */
const report = async ({ mined }: { mined: Array<{ block: number; minedMs: number; minedWallMinusTimestampMs: number }> }): Promise<DeliveryReport> => {
  const cpu = process.cpuUsage(cpuFrom ?? undefined);
  const elapsed = nowMs() - cpuWindowStart;
  const all = new Samples();
  const sinceTs = new Samples();
  const perBlock: DeliveryReport['perBlock'] = [];
  let messages = 0;
  for (const m of mined) {
    const s = arrivals.get(m.block);
    if (!s) {
      perBlock.push({ block: m.block, messages: 0, p50: NaN, p99: NaN, lastMs: NaN });
      continue;
    }
    const lat = Array.from(s.values(), (t) => t - m.minedMs);
    for (const l of lat) {
      all.push(l);
      sinceTs.push(l + m.minedWallMinusTimestampMs);
    }
    messages += lat.length;
    const sum = summarize(lat);
    perBlock.push({ block: m.block, messages: lat.length, p50: sum.p50, p99: sum.p99, lastMs: sum.max });
  }
  return {
    subscribers,
    messages,
    errors,
    latencyMs: summarize(all.values()),
    sinceBlockTimestampMs: summarize(sinceTs.values()),
    perBlock,
    clientCpuPct: round(((cpu.user + cpu.system) / 1000 / elapsed) * 100, 1),
    clientRssMB: Math.round(process.memoryUsage().rss / 1_048_576),
  };
};

const close = async () => {
  for (const ws of sockets) ws.terminate();
  sockets.length = 0;
  return { errors, firstError };
};

if (require.main === module) serveWorker({ connect, expect, startWindow, report, close, status: async () => ({ errors, firstError, subscribers }) });
