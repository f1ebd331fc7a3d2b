// Benchmark: a busy head. Mines one block every --block-ms (1 s) carrying about --transfers (1,000) token transfers
// of all three standards for --seconds (180) while `strata serve` follows the head (anvil's WebSocket newHeads) with
// graphql-ws subscribers attached. Reports mined → committed and mined → first delivery per block (p50/p99/max),
// RPC calls per block by method, and the server's RSS over time; ends comparing 1,000 balances with the chain.
// Run: npm run bench:head [-- [--mysql mysql://root@127.0.0.1:3306/strata_hbench] [--seconds 180] [--transfers 1000]
//      [--subscribers 200] [--block-ms 1000]]
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Interface } from 'ethers';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { loadConfig } from '../../src/config';
import { createLogger } from '../../src/config/logger';
import { openDatabase } from '../../src/main/app';
import { freePort, startAnvil, type Anvil } from '../helpers/anvil';
import { ANVIL_ARGS, compileScaleTokens } from './chain-scale/generate';
import { numberOption, option } from './lib/args';
import { checkBalanceSample } from './lib/balance-sample';
import { batchRpc, createDevSender, type Call, type DevSender } from './lib/dev-transactions';
import { ensureMysqlDatabase, strataEnv } from './lib/erc20-100k';
import { memoryOf, type MemoryField } from './lib/proc';
import { summarize } from './lib/stats';

const ROOT = path.join(__dirname, '..', '..');
const mb = (n: number) => Math.round(n / 1_048_576);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Forwards JSON-RPC (HTTP and WebSocket) to anvil and counts calls by method, batches included: what the
 * ingester asks of its node per block.
 */
const countingProxy = async (anvil: Anvil) => {
  const counts = new Map<string, number>();
  const count = (body: string) => {
    try {
      const parsed = JSON.parse(body) as { method?: string } | Array<{ method?: string }>;
      for (const c of Array.isArray(parsed) ? parsed : [parsed]) if (c.method) counts.set(c.method, (counts.get(c.method) ?? 0) + 1);
    } catch {
      /* not JSON: anvil answers it */
    }
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const body = Buffer.concat(chunks).toString();
      count(body);
      const upstream = await fetch(anvil.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  const wss = new WebSocket.Server({ server });
  wss.on('connection', (client) => {
    const node = new WebSocket(anvil.wsUrl);
    const queued: WebSocket.RawData[] = [];
    node.on('open', () => queued.splice(0).forEach((m) => node.send(m)));
    client.on('message', (m) => {
      count(m.toString());
      if (node.readyState === WebSocket.OPEN) node.send(m);
      else queued.push(m);
    });
    node.on('message', (m, binary) => client.send(binary ? m : m.toString()));
    client.on('close', () => node.close());
    node.on('close', () => client.close());
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as net.AddressInfo).port)));
  return { wsUrl: `ws://127.0.0.1:${port}`, counts, close: () => new Promise<void>((r) => (wss.close(), server.close(() => r()))) };
};

/** Deploys the token contracts in one block; returns their addresses by standard, and their interfaces. */
const deploy = async (anvil: Anvil, sender: DevSender) => {
  const compiled = compileScaleTokens();
  const calls: Call[] = [];
  const create = (name: string, args: unknown[]) => {
    const { call, address } = sender.deploy(compiled[name], args);
    calls.push(call);
    return address;
  };
  const contracts = {
    erc20: Array.from({ length: 20 }, (_, i) => create('ScaleERC20', [`Head ${i}`, `H${i}`, 18])),
    erc721: Array.from({ length: 5 }, (_, i) => create('ScaleERC721', [`Head NFT ${i}`, `HN${i}`])),
    erc1155: Array.from({ length: 5 }, () => create('ScaleERC1155', [])),
  };
  await batchRpc(anvil.rpcUrl, calls);
  await anvil.rpc('evm_mine');
  return { contracts, iface: Object.fromEntries(Object.entries(compiled).map(([n, c]) => [n, new Interface(c.abi)])) };
};

