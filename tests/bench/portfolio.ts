// Benchmark: the linked-wallet portfolio (GraphQL `portfolio`: per-chain balances, holdings, the first page of the
// merged history) of a parent with four linked wallets on 3 chains, beside the same query narrowed to one wallet on
// one chain. Both pay the parent's proof check and, per chain and wallet, an eth_getBalance on that chain's anvil.
// Run: npm run bench:portfolio [-- --tokens 10 --rounds 5 --calls 100 --warmup 30]
//      with DATABASE_URL=mysql://root@127.0.0.1:3306/x for MariaDB (a fresh database per run).
// Rounds interleave the two queries (order alternating); stdout: one JSON line per scenario, then a summary line.
import { Contract, Wallet } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed } from '../helpers/chain-fixtures';
import { startTestServer } from '../helpers/server';
import { linkBody, listBody, eoa } from '../integration/wallets/wallet-kit';
import { numberOption } from './lib/args';
import { timeInterleaved, scenarioLines } from './lib/interleaved';
import { dialectName, runBench } from './lib/run';
import { loadAverage, round } from './lib/stats';

const CHAIN_IDS = [31337, 31338, 31339];
const WALLETS = [3, 4, 5, 6, 7];

const print = (line: Record<string, unknown>) => console.log(JSON.stringify(line));

/** Each wallet gets an ERC-20 balance and `tokens` ERC-1155 ids, and sends one transfer to the next wallet. */
const seed = async (anvil: Anvil, tokens: number) => {
  const t = await deployTokens(anvil);
  const addresses = WALLETS.map((i) => devWallet(anvil, i).address);
  for (const [i, a] of addresses.entries()) {
    await sendAndWait(t.erc20.mint(a, BigInt(1000 + i)));
    const ids = Array.from({ length: tokens }, (_, k) => BigInt(k + 1));
    await sendAndWait(t.erc1155.mintBatch(a, ids, ids.map((id) => id + BigInt(i))));
    await sendAndWait((t.erc20.connect(devWallet(anvil, WALLETS[i])) as Contract).transfer(addresses[(i + 1) % addresses.length], 1n));
  }
};

const QUERY = `query($parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $signatureChainId: String!, $chainIds: [String!], $walletAddresses: [String!]) {
  portfolio(parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, signatureChainId: $signatureChainId, chainIds: $chainIds, walletAddresses: $walletAddresses, contractStatus: ALL) {
    walletAddresses
    chains { chainId errorReason nativeTotal nativeBalances { accountAddress balance } balances { contractAddress accountAddress tokenId balance } }
    holdings { chainId contractAddress tokenId balance walletCount contractInfo { name symbol decimals } }
    history(first: 20) { endCursor transactions { chainId txnHash timestamp transfers { from to amounts } } }
  }
}`;

const main = async () => {
  const tokens = numberOption('tokens', 10);
  const rounds = numberOption('rounds', 5);
  const calls = numberOption('calls', 100);
  const warmup = numberOption('warmup', 30);

  const anvils = await Promise.all(CHAIN_IDS.map((chainId) => startAnvil({ chainId })));
  await Promise.all(anvils.map((a) => seed(a, tokens)));
  const server = await startTestServer({
    CHAINS: JSON.stringify(anvils.map((a, i) => ({ chainId: a.chainId, name: `chain${i + 1}`, url: a.rpcUrl, confirmations: 2, nativeTransfers: false, approvals: false }))),
  });
  try {
    const key = { 'X-Access-Key': (await server.createProject('bench')).accessKey };
    const [parent, ...children] = WALLETS.map((i) => eoa(new Wallet(devWallet(anvils[0], i).privateKey)));
    for (const child of children) {
      const r = await server.graphql(
        `mutation($signatureChainId: String!, $parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $linkedWalletAddress: String!, $linkedWalletMessage: String!, $linkedWalletSignature: String!) {
          linkWallet(signatureChainId: $signatureChainId, parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, linkedWalletAddress: $linkedWalletAddress, linkedWalletMessage: $linkedWalletMessage, linkedWalletSignature: $linkedWalletSignature) { id }
        }`,
        await linkBody(parent, child, anvils[0].chainId),
        key,
      );
      if (r.body.errors) throw new Error(`linkWallet: ${JSON.stringify(r.body.errors)}`);
    }
    await Promise.all(anvils.map((a) => waitForIndexed(server.app, a, 120_000)));
    const proof = await listBody(parent, anvils[0].chainId);
    const ask = async (vars: Record<string, unknown>) => {
      const r = await server.graphql(QUERY, { ...proof, ...vars }, key);
      if (r.status !== 200 || r.body.errors) throw new Error(`portfolio: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
      return r.body.data.portfolio;
    };
    const scenarios = {
      'one-wallet-one-chain': () => ask({ chainIds: ['31337'], walletAddresses: [parent.address] }),
      'five-wallets-three-chains': () => ask({}),
    };
    // The answers are what they should be before anything is timed.
    const one = await scenarios['one-wallet-one-chain']();
    const all = await scenarios['five-wallets-three-chains']();
    const rows = (p: { chains: Array<{ errorReason: string | null; balances: unknown[] }> }) => p.chains.reduce((n, c) => n + c.balances.length, 0);
    if (all.chains.length !== 3 || all.chains.some((c: { errorReason: string | null }) => c.errorReason) || rows(all) !== rows(one) * 15) {
      throw new Error(`unexpected portfolio: ${JSON.stringify(all).slice(0, 500)}`);
    }
    print({ rows: { oneWalletOneChain: rows(one), fiveWalletsThreeChains: rows(all), holdings: all.holdings.length, historyPage: all.history.transactions.length } });

    const summary = await timeInterleaved(scenarios, { rounds, calls, warmup });
    for (const line of scenarioLines(summary)) print(line);
    print({
      summary: true,
      dialect: dialectName(),
      tokens,
      calls: rounds * calls,
      fiveOverOneP50: round(summary['five-wallets-three-chains'].p50 / summary['one-wallet-one-chain'].p50, 2),
      loadAverage: loadAverage(),
    });
  } finally {
    await server.stop();
    await Promise.all(anvils.map((a) => a.stop()));
  }
};

runBench(main);
