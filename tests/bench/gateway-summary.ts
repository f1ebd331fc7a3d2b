// Benchmark: the IndexerGateway's GetTokenBalancesSummary over 3 chains beside the same call on one chain (the
// Indexer on a per-chain base URL), as the published clients send them: POST over HTTP, native balances included
// (eth_getBalance per account on each chain's anvil), one client at a time. Goal of issue #29: gateway p50 ≤ 2× the
// single-chain p50 (the chains are read concurrently, so the gateway pays the slowest chain, not the sum).
// Run: npm run bench:gateway [-- --accounts 20 --holders 40 --rounds 5 --calls 100 --warmup 30]
//      with DATABASE_URL=mysql://root@127.0.0.1:3306/x for MariaDB (a fresh database per run).
// Rounds interleave the two calls (each round: `calls` of one, then of the other, order alternating) and the summary
// takes every call of every round. stdout: one JSON line per scenario, then a summary line.
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed } from '../helpers/chain-fixtures';
import { startTestServer } from '../helpers/server';
import { numberOption } from './lib/args';
import { timeInterleaved, scenarioLines } from './lib/interleaved';
import { dialectName, runBench } from './lib/run';
import { loadAverage, round } from './lib/stats';

const CHAIN_IDS = [31337, 31338, 31339];

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

/** Deploys the tokens and gives `holders` accounts an ERC-20 balance and two ERC-1155 ids (one transaction each). */
const seed = async (anvil: Anvil, holders: string[]) => {
  const tokens = await deployTokens(anvil);
  for (const [i, h] of holders.entries()) {
    await sendAndWait(tokens.erc20.mint(h, BigInt(1000 + i)));
    await sendAndWait(tokens.erc1155.mintBatch(h, [1n, BigInt(2 + (i % 5))], [BigInt(i + 1), 3n]));
  }
};

const main = async () => {
  const accounts = numberOption('accounts', 20);
  const holderCount = numberOption('holders', 40);
  const rounds = numberOption('rounds', 5);
  const calls = numberOption('calls', 100);
  const warmup = numberOption('warmup', 30);

  const anvils = await Promise.all(CHAIN_IDS.map((chainId) => startAnvil({ chainId })));
  // Fixed, distinct holder addresses (not the dev accounts, whose coin balances anvil changes as they send).
  const holders = Array.from({ length: holderCount }, (_, i) => `0x${(0xbe00 + i).toString(16).padStart(40, '0')}`);
  await Promise.all(anvils.map((a) => seed(a, holders)));
  const server = await startTestServer({
    CHAINS: JSON.stringify(anvils.map((a, i) => ({ chainId: a.chainId, name: `chain${i + 1}`, url: a.rpcUrl, confirmations: 2, nativeTransfers: false, approvals: false }))),
  });
  try {
    const key = (await server.createProject('bench')).accessKey;
    await Promise.all(anvils.map((a) => waitForIndexed(server.app, a, 120_000)));
    const filter = { accountAddresses: holders.slice(0, accounts), contractStatus: 'ALL', omitNativeBalances: false };
    const post = async (path: string, body: unknown) => {
      const res = await fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': key },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as Record<string, unknown>;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const scenarios = {
      'single-chain': () => post('/chains/31337/rpc/Indexer/GetTokenBalancesSummary', { filter }),
      'gateway-3-chains': () => post('/rpc/IndexerGateway/GetTokenBalancesSummary', { chainIds: CHAIN_IDS, filter }),
    };
    // The replies are what they should be before anything is timed.
    const one = (await scenarios['single-chain']()) as { balances: unknown[]; nativeBalances: unknown[] };
    const all = (await scenarios['gateway-3-chains']()) as { balances: Array<{ errorReason?: string; results: unknown[] }> };
    if (all.balances.length !== 3 || all.balances.some((c) => c.errorReason || c.results.length !== one.balances.length)) {
      throw new Error(`unexpected gateway reply: ${JSON.stringify(all).slice(0, 500)}`);
    }
    print({ rows: { perChain: one.balances.length, nativeBalancesPerChain: one.nativeBalances.length } });

    const summary = await timeInterleaved(scenarios, { rounds, calls, warmup });
    for (const line of scenarioLines(summary)) print(line);
    const ratio = summary['gateway-3-chains'].p50 / summary['single-chain'].p50;
    print({
      summary: true,
      dialect: dialectName(),
      accounts,
      calls: rounds * calls,
      gatewayP50OverSingleP50: round(ratio, 2),
      goalMet: ratio <= 2,
      loadAverage: loadAverage(),
    });
  } finally {
    await server.stop();
    await Promise.all(anvils.map((a) => a.stop()));
  }
};

runBench(main);