/** Subscribers over graphql-ws: `balanceUpdates` of the ERC-20 contracts, round robin; first arrival per block. */
const attachSubscribers = async (url: string, accessKey: string, contracts: string[], subscribers: number, connections: number) => {
  const firstArrival = new Map<number, number>();
  let messages = 0;
  let errors = 0;
  const clients = Array.from({ length: connections }, () =>
    createClient({ url, webSocketImpl: WebSocket, connectionParams: { accessKey }, lazy: false, retryAttempts: 0 }),
  );
  const stops: Array<() => void> = [];
  for (let i = 0; i < subscribers; i++) {
    const client = clients[i % connections];
    stops.push(
      client.subscribe<{ balanceUpdates: { blockNumber: number } }>(
        { query: 'subscription ($c: String!) { balanceUpdates: balanceEvents(contractAddress: $c) { blockNumber } }', variables: { c: contracts[i % contracts.length] } },
        {
          next: ({ data }) => {
            messages++;
            const block = data?.balanceUpdates.blockNumber;
            if (block !== undefined && !firstArrival.has(block)) firstArrival.set(block, Date.now());
          },
          error: () => errors++,
          complete: () => undefined,
        },
      ),
    );
  }
  return {
    firstArrival,
    stats: () => ({ messages, errors }),
    close: async () => {
      stops.forEach((s) => s());
      await Promise.all(clients.map((c) => c.dispose()));
    },
  };
};

