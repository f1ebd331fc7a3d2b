// Benchmark: webhook delivery to a local receiver with 100 listeners on one token contract: block mined → delivery
// received (p50/p99 over every listener and block), then deliveries per second through a burst of blocks.
// Run: npm run bench:webhooks [-- --listeners 100 --blocks 40 --burst-blocks 30 --burst-txs 10 --head ws|poll --poll-ms 50]
//      [--webhook-poll-ms N] [--mysql mysql://root@127.0.0.1:3306/strata_whbench]   (that database is dropped and re-created)
// A fresh anvil (blocks only through evm_mine) holds the benchmark token; Strata (serve + ingestion + delivery, in this
// process) on a fresh database; the receiver in a forked process (204 at once, each arrival stamped on the shared
// monotonic clock before parsing). Latency phase: one transfer per block, blocks 100-300 ms apart, each listener
// receives the block's event. Burst phase: --burst-blocks blocks of --burst-txs transfers mined back to back.
// stdout: one JSON line per phase, then a summary line.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ContractFactory, Interface, Wallet } from 'ethers';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { createApp } from '../../src/main/app';
import { DEV_KEYS, devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { numberOption, option } from './lib/args';
import { SHARED_BENCH, ensureMysqlDatabase, strataEnv, waitForIndexed } from './lib/erc20-100k';
import { loadAverage, nowMs, round, summarize } from './lib/stats';
import { forkWorker } from './lib/worker';

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Deploys the benchmark token (automine), then leaves mining to evm_mine. */
const deployToken = async (anvil: Anvil): Promise<string> => {
  const artifact = JSON.parse(fs.readFileSync(path.join(SHARED_BENCH, 'Token.json'), 'utf8')) as { abi: unknown[]; bytecode: string };
  const token = await new ContractFactory(artifact.abi as never, artifact.bytecode, devWallet(anvil, 0)).deploy();
  await token.waitForDeployment();
  await anvil.rpc('evm_setAutomine', [false]);
  return (await token.getAddress()).toLowerCase();
};

/** Transfers of 1 unit from dev account 0 to a fresh address each, signed up front. */
const signTransfers = async (anvil: Anvil, token: string, count: number, firstRecipient: number): Promise<string[]> => {
  const wallet = new Wallet(DEV_KEYS[0]);
  const nonce = Number(BigInt(await anvil.rpc<string>('eth_getTransactionCount', [wallet.address, 'pending'])));
  const iface = new Interface(['function transfer(address to, uint256 v) returns (bool)']);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      await wallet.signTransaction({
        type: 2,
        chainId: anvil.chainId,
        nonce: nonce + i,
        to: token,
        data: iface.encodeFunctionData('transfer', [`0x${(firstRecipient + i).toString(16).padStart(40, '0')}`, 1n]),
        gasLimit: 100_000n,
        maxFeePerGas: 20_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      }),
    );
  }
  return out;
};

const blockNumber = async (anvil: Anvil) => Number(BigInt(await anvil.rpc<string>('eth_blockNumber')));

type Report = { perBlock: Array<{ block: number; arrivals: number[] }>; postStamps: number[]; posts: number; items: number; events: number; bad: number };
type Counts = { posts: number; items: number; events: number; bad: number };

