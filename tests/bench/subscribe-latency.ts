// Benchmark: delivery latency of `balanceUpdates` to 5,000 concurrent graphql-ws subscribers of one Strata process,
// from a block being mined to each message arriving, and the server's RSS.
// Run: npm run bench:subscribe [-- --subscribers 5000 --connections 100 --blocks 30 --head poll|ws|both --poll-ms 50]
//      [--mysql mysql://root@127.0.0.1:3306/strata_sbench]   (that database is dropped and re-created)
// Per head-following mode (poll: HTTP URL, head polled every --poll-ms; ws: WebSocket URL, eth_subscribe newHeads) a
// process of its own with a fresh anvil (blocks only through evm_mine) holding the benchmark token, Strata (serve +
// ingestion, in that process) on a fresh database, and a forked subscriber process. Each measured block carries one transfer, i.e. two
// balance events, so every subscriber receives two messages per block.
// stdout: one JSON line per mode, then a summary line.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContractFactory, Interface, Wallet } from 'ethers';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp, type App } from '../../src/main/app';
import type { BalanceEvent } from '../../src/pubsub';
import { DEV_KEYS, devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { flag, numberOption, option } from './lib/args';
import { startProfiler, type Profiler } from './lib/cpu-profile';
import { SHARED_BENCH, ensureMysqlDatabase, strataEnv, waitForIndexed } from './lib/erc20-100k';
import { loadAverage, nowMs, round, summarize } from './lib/stats';
import { forkWorker, type Worker } from './lib/worker';
import type { ConnectArgs, DeliveryReport } from './lib/ws-subscribers';

type Head = 'poll' | 'ws';
type Mined = { block: number; minedMs: number; minedWallMinusTimestampMs: number };

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => Math.round(bytes / 1_048_576);

/**
 * Server-side stamps, taken in this process without touching src: when ingestion publishes a block's balances,
 * and when graphql-ws hands each `next` message to its socket.
 */
const createServerStamps = (pubsub: App['pubsub']) => {
  const published = new Map<number, number>();
  const sends = new Map<number, number[]>();
  let current = -1;
  const publish = pubsub.publish.bind(pubsub);
  pubsub.publish = (async (topic, events) => {
    if (topic === 'balances' && events.length) {
      current = (events[0] as BalanceEvent).blockNumber;
      published.set(current, nowMs());
    }
    return publish(topic, events);
  }) as App['pubsub']['publish'];
  const proto = WebSocket.prototype as unknown as { send: (data: unknown, ...rest: unknown[]) => void };
  const send = proto.send;
  proto.send = function (this: WebSocket, data: unknown, ...rest: unknown[]) {
    if (typeof data === 'string' && data.startsWith('{"id":') && data.includes('"type":"next"')) {
      let list = sends.get(current);
      if (!list) sends.set(current, (list = []));
      list.push(nowMs());
    }
    return send.call(this, data, ...rest);
  };
  return {
    published,
    sends,
    restore() {
      proto.send = send;
      pubsub.publish = publish;
    },
  };
};

/** Deploys the benchmark token (automine), then leaves mining to evm_mine. */
const deployToken = async (anvil: Anvil): Promise<string> => {
  const artifact = JSON.parse(fs.readFileSync(path.join(SHARED_BENCH, 'Token.json'), 'utf8')) as { abi: unknown[]; bytecode: string };
  const factory = new ContractFactory(artifact.abi as never, artifact.bytecode, devWallet(anvil, 0));
  const token = await factory.deploy();
  await token.waitForDeployment();
  await anvil.rpc('evm_setAutomine', [false]);
  return (await token.getAddress()).toLowerCase();
};

/** Transfers of 1 unit from dev account 0 to a fresh address each, signed up front (nothing to compute between blocks). */
const signTransfers = async (anvil: Anvil, token: string, count: number, firstRecipient: number): Promise<string[]> => {
  const wallet = new Wallet(DEV_KEYS[0]);
  const nonce = Number(BigInt(await anvil.rpc<string>('eth_getTransactionCount', [wallet.address, 'pending'])));
  const iface = new Interface(['function transfer(address to, uint256 v) returns (bool)']);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    const to = `0x${(firstRecipient + i).toString(16).padStart(40, '0')}`;
    out.push(
      await wallet.signTransaction({
        type: 2,
        chainId: anvil.chainId,
        nonce: nonce + i,
        to: token,
        data: iface.encodeFunctionData('transfer', [to, 1n]),
        gasLimit: 100_000n,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
    );
  }
  return out;
};

const runMode = async (
  anvil: Anvil,
  token: string,
  head: Head,
  o: { subscribers: number; connections: number; blocks: number; warmup: number; pollMs: number; mysqlUrl: string | null; profile: boolean; recipientBase: number },
) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-sub-'));
  if (o.mysqlUrl) await ensureMysqlDatabase(o.mysqlUrl, { drop: true });
  const config = loadConfig(strataEnv(anvil, { url: head === 'ws' ? anvil.wsUrl : anvil.rpcUrl, dataDir, mysqlUrl: o.mysqlUrl }));
  // With a ws URL new heads wake the ingester at once; the poll interval then only matters if the socket drops.
  const app = await createApp(config, createLogger({ logLevel: 'warn' }), { serve: true, index: true, pollMs: head === 'ws' ? 1_000 : o.pollMs });
  const stamps = createServerStamps(app.pubsub);
  let worker: Worker | null = null;
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  try {
    const { port } = await app.start();
    const head0 = Number(BigInt(await anvil.rpc<string>('eth_blockNumber')));
    await waitForIndexed(app.db, anvil.chainId, head0, 60_000);
    const { accessKey } = await app.services.projects.create('bench');
    const rssBefore = process.memoryUsage().rss;

    worker = forkWorker(path.join(__dirname, 'lib', 'ws-subscribers.ts'));
    const delivered = new Map<number, () => void>();
    worker.on('delivered', ({ block }: { block: number }) => delivered.get(block)?.());
    const perConnection = Math.ceil(o.subscribers / o.connections);
    const connectArgs: ConnectArgs = { url: `ws://127.0.0.1:${port}/graphql`, accessKey, contract: token, connections: o.connections, perConnection };
    const connected = await worker.call<{ connections: number; subscribers: number; seconds: number; errors: number; firstError: string | null }>('connect', connectArgs);
    if (connected.errors) throw new Error(`subscribers failed to connect: ${connected.firstError}`);
    const subscribers = connected.subscribers;
    const rssConnected = process.memoryUsage().rss;

    const txs = await signTransfers(anvil, token, o.warmup + o.blocks, o.recipientBase);
    let expectedBlock = Number(BigInt(await anvil.rpc<string>('eth_blockNumber'))) + 1;
    const mined: Mined[] = [];
    const incomplete: number[] = [];
    let cpu0: NodeJS.CpuUsage | null = null;
    let t0 = 0;
    let profiler: Profiler | null = null;
    for (let i = 0; i < txs.length; i++) {
      const measured = i >= o.warmup;
      if (i === o.warmup) {
        await worker.call('startWindow');
        if (o.profile) profiler = await startProfiler();
        cpu0 = process.cpuUsage();
        t0 = nowMs();
      }
      const block = expectedBlock++;
      await worker.call('expect', { block, messages: subscribers * 2 });
      const done = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 30_000);
        delivered.set(block, () => (clearTimeout(timer), resolve(true)));
      });
      await anvil.rpc('eth_sendRawTransaction', [txs[i]]);
      await anvil.rpc('evm_mine');
      const minedMs = nowMs();
      const minedWall = Date.now();
      const b = await anvil.rpc<{ number: string; timestamp: string }>('eth_getBlockByNumber', ['latest', false]);
      if (Number(BigInt(b.number)) !== block) throw new Error(`expected block ${block}, the node mined ${Number(BigInt(b.number))}`);
      if (measured) mined.push({ block, minedMs, minedWallMinusTimestampMs: minedWall - Number(BigInt(b.timestamp)) * 1000 });
      if (!(await done) && measured) incomplete.push(block);
      delivered.delete(block);
      // Spread the blocks over the polling phase, so latencies sample it evenly.
      await sleep(20 + Math.random() * 100);
    }
    const cpu = process.cpuUsage(cpu0 ?? undefined);
    const profile = profiler ? await profiler.stop() : null;
    const serverCpuPct = round(((cpu.user + cpu.system) / 1000 / (nowMs() - t0)) * 100, 1);
    const report = await worker.call<DeliveryReport>('report', { mined });

    // Where the time goes, from this process's stamps: mined → published (ingestion) → each send (fan-out).
    const ingest: number[] = [];
    const sendLat: number[] = [];
    const fanout: number[] = [];
    for (const m of mined) {
      const pub = stamps.published.get(m.block);
      if (pub !== undefined) ingest.push(pub - m.minedMs);
      const s = stamps.sends.get(m.block) ?? [];
      for (const t of s) sendLat.push(t - m.minedMs);
      if (pub !== undefined && s.length) fanout.push(s[s.length - 1] - pub);
    }
    const { perBlock, ...delivery } = report;
    return {
      head,
      pollMs: head === 'poll' ? o.pollMs : null,
      database: config.database.kind,
      connections: connected.connections,
      perConnection,
      connectSeconds: connected.seconds,
      blocks: mined.length,
      incompleteBlocks: incomplete,
      ...delivery,
      server: {
        minedToPublishedMs: summarize(ingest),
        minedToSocketSendMs: summarize(sendLat),
        publishedToLastSendMs: summarize(fanout),
        cpuPct: serverCpuPct,
        rssMB: { beforeSubscribers: mb(rssBefore), withSubscribers: mb(rssConnected), peak: mb(peakRss), end: mb(process.memoryUsage().rss) },
        perSubscriberKB: round((rssConnected - rssBefore) / 1024 / subscribers, 1),
      },
      slowestBlocks: [...perBlock].sort((a, b) => b.p50 - a.p50).slice(0, 3),
      ...(profile ? { serverProfile: profile } : {}),
      loadAverage: loadAverage(),
    };
  } finally {
    clearInterval(sampler);
    stamps.restore();
    await worker?.call('close').catch(() => undefined);
    await worker?.stop();
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

type ModeResult = Awaited<ReturnType<typeof runMode>>;

const printSummary = (o: { subscribers: number; connections: number }, results: ModeResult[]) =>
  print({
    summary: 'subscribe-latency',
    subscribers: o.subscribers,
    connections: o.connections,
    targets: {
      p50Under150ms: {
        pass: results.every((r) => r.latencyMs.p50 < 150),
        figures: results.map((r) => ({ head: r.head, p50: r.latencyMs.p50, p99: r.latencyMs.p99, serverPeakRssMB: r.server.rssMB.peak })),
      },
    },
  });

/** Each head mode in a process of its own, so that one mode's heap does not inflate the next one's RSS. */
const runEachInOwnProcess = async (heads: Head[], o: { subscribers: number; connections: number }) => {
  const results: ModeResult[] = [];
  for (const head of heads) {
    const args = process.argv.slice(2).filter((a, i, all) => a !== '--head' && all[i - 1] !== '--head');
    const child = spawn(process.execPath, [...process.execArgv, __filename, ...args, '--head', head, '--no-summary'], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      out += chunk.toString();
    });
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    if (code !== 0) throw new Error(`the ${head} run failed (exit code ${code})`);
    for (const line of out.split('\n')) if (line.startsWith('{"scenario":"subscribe"')) results.push(JSON.parse(line));
  }
  printSummary(o, results);
};

const main = async () => {
  const o = {
    subscribers: numberOption('subscribers', 5_000),
    connections: numberOption('connections', 100),
    blocks: numberOption('blocks', 30),
    warmup: numberOption('warmup-blocks', 3),
    pollMs: numberOption('poll-ms', 50),
    mysqlUrl: option('mysql'),
    profile: flag('profile'),
  };
  const heads: Head[] = (option('head') ?? 'both') === 'both' ? ['poll', 'ws'] : [option('head') as Head];
  if (heads.some((h) => h !== 'poll' && h !== 'ws')) throw new Error('--head must be poll, ws or both');
  if (heads.length > 1) return runEachInOwnProcess(heads, o);
  const anvil = await startAnvil();
  try {
    const token = await deployToken(anvil);
    const r = await runMode(anvil, token, heads[0], { ...o, recipientBase: 0x1000 });
    print({ scenario: 'subscribe', ...r });
    if (!flag('no-summary')) printSummary(o, [r]);
  } finally {
    await anvil.stop();
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
