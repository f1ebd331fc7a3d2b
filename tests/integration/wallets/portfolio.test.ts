// The linked-wallet portfolio on two anvil chains: a parent with three linked wallets, every figure compared with what
// the chains themselves say (balanceOf, eth_getBalance), the merged history walked page by page, refusals, and one
// chain stopped while the other answers. Over GraphQL and API/GetPortfolio.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Contract, JsonRpcProvider, Wallet } from 'ethers';
import { ETHAuth, Proof } from '@0xsequence/ethauth';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, sendAndWait, waitForIndexed, type Tokens } from '../../helpers/chain-fixtures';
import { startTestServer, type TestServer } from '../../helpers/server';
import { eoa, linkBody, listBody, randomEoa, type Signs } from './wallet-kit';

type Chain = { anvil: Anvil; tokens: Tokens; erc20: string; erc1155: string; txs: Set<string>; nativeTx: string };

let alpha: Chain;
let beta: Chain;
let server: TestServer;
let key: Record<string, string>;
let owner: Record<string, string>;
let projectId: number;
let feed: http.Server;
const ZERO = '0x0000000000000000000000000000000000000000';
let parent: Signs & { wallet: Wallet };
let children: Array<Signs & { wallet: Wallet }>;
const wallets = () => [parent, ...children].map((w) => w.address.toLowerCase());

/** Dev accounts 3–6 (funded on every anvil): the parent and its three children. */
const signer = (anvil: Anvil, i: number) => devWallet(anvil, i);

/** Gives the four wallets different holdings on one chain (`n` varies the amounts); records every transaction they are in. */
const seedChain = async (anvil: Anvil, n: bigint): Promise<Chain> => {
  const tokens = await deployTokens(anvil);
  const [p, c1, c2, c3] = [3, 4, 5, 6].map((i) => signer(anvil, i).address);
  const txs = new Set<string>();
  const sent = async (p: Promise<{ hash: string; wait(): Promise<unknown> }>) => {
    const tx = await p;
    await tx.wait();
    txs.add(tx.hash.toLowerCase());
  };
  await sent(tokens.erc20.mint(p, 1000n * n));
  await sent(tokens.erc20.mint(c1, 250n * n));
  await sent(tokens.erc20.mint(c3, 7n * n));
  await sent(tokens.erc1155.mintBatch(c2, [1n, 2n], [5n * n, 6n * n]));
  await sent(tokens.erc1155.mint(p, 1n, 3n * n));
  // Between two of the user's own wallets.
  await sent((tokens.erc20.connect(signer(anvil, 4)) as Contract).transfer(c2, 50n * n));
  // Not the user's: must not appear in their history.
  await sendAndWait(tokens.erc20.mint(devWallet(anvil, 1).address, 99n));
  // Native coin to a child: a NATIVE transfer in its history (#41).
  const nativeSend = await devWallet(anvil, 0).sendTransaction({ to: c3, value: 10n ** 18n * n });
  await sent(Promise.resolve(nativeSend));
  return {
    anvil,
    tokens,
    erc20: (await tokens.erc20.getAddress()).toLowerCase(),
    erc1155: (await tokens.erc1155.getAddress()).toLowerCase(),
    txs,
    nativeTx: nativeSend.hash.toLowerCase(),
  };
};