const main = async () => {
  const o = {
    seconds: numberOption('seconds', 180),
    blockMs: numberOption('block-ms', 1_000),
    transfers: numberOption('transfers', 1_000),
    subscribers: numberOption('subscribers', 200),
    mysqlUrl: option('mysql'),
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-bench-head-'));
  const anvil = await startAnvil({ noMining: true, args: ANVIL_ARGS });
  const proxy = await countingProxy(anvil);
  const sender = createDevSender();
  let child: ReturnType<typeof spawn> | null = null;
  try {
    const { contracts, iface } = await deploy(anvil, sender);
    if (o.mysqlUrl) await ensureMysqlDatabase(o.mysqlUrl, { drop: true });
    const port = await freePort();
    // With MySQL Strata counts as deployed, where /metrics needs a token.
    const metricsToken = 'bench-metrics-token-0123456789abcdef';
    const env = { ...strataEnv(anvil, { url: proxy.wsUrl, dataDir: dir, mysqlUrl: o.mysqlUrl }), PORT: String(port), METRICS_TOKEN: metricsToken };
    const metrics = () => fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) => r.text(), () => '');
    const cli = (...args: string[]) => execFileSync(process.execPath, [path.join(ROOT, 'bin', 'strata.js'), ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
    cli('migrate');
    const { accessKey } = JSON.parse(cli('project', 'create', '--name', 'bench')) as { accessKey: string };
    child = spawn(process.execPath, [path.join(ROOT, 'bin', 'strata.js'), 'serve'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    const status = (field: MemoryField) => memoryOf(child!.pid!, field);
    const indexedBlock = async () => {
      const text = await metrics();
      const m = /strata_chain_indexed_block\{[^}]*\} (-?\d+)/.exec(text);
      return m ? Number(m[1]) : -1;
    };
    const head0 = Number(await anvil.rpc<string>('eth_blockNumber'));
    while ((await indexedBlock()) < head0) await sleep(100);

    const subs = await attachSubscribers(`ws://127.0.0.1:${port}/graphql`, accessKey, contracts.erc20, o.subscribers, Math.max(1, Math.round(o.subscribers / 10)));
    await sleep(1_000);
    const committed = new Map<number, number>();
    let watching = true;
    const watcher = (async () => {
      let last = head0;
      while (watching) {
        const b = await indexedBlock();
        for (let n = last + 1; n <= b; n++) committed.set(n, Date.now());
        last = Math.max(last, b);
        await sleep(20);
      }
    })();
    const rss: Array<{ s: number; mb: number }> = [];
    const t0 = Date.now();
    const sampler = setInterval(() => rss.push({ s: Math.round((Date.now() - t0) / 1000), mb: mb(status('VmRSS')) }), 10_000);
    const counts0 = new Map(proxy.counts);

    // Per block: ~70 % ERC-20 sprays, 15 % ERC-721 mints and moves, 15 % ERC-1155 single moves and batch mints.
    const mined = new Map<number, number>();
    let seed = 1;
    const tx = sender.send;
    const blockCalls = (): Call[] => {
      const calls: Call[] = [];
      const per = 50;
      for (let n = 0; n < Math.round((o.transfers * 0.7) / per); n++) calls.push(tx(contracts.erc20[seed % 20], iface.ScaleERC20.encodeFunctionData('spray', [per, seed++, 20_000]), 150_000 + per * 60_000));
      for (let n = 0; n < Math.round((o.transfers * 0.15) / per); n++) {
        const c = contracts.erc721[seed % 5];
        calls.push(tx(c, n % 2 ? iface.ScaleERC721.encodeFunctionData('move', [per, seed++, 20_000, false]) : iface.ScaleERC721.encodeFunctionData('mint', [per, seed++, 20_000]), 150_000 + per * 80_000));
      }
      for (let n = 0; n < Math.round((o.transfers * 0.15) / per); n++) {
        const c = contracts.erc1155[seed % 5];
        calls.push(tx(c, n % 2 ? iface.ScaleERC1155.encodeFunctionData('moveSingle', [per, seed++, 500, 100]) : iface.ScaleERC1155.encodeFunctionData('mintBatch', [per, seed++, 500, 100]), 200_000 + per * 70_000));
      }
      return calls;
    };
    const blocks = Math.floor((o.seconds * 1000) / o.blockMs);
    for (let i = 0; i < blocks; i++) {
      const due = t0 + i * o.blockMs;
      if (Date.now() < due) await sleep(due - Date.now());
      await batchRpc(anvil.rpcUrl, blockCalls());
      await anvil.rpc('evm_mine');
      mined.set(Number(await anvil.rpc<string>('eth_blockNumber')), Date.now());
    }
    const last = Math.max(...mined.keys());
    const deadline = Date.now() + 120_000;
    while ((await indexedBlock()) < last && Date.now() < deadline) await sleep(50);
    await sleep(500);
    watching = false;
    await watcher;
    clearInterval(sampler);
    const peakRss = mb(status('VmHWM'));
    const subStats = subs.stats();
    await subs.close();

    const lag = (at: Map<number, number>) => summarize([...mined].filter(([b]) => at.has(b)).map(([b, t]) => at.get(b)! - t));
    const calls = Object.fromEntries([...proxy.counts].map(([m, n]) => [m, Number(((n - (counts0.get(m) ?? 0)) / mined.size).toFixed(2))]).filter(([, n]) => Number(n) > 0));
    const committedLag = lag(committed);
    const deliveredLag = lag(subs.firstArrival);
    const transfers = Number((await metrics()).match(/strata_ingested_transfers_total\{[^}]*\} (\d+)/)?.[1] ?? 0);
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
    child = null;

    const db = await openDatabase(loadConfig(env), createLogger({ logLevel: 'warn' }));
    const sample = await checkBalanceSample(db, anvil.rpcUrl, anvil.chainId, last, contracts);
    await db.destroy();
    const minute = (from: number, to: number) => {
      const xs = rss.filter((r) => r.s >= from && r.s < to).map((r) => r.mb);
      return xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : null;
    };
    console.log(
      JSON.stringify(
        {
          database: o.mysqlUrl ? 'mysql' : 'sqlite',
          blocks: mined.size,
          blockMs: o.blockMs,
          transfersIndexed: transfers,
          subscribers: o.subscribers,
          minedToCommittedMs: committedLag,
          minedToFirstDeliveryMs: deliveredLag,
          blocksNotDelivered: mined.size - [...mined.keys()].filter((b) => subs.firstArrival.has(b)).length,
          subscriberMessages: subStats,
          rpcCallsPerBlock: calls,
          rssMB: { series: rss, firstMinute: minute(0, 60), lastMinute: minute(o.seconds - 60, o.seconds + 60), peak: peakRss },
          lagP99UnderInterval: committedLag.p99 < o.blockMs && deliveredLag.p99 < o.blockMs,
          balanceSample: { checked: sample.checked, mismatches: sample.mismatches.length, first: sample.mismatches.slice(0, 5) },
        },
        null,
        2,
      ),
    );
    if (sample.mismatches.length) process.exitCode = 1;
  } finally {
    child?.kill('SIGKILL');
    await proxy.close();
    await anvil.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
};

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