const main = async () => {
  const o = {
    listeners: numberOption('listeners', 100),
    blocks: numberOption('blocks', 40),
    warmup: numberOption('warmup-blocks', 3),
    burstBlocks: numberOption('burst-blocks', 30),
    burstTxs: numberOption('burst-txs', 10),
    pollMs: numberOption('poll-ms', 50),
    head: (option('head') ?? 'ws') as 'ws' | 'poll',
    webhookPollMs: option('webhook-poll-ms'),
    mysqlUrl: option('mysql'),
  };
  if (o.head !== 'ws' && o.head !== 'poll') throw new Error('--head must be ws or poll');
  const anvil = await startAnvil();
  const receiver = forkWorker(path.join(__dirname, 'lib', 'webhook-receiver.ts'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-webhooks-'));
  let app: Awaited<ReturnType<typeof createApp>> | null = null;
  try {
    const token = await deployToken(anvil);
    const port = await receiver.call<number>('listen');
    if (o.mysqlUrl) await ensureMysqlDatabase(o.mysqlUrl, { drop: true });
    const config = loadConfig({
      ...strataEnv(anvil, { url: o.head === 'ws' ? anvil.wsUrl : anvil.rpcUrl, dataDir, mysqlUrl: o.mysqlUrl }),
      WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${port}`,
      ...(o.webhookPollMs ? { WEBHOOK_POLL_MS: o.webhookPollMs } : {}),
    });
    app = await createApp(config, createLogger({ logLevel: 'warn' }), { serve: true, index: true, pollMs: o.head === 'ws' ? 1_000 : o.pollMs });
    // When ingestion published each block's logs (after its commit, which also wrote the outbox rows): splits the
    // latency into ingestion (mined → committed) and delivery (committed → received).
    const committed = new Map<number, number>();
    const publish = app.pubsub.publish.bind(app.pubsub);
    app.pubsub.publish = (async (topic, events) => {
      if (topic === 'logs') for (const e of events as Array<{ blockNumber: number }>) if (!committed.has(e.blockNumber)) committed.set(e.blockNumber, nowMs());
      return publish(topic, events);
    }) as typeof app.pubsub.publish;
    const { port: strataPort } = await app.start();
    await waitForIndexed(app.db, anvil.chainId, await blockNumber(anvil), 60_000);

    // The listeners, added as a project adds them: GraphQL with its bearer token.
    const { bearerToken } = await app.services.projects.create('bench');
    for (let i = 0; i < o.listeners; i++) {
      const res = await fetch(`http://127.0.0.1:${strataPort}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearerToken}` },
        body: JSON.stringify({
          query: 'mutation($input: WebhookListenerInput!) { addWebhookListener(input: $input) { listener { id } } }',
          variables: { input: { url: `http://127.0.0.1:${port}/hooks/${i}`, name: `bench ${i}`, filters: { contractAddresses: [token] } } },
        }),
      });
      const body = (await res.json()) as { errors?: unknown[] };
      if (body.errors) throw new Error(`addWebhookListener failed: ${JSON.stringify(body.errors)}`);
    }

    // Latency: one transfer per block, each listener must receive the block's event.
    const delivered = new Map<number, () => void>();
    receiver.on('block', ({ block }: { block: number }) => delivered.get(block)?.());
    const txs = await signTransfers(anvil, token, o.warmup + o.blocks + o.burstBlocks * o.burstTxs, 0x1000);
    let next = (await blockNumber(anvil)) + 1;
    const mined = new Map<number, number>();
    const incomplete: number[] = [];
    let t = 0;
    let latencyStart = 0;
    for (let i = 0; i < o.warmup + o.blocks; i++) {
      const block = next++;
      if (i === o.warmup) latencyStart = nowMs();
      await receiver.call('expect', { block, listeners: o.listeners });
      const done = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), 30_000);
        delivered.set(block, () => (clearTimeout(timer), resolve(true)));
      });
      await anvil.rpc('eth_sendRawTransaction', [txs[t++]]);
      await anvil.rpc('evm_mine');
      const minedMs = nowMs();
      if (i >= o.warmup) mined.set(block, minedMs);
      if (!(await done) && i >= o.warmup) incomplete.push(block);
      delivered.delete(block);
      await sleep(100 + Math.random() * 200);
    }
    const report = await receiver.call<Report>('report', { blocks: [...mined.keys()], sinceMs: latencyStart });
    const latencies: number[] = [];
    const ingestion: number[] = [];
    const delivery: number[] = [];
    for (const { block, arrivals } of report.perBlock) {
      const c = committed.get(block);
      if (c !== undefined) ingestion.push(c - mined.get(block)!);
      for (const at of arrivals) {
        latencies.push(at - mined.get(block)!);
        if (c !== undefined) delivery.push(at - c);
      }
    }
    const latencyLine = {
      scenario: 'webhooks-latency',
      database: config.database.kind,
      head: o.head,
      listeners: o.listeners,
      blocks: mined.size,
      incompleteBlocks: incomplete,
      blockMinedToDeliveryReceivedMs: summarize(latencies),
      minedToCommittedMs: summarize(ingestion),
      committedToReceivedMs: summarize(delivery),
      webhookPollMs: config.webhooks.pollMs,
      loadAverage: loadAverage(),
    };
    print(latencyLine);

    // Throughput: blocks of several transfers mined back to back; every listener must receive every event.
    const before = await receiver.call<Counts>('counts');
    const want = before.events + o.listeners * o.burstBlocks * o.burstTxs;
    const burstStart = nowMs();
    for (let b = 0; b < o.burstBlocks; b++) {
      for (let i = 0; i < o.burstTxs; i++) await anvil.rpc('eth_sendRawTransaction', [txs[t++]]);
      await anvil.rpc('evm_mine');
    }
    const minedAllMs = nowMs() - burstStart;
    let after = before;
    const deadline = Date.now() + 300_000;
    while (after.events < want && Date.now() < deadline) {
      await sleep(50);
      after = await receiver.call<Counts>('counts');
    }
    const seconds = (nowMs() - burstStart) / 1000;
    const burstLine = {
      scenario: 'webhooks-throughput',
      database: config.database.kind,
      listeners: o.listeners,
      blocks: o.burstBlocks,
      transfersPerBlock: o.burstTxs,
      complete: after.events >= want,
      eventsReceived: after.events - before.events,
      eventsExpected: want - before.events,
      posts: after.posts - before.posts,
      minedInMs: round(minedAllMs, 1),
      seconds: round(seconds, 2),
      deliveriesPerSecond: round((after.posts - before.posts) / seconds, 1),
      eventsPerSecond: round((after.events - before.events) / seconds, 1),
      badBodies: after.bad,
      loadAverage: loadAverage(),
    };
    print(burstLine);
    const l = latencyLine.blockMinedToDeliveryReceivedMs;
    print({
      summary: 'webhooks',
      listeners: o.listeners,
      targets: {
        p50Under200ms: { pass: l.p50 <= 200, p50: l.p50 },
        p99Under1s: { pass: l.p99 <= 1000, p99: l.p99 },
      },
      deliveriesPerSecond: burstLine.deliveriesPerSecond,
      eventsPerSecond: burstLine.eventsPerSecond,
    });
  } finally {
    await receiver.call('close').catch(() => undefined);
    await receiver.stop();
    await app?.stop();
    await anvil.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