beforeAll(async () => {
  const [a, b] = await Promise.all([startAnvil(), startAnvil({ chainId: 31338 })]);
  [alpha, beta] = await Promise.all([seedChain(a, 1n), seedChain(b, 3n)]);
  parent = eoa(new Wallet(signer(a, 3).privateKey));
  children = [4, 5, 6].map((i) => eoa(new Wallet(signer(a, i).privateKey)));
  // The operator's price feed: alpha's Gold at 2.5 USD and its coin at 1000, beta's Gold at 0.5; beta's coin unpriced.
  const prices = [
    { chainId: a.chainId, contractAddress: alpha.erc20, priceUSD: '2.5' },
    { chainId: a.chainId, contractAddress: ZERO, priceUSD: '1000' },
    { chainId: b.chainId, contractAddress: beta.erc20, priceUSD: '0.5' },
  ];
  feed = http.createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ prices })));
  await new Promise<void>((r) => feed.listen(0, '127.0.0.1', r));
  const feedPort = (feed.address() as AddressInfo).port;
  server = await startTestServer({
    PRICE_FEED_URL: `http://127.0.0.1:${feedPort}/prices.json`,
    PRICE_FEED_ALLOW_HOSTS: `127.0.0.1:${feedPort}`,
    CHAINS: JSON.stringify([
      { chainId: a.chainId, name: 'alpha', url: a.rpcUrl, confirmations: 1 },
      { chainId: b.chainId, name: 'beta', url: b.rpcUrl, confirmations: 1 },
    ]),
    GATEWAY_CHAIN_TIMEOUT_MS: '3000',
    GATEWAY_HEALTH_TTL_MS: '200',
  });
  const project = await server.createProject('portfolio');
  key = { 'X-Access-Key': project.accessKey };
  owner = { Authorization: `Bearer ${project.bearerToken}` };
  projectId = project.projectId;
  for (const child of children) {
    const r = await server.graphql(LINK, await linkBody(parent, child, a.chainId), key);
    expect(r.body.errors).toBeUndefined();
  }
  await Promise.all([waitForIndexed(server.app, a), waitForIndexed(server.app, b)]);
});

afterAll(async () => {
  await server?.stop();
  await new Promise((r) => feed?.close(r));
  await Promise.all([alpha?.anvil.stop(), beta?.anvil.stop()]);
});

const LINK = `mutation($signatureChainId: String!, $parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $linkedWalletAddress: String!, $linkedWalletMessage: String!, $linkedWalletSignature: String!) {
  linkWallet(signatureChainId: $signatureChainId, parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, linkedWalletAddress: $linkedWalletAddress, linkedWalletMessage: $linkedWalletMessage, linkedWalletSignature: $linkedWalletSignature) { id }
}`;

const PORTFOLIO = `query($parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $signatureChainId: String!, $chainIds: [String!], $walletAddresses: [String!], $contractStatus: ContractVerificationStatus, $first: Int, $after: String) {
  portfolio(parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, signatureChainId: $signatureChainId, chainIds: $chainIds, walletAddresses: $walletAddresses, contractStatus: $contractStatus) {
    parentWalletAddress walletAddresses
    chains { chainId errorReason nativeTotal truncated nativeBalances { accountAddress balance errorReason } balances { contractAddress accountAddress tokenId balance contractType } }
    holdings { chainId contractType contractAddress tokenId balance walletCount balances { accountAddress balance } contractInfo { name symbol } }
    history(first: $first, after: $after) { pageSize hasNextPage endCursor chains { chainId errorReason } transactions { chainId txnHash blockNumber timestamp transfers { transferType from to amounts } } }
  }
}`;

const proof = () => listBody(parent, alpha.anvil.chainId);
const ask = async (vars: Record<string, unknown> = {}, headers = key) => server.graphql(PORTFOLIO, { ...(await proof()), contractStatus: 'ALL', ...vars }, headers);

/** What the chain says each wallet holds of the two test tokens, and its native balance. */
const onChain = async (c: Chain) => {
  const provider = new JsonRpcProvider(c.anvil.rpcUrl, c.anvil.chainId, { staticNetwork: true });
  const out = new Map<string, bigint>();
  const native = new Map<string, bigint>();
  for (const w of wallets()) {
    out.set(`${c.erc20}:${w}:`, await c.tokens.erc20.balanceOf(w));
    for (const id of [1n, 2n]) out.set(`${c.erc1155}:${w}:${id}`, await c.tokens.erc1155.balanceOf(w, id));
    native.set(w, await provider.getBalance(w));
  }
  provider.destroy();
  return { tokens: out, native };
};

describe('the portfolio of a parent with three linked wallets on two chains', () => {
  it('lists every wallet’s balances as the chains hold them, and each token summed across the wallets', async () => {
    const r = await ask();
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.portfolio;
    expect(p.parentWalletAddress).toBe(parent.address.toLowerCase());
    expect(p.walletAddresses).toEqual(wallets());
    expect(p.chains.map((c: { chainId: number }) => c.chainId)).toEqual([alpha.anvil.chainId, beta.anvil.chainId]);
    for (const c of [alpha, beta]) {
      const chain = p.chains.find((x: { chainId: number }) => x.chainId === c.anvil.chainId);
      expect(chain).toMatchObject({ errorReason: null, truncated: false });
      const truth = await onChain(c);
      // Every positive on-chain balance is listed, with the chain's amount, and nothing else is.
      const listed = new Map<string, bigint>(
        chain.balances.map((b: { contractAddress: string; accountAddress: string; tokenId: string | null; balance: string }) => [
          `${b.contractAddress}:${b.accountAddress}:${b.tokenId ?? ''}`,
          BigInt(b.balance),
        ]),
      );
      expect(listed).toEqual(new Map([...truth.tokens].filter(([, v]) => v > 0n)));
      expect(chain.nativeBalances.map((n: { accountAddress: string }) => n.accountAddress)).toEqual(wallets());
      for (const n of chain.nativeBalances) expect(BigInt(n.balance)).toBe(truth.native.get(n.accountAddress));
      expect(BigInt(chain.nativeTotal)).toBe([...truth.native.values()].reduce((a, v) => a + v, 0n));
      // Holdings: each token's sum over the four wallets equals the sum of balanceOf.
      const holdings = p.holdings.filter((h: { chainId: number }) => h.chainId === c.anvil.chainId);
      const sums = new Map<string, bigint>();
      for (const [k, v] of truth.tokens) {
        const [contract, , id] = k.split(':');
        sums.set(`${contract}:${id}`, (sums.get(`${contract}:${id}`) ?? 0n) + v);
      }
      expect(new Map(holdings.map((h: { contractAddress: string; tokenId: string | null; balance: string }) => [`${h.contractAddress}:${h.tokenId ?? ''}`, BigInt(h.balance)]))).toEqual(
        new Map([...sums].filter(([, v]) => v > 0n)),
      );
      const gold = holdings.find((h: { contractAddress: string }) => h.contractAddress === c.erc20);
      expect(gold).toMatchObject({ contractType: 'ERC20', tokenId: null, walletCount: 4, contractInfo: { name: 'Gold', symbol: 'GLD' } });
    }
  });

  it('prices each holding and the whole portfolio with the operator’s feed, exactly', async () => {
    const Q = `query($parentWalletAddress: String!, $parentWalletMessage: String!, $parentWalletSignature: String!, $signatureChainId: String!) {
      portfolio(parentWalletAddress: $parentWalletAddress, parentWalletMessage: $parentWalletMessage, parentWalletSignature: $parentWalletSignature, signatureChainId: $signatureChainId, contractStatus: ALL) {
        totalUsd chains { chainId nativeTotal nativeTotalUsd } holdings { chainId contractAddress tokenId balance priceUsd balanceUsd }
      }
    }`;
    const r = await server.graphql(Q, await proof(), key);
    expect(r.body.errors).toBeUndefined();
    const p = r.body.data.portfolio;
    /** USD × 10^18 of `amount` (18 decimals) at `priceTimes10` tenths of a dollar. */
    const usd18 = (amount: bigint, priceTimes10: bigint) => (amount * priceTimes10) / 10n;
    const text18 = (v: bigint) => {
      const t = v.toString().padStart(19, '0');
      const dec = t.slice(-18).replace(/0+$/, '');
      return dec ? `${t.slice(0, -18)}.${dec}` : t.slice(0, -18);
    };
    const gold = (c: Chain) => p.holdings.find((h: { chainId: number; contractAddress: string }) => h.chainId === c.anvil.chainId && h.contractAddress === c.erc20);
    const goldAlpha = BigInt(gold(alpha).balance);
    const goldBeta = BigInt(gold(beta).balance);
    expect(gold(alpha)).toMatchObject({ priceUsd: '2.5', balanceUsd: text18(usd18(goldAlpha, 25n)) });
    expect(gold(beta)).toMatchObject({ priceUsd: '0.5', balanceUsd: text18(usd18(goldBeta, 5n)) });
    // The ERC-1155 ids have no price: they count nothing.
    expect(p.holdings.filter((h: { tokenId: string | null }) => h.tokenId !== null).every((h: { balanceUsd: string | null }) => h.balanceUsd === null)).toBe(true);
    const coinAlpha = BigInt(p.chains.find((c: { chainId: number }) => c.chainId === alpha.anvil.chainId).nativeTotal);
    expect(p.chains.find((c: { chainId: number }) => c.chainId === beta.anvil.chainId).nativeTotalUsd).toBeNull();
    expect(p.totalUsd).toBe(text18(usd18(goldAlpha, 25n) + usd18(goldBeta, 5n) + coinAlpha * 1000n));
  });

  it('merges the wallets’ history newest first across both chains, page by page under one cursor', async () => {
    const seen: Array<{ chainId: number; txnHash: string; blockNumber: number; timestamp: string }> = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r = await ask({ first: 4, after });
      expect(r.body.errors).toBeUndefined();
      const h = r.body.data.portfolio.history;
      expect(h.pageSize).toBe(4);
      expect(h.chains.every((c: { errorReason: string | null }) => c.errorReason === null)).toBe(true);
      seen.push(...h.transactions);
      after = h.endCursor;
      pages += 1;
      expect(pages).toBeLessThan(20);
    } while (after);
    const expected = new Set([...[...alpha.txs].map((t) => `${alpha.anvil.chainId}:${t}`), ...[...beta.txs].map((t) => `${beta.anvil.chainId}:${t}`)]);
    expect(seen.map((t) => `${t.chainId}:${t.txnHash}`).sort()).toEqual([...expected].sort());
    expect(pages).toBe(Math.ceil(expected.size / 4));
    // Newest first across chains; within a chain, by block, newest first.
    for (let i = 1; i < seen.length; i++) expect(Date.parse(seen[i].timestamp)).toBeLessThanOrEqual(Date.parse(seen[i - 1].timestamp));
    for (const chainId of [alpha.anvil.chainId, beta.anvil.chainId]) {
      const blocks = seen.filter((t) => t.chainId === chainId).map((t) => t.blockNumber);
      expect(blocks).toEqual([...blocks].sort((x, y) => y - x));
    }
  });

  it('counts only the chosen wallets, refuses a wallet that is not linked, and defaults to VERIFIED contracts', async () => {
    const two = [parent.address, children[1].address];
    const r = await ask({ walletAddresses: two, chainIds: ['alpha'] });
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.portfolio.walletAddresses).toEqual(two.map((a) => a.toLowerCase()));
    expect(r.body.data.portfolio.chains.map((c: { chainId: number }) => c.chainId)).toEqual([alpha.anvil.chainId]);
    const accounts = new Set(r.body.data.portfolio.chains[0].balances.map((b: { accountAddress: string }) => b.accountAddress));
    expect(accounts).toEqual(new Set(two.map((a) => a.toLowerCase())));

    const stranger = await ask({ walletAddresses: [parent.address, randomEoa().address] });
    expect(stranger.body.data.portfolio).toBeNull();
    expect(stranger.body.errors[0].extensions).toMatchObject({ code: 'PERMISSION_DENIED', field: 'walletAddresses' });

    // The test tokens are in no token list and not flagged: the default counts none of them. The native coin counts
    // as verified: its sends to a child stay in the history (one per chain).
    const verified = await server.graphql(PORTFOLIO, { ...(await proof()) }, key);
    expect(verified.body.errors).toBeUndefined();
    expect(verified.body.data.portfolio.holdings).toEqual([]);
    expect(verified.body.data.portfolio.history.transactions.map((t: { txnHash: string }) => t.txnHash).sort()).toEqual([alpha.nativeTx, beta.nativeTx].sort());
  });

  it('refuses an unproven caller and shows another project nothing of this one’s links', async () => {
    const forged = await server.graphql(PORTFOLIO, { ...(await proof()), parentWalletSignature: await children[0].sign(`parent wallet with address ${parent.address}`) }, key);
    expect(forged.body.data.portfolio).toBeNull();
    expect(forged.body.errors[0].extensions).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'parentWalletSignature' });

    const noKey = await server.graphql(PORTFOLIO, { ...(await proof()) });
    expect(noKey.body.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED' });

    const other = { 'X-Access-Key': (await server.createProject('someone else')).accessKey };
    const r = await ask({}, other);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.portfolio.walletAddresses).toEqual([parent.address.toLowerCase()]);
    const linked = await ask({ walletAddresses: [children[0].address] }, other);
    expect(linked.body.errors[0].extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
  });

  it('takes the parent’s session token (GetAuthToken) in place of its signature, and only the parent’s', async () => {
    const sessionOf = async (w: Wallet) => {
      const proof = new Proof({ address: w.address.toLowerCase() });
      proof.claims.app = 'Portfolio test';
      proof.setIssuedAtNow();
      proof.setExpiryIn(600);
      proof.signature = await w.signMessage(proof.messageDigest());
      const ewtString = await new ETHAuth().encodeProof(proof, true);
      const r = await server.graphql(`mutation($e: String!) { createWalletSession(ewtString: $e) { token } }`, { e: ewtString }, key);
      expect(r.body.errors).toBeUndefined();
      return { ...key, Authorization: `Bearer ${r.body.data.createWalletSession.token}` };
    };
    const SESSION = `query($parentWalletAddress: String!) { portfolio(parentWalletAddress: $parentWalletAddress, contractStatus: ALL) { walletAddresses holdings { chainId contractAddress tokenId balance } } }`;
    const viaProof = (await ask()).body.data.portfolio;
    const r = await server.graphql(SESSION, { parentWalletAddress: parent.address }, await sessionOf(parent.wallet));
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.portfolio.walletAddresses).toEqual(wallets());
    expect(r.body.data.portfolio.holdings).toEqual(viaProof.holdings.map(({ chainId, contractAddress, tokenId, balance }: Record<string, unknown>) => ({ chainId, contractAddress, tokenId, balance })));

    const childSession = await sessionOf(children[0].wallet);
    const denied = await server.graphql(SESSION, { parentWalletAddress: parent.address }, childSession);
    expect(denied.body.errors[0].extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    const rpc = await server.rpc('API/GetPortfolio', { parentWalletAddress: parent.address, contractStatus: 'ALL' }, await sessionOf(parent.wallet));
    expect(rpc.status).toBe(200);
    expect(rpc.body.portfolio.walletAddresses).toEqual(wallets());
  });

  it('answers API/GetPortfolio in the published clients’ field names', async () => {
    const r = await server.rpc('API/GetPortfolio', { ...(await proof()), chainIds: [alpha.anvil.chainId], contractStatus: 'ALL', historyPage: { pageSize: 3 } }, key);
    expect(r.status).toBe(200);
    const p = r.body.portfolio;
    expect(p.walletAddresses).toEqual(wallets());
    expect(p.chains).toHaveLength(1);
    expect(p.chains[0]).toMatchObject({ chainId: alpha.anvil.chainId, truncated: false, nativeTotal: expect.any(String) });
    expect(p.chains[0].errorReason).toBeUndefined();
    const item = p.holdings.find((h: { tokenID?: string }) => h.tokenID === '1');
    expect(item).toMatchObject({ contractType: 'ERC1155', contractAddress: alpha.erc1155, balance: String(5n + 3n), walletCount: 2 });
    expect(p.history.page).toMatchObject({ pageSize: 3, more: true, after: expect.any(String) });
    expect(p.history.transactions).toHaveLength(3);

    const bad = await server.rpc('API/GetPortfolio', { ...(await proof()), contractStatus: 'SOMETIMES' }, key);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: expect.any(String), msg: expect.stringMatching(/contractStatus/) });
  });

  it('gives the project’s owner the family of any of its wallets without a proof, and no other project', async () => {
    const OWNER = `query($walletAddress: String!, $projectId: Int) {
      projectPortfolio(walletAddress: $walletAddress, projectId: $projectId, contractStatus: ALL) {
        parentWalletAddress walletAddresses holdings { chainId contractAddress tokenId balance } history(first: 100) { transactions { txnHash } }
      }
    }`;
    const viaProof = (await ask()).body.data.portfolio;
    const r = await server.graphql(OWNER, { walletAddress: children[2].address }, owner);
    expect(r.body.errors).toBeUndefined();
    expect(r.body.data.projectPortfolio.parentWalletAddress).toBe(parent.address.toLowerCase());
    expect(r.body.data.projectPortfolio.walletAddresses).toEqual(wallets());
    expect(r.body.data.projectPortfolio.holdings).toEqual(viaProof.holdings.map(({ chainId, contractAddress, tokenId, balance }: Record<string, unknown>) => ({ chainId, contractAddress, tokenId, balance })));
    expect(r.body.data.projectPortfolio.history.transactions).toHaveLength(alpha.txs.size + beta.txs.size);

    // An unlinked wallet is a family of one.
    const lone = randomEoa().address;
    expect((await server.graphql(OWNER, { walletAddress: lone }, owner)).body.data.projectPortfolio.walletAddresses).toEqual([lone.toLowerCase()]);

    const other = await server.createProject('another owner');
    const theirs = await server.graphql(OWNER, { walletAddress: children[2].address }, { Authorization: `Bearer ${other.bearerToken}` });
    expect(theirs.body.data.projectPortfolio.walletAddresses).toEqual([children[2].address.toLowerCase()]);
    const named = await server.graphql(OWNER, { walletAddress: parent.address, projectId }, {
      Authorization: `Bearer ${other.bearerToken}`,
    });
    expect(named.body.errors[0].extensions).toMatchObject({ code: 'PERMISSION_DENIED' });
    // An access key is not an owner.
    expect((await server.graphql(OWNER, { walletAddress: parent.address }, key)).body.errors[0].extensions).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('answers the chain that runs when the other one stops', async () => {
    await beta.anvil.stop();
    const r = await ask();
    expect(r.body.errors).toBeUndefined();
    const [a, b] = r.body.data.portfolio.chains;
    expect(a).toMatchObject({ chainId: alpha.anvil.chainId, errorReason: null });
    expect(a.balances.length).toBeGreaterThan(0);
    expect(b).toMatchObject({ chainId: beta.anvil.chainId, errorReason: expect.any(String), balances: [], nativeBalances: [] });
    expect(r.body.data.portfolio.holdings.every((h: { chainId: number }) => h.chainId === alpha.anvil.chainId)).toBe(true);
    const h = r.body.data.portfolio.history;
    expect(h.chains.find((c: { chainId: number }) => c.chainId === beta.anvil.chainId).errorReason).toEqual(expect.any(String));
    expect(h.transactions.every((t: { chainId: number }) => t.chainId === alpha.anvil.chainId)).toBe(true);
  });
});
