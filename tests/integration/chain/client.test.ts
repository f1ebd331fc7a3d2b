import http from 'node:http';
import v8 from 'node:v8';
import vm from 'node:vm';
import type { AddressInfo } from 'node:net';
import type { Contract } from 'ethers';
import WebSocket, { WebSocketServer } from 'ws';
import { startAnvil, devWallet, type Anvil } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { createChainClient, type ChainClient, type ChainClientOptions } from '../../../src/chain/client';
import { createWsTransport } from '../../../src/chain/transport-ws';
import {
  ChainIdMismatchError,
  ChainRequestError,
  LogRangeTooLargeError,
  RetryableChainError,
} from '../../../src/chain/errors';
import { TRANSFER_TOPICS } from '../../../src/chain/decode-transfers';
import type { Head } from '../../../src/chain/types';
import { PATIENCE_MS } from '../../helpers/patience';

/** What the proxy does with one request: pass it on, fail at the HTTP level, drop it, or answer a JSON-RPC error. */
type Action =
  | { kind: 'pass'; delayMs?: number }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'drop' }
  | { kind: 'rpc-error'; code: number; message: string };

/** A JSON-RPC proxy on 127.0.0.1 in front of anvil that follows a script and counts what it sees. */
const startProxy = async (upstream: string) => {
  const script: Action[] = [];
  const byMethod: Record<string, Action[]> = {};
  const seen: string[] = [];
  let inFlight = 0;
  let maxInFlight = 0;
  let defaultDelayMs = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString();
    const payload = JSON.parse(body) as { id: number; method: string };
    seen.push(payload.method);
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    try {
      const action: Action = byMethod[payload.method]?.shift() ?? script.shift() ?? { kind: 'pass' };
      if (action.kind === 'drop') return req.socket.destroy();
      if (action.kind === 'status') return res.writeHead(action.status).end(action.body ?? 'nope');
      if (action.kind === 'rpc-error') {
        return res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ jsonrpc: '2.0', id: payload.id, error: { code: action.code, message: action.message } }));
      }
      const delay = action.delayMs ?? defaultDelayMs;
      if (delay) await new Promise((r) => setTimeout(r, delay));
      const upstreamRes = await fetch(upstream, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      res.writeHead(upstreamRes.status, { 'content-type': 'application/json' }).end(await upstreamRes.text());
    } catch {
      res.destroy();
    } finally {
      inFlight--;
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    script,
    byMethod,
    seen,
    setDelay: (ms: number) => (defaultDelayMs = ms),
    maxInFlight: () => maxInFlight,
    inFlight: () => inFlight,
    reset: () => {
      script.length = 0;
      for (const k of Object.keys(byMethod)) delete byMethod[k];
      seen.length = 0;
      maxInFlight = 0;
      defaultDelayMs = 0;
    },
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
};

/** A WebSocket proxy in front of anvil whose client connections can be cut on demand. */
const startWsProxy = async (upstream: string) => {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const pairs = new Set<{ client: WebSocket; up: WebSocket }>();
  wss.on('connection', (client) => {
    const up = new WebSocket(upstream);
    const pending: WebSocket.RawData[] = [];
    const pair = { client, up };
    pairs.add(pair);
    up.on('open', () => pending.splice(0).forEach((m) => up.send(m.toString())));
    up.on('message', (m) => client.readyState === WebSocket.OPEN && client.send(m.toString()));
    client.on('message', (m) => (up.readyState === WebSocket.OPEN ? up.send(m.toString()) : pending.push(m)));
    const end = () => (pairs.delete(pair), client.terminate(), up.terminate());
    client.on('close', end);
    up.on('close', end);
    client.on('error', () => undefined);
    up.on('error', () => undefined);
  });
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}`,
    connections: () => pairs.size,
    dropAll: () => [...pairs].forEach((p) => p.client.terminate()),
    close: () => new Promise<void>((r) => (pairs.forEach((p) => p.client.terminate()), wss.close(() => r()))),
  };
};

const waitFor = async (cond: () => boolean, timeoutMs = 10_000): Promise<void> => {
  const deadline = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('chain client against anvil', () => {
  let anvil: Anvil;
  let proxy: Awaited<ReturnType<typeof startProxy>>;
  let direct: ChainClient;
  let nft: Contract;
  let mintTx: string;
  const clients: ChainClient[] = [];

  const client = async (o: Partial<ChainClientOptions> = {}) => {
    const c = await createChainClient({ chainId: anvil.chainId, url: proxy.url, retryMinDelayMs: 5, timeoutMs: 5_000, ...o });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 });
    proxy = await startProxy(anvil.rpcUrl);
    direct = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl });
    const signer = devWallet(anvil, 0);
    nft = await deployContract(signer, 'TestERC721.sol', 'TestERC721', ['Strata Test', 'STT']);
    mintTx = (await (await nft.mint(await signer.getAddress(), 7n)).wait())!.hash;
  });

  afterEach(() => proxy.reset());

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await direct?.close();
    await proxy?.close();
    await anvil?.stop();
  });

  describe('startup', () => {
    it('refuses a node that serves another chain', async () => {
      const err = await createChainClient({ chainId: 1, url: anvil.rpcUrl }).catch((e) => e);
      expect(err).toBeInstanceOf(ChainIdMismatchError);
      expect(err.message).toMatch(/configured 1.*reports 31337/);
    });

    it('rejects URLs that are neither http nor ws', async () => {
      await expect(createChainClient({ chainId: 1, url: 'ftp://127.0.0.1/x' })).rejects.toThrow(/scheme/);
    });
  });

  describe('eth_* helpers return validated plain values', () => {
    it('reads blocks, transactions, receipts, logs, code and balances', async () => {
      const head = await direct.eth_blockNumber();
      expect(head).toBeGreaterThanOrEqual(2);

      const receipt = (await direct.eth_getTransactionReceipt(mintTx))!;
      expect(receipt).toMatchObject({ status: 1, transactionHash: mintTx, to: (await nft.getAddress()).toLowerCase() });
      expect(typeof receipt.gasUsed).toBe('bigint');
      expect(receipt.logs).toHaveLength(1);

      const block = (await direct.eth_getBlockByNumber(receipt.blockNumber))!;
      expect(block.transactions).toEqual([mintTx]);
      expect(block.hash).toBe(receipt.blockHash);
      expect(block.hash).toMatch(/^0x[0-9a-f]{64}$/);
      const byHash = (await direct.eth_getBlockByHash(block.hash, true))!;
      expect(byHash.transactions[0]).toMatchObject({ hash: mintTx, blockNumber: block.number, transactionIndex: 0 });
      expect(byHash.parentHash).toBe((await direct.eth_getBlockByNumber(block.number - 1))!.hash);
      expect(await direct.eth_getBlockByNumber(10_000_000)).toBeNull();
      expect((await direct.eth_getBlockByNumber('finalized'))!.number).toBeGreaterThanOrEqual(0);

      const tx = (await direct.eth_getTransactionByHash(mintTx))!;
      expect(tx).toMatchObject({ hash: mintTx, from: receipt.from, value: 0n, chainId: 31337 });
      expect(await direct.eth_getTransactionByHash('0x' + '00'.repeat(32))).toBeNull();
      expect(await direct.eth_getTransactionReceipt('0x' + '00'.repeat(32))).toBeNull();

      const logs = await direct.eth_getLogs({ fromBlock: 0, toBlock: 'latest', address: await nft.getAddress(), topics: [TRANSFER_TOPICS] });
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ transactionHash: mintTx, logIndex: 0, removed: false, blockNumber: block.number });

      expect(await direct.eth_getBlockReceipts(block.number)).toEqual([receipt]);
      expect(await direct.eth_getCode(receipt.from)).toBe('0x');
      expect((await direct.eth_getCode(await nft.getAddress())).length).toBeGreaterThan(100);
      expect(await direct.eth_getBalance(receipt.from, 0)).toBe(10_000n * 10n ** 18n);
    });

    it('rejects bad arguments before reaching the node', async () => {
      await expect(direct.eth_getBlockByNumber(-1)).rejects.toThrow(RangeError);
      await expect(direct.eth_getCode('not-an-address')).rejects.toThrow(TypeError);
    });
  });

  describe('retries', () => {
    it('retries 429, 502 and dropped connections, then succeeds', async () => {
      const c = await client();
      proxy.reset();
      proxy.script.push({ kind: 'status', status: 429 }, { kind: 'status', status: 502 }, { kind: 'drop' }, { kind: 'status', status: 503 });
      expect(await c.eth_blockNumber()).toBe(await direct.eth_blockNumber());
      expect(proxy.seen).toEqual(['eth_blockNumber', 'eth_blockNumber', 'eth_blockNumber', 'eth_blockNumber', 'eth_blockNumber']);
    });

    it('retries a timed-out attempt', async () => {
      const c = await client({ timeoutMs: 200 });
      proxy.reset();
      proxy.script.push({ kind: 'pass', delayMs: 1_000 });
      expect(await c.eth_chainId()).toBe(31337);
      expect(proxy.seen).toHaveLength(2);
    });

    it('gives up after the configured retries with a RetryableChainError', async () => {
      const c = await client({ retries: 2 });
      proxy.reset();
      for (let i = 0; i < 5; i++) proxy.script.push({ kind: 'status', status: 502 });
      const err = await c.eth_blockNumber().catch((e) => e);
      expect(err).toBeInstanceOf(RetryableChainError);
      expect(err).toMatchObject({ reason: 'server-error', status: 502 });
      expect(proxy.seen).toHaveLength(3);
    });

    it('does not retry a revert, and keeps the node message and revert data', async () => {
      const c = await client();
      proxy.reset();
      const data = nft.interface.encodeFunctionData('ownerOf', [999n]);
      const err = await c.eth_call({ to: await nft.getAddress(), data }).catch((e) => e);
      expect(err).toBeInstanceOf(ChainRequestError);
      expect(err.nodeMessage).toMatch(/revert/i);
      expect(err.data).toMatch(/^0x7e273289/); // ERC721NonexistentToken(uint256)
      expect(proxy.seen).toEqual(['eth_call']);
    });

    it('does not retry invalid params', async () => {
      const c = await client();
      proxy.reset();
      await expect(c.request('eth_getBlockByNumber', ['not-a-block', false])).rejects.toBeInstanceOf(ChainRequestError);
      expect(proxy.seen).toEqual(['eth_getBlockByNumber']);
    });
  });

  it('never has more than maxConcurrency requests in flight at the node', async () => {
    const c = await client({ maxConcurrency: 3 });
    await waitFor(() => proxy.inFlight() === 0); // an earlier test's abandoned slow request
    proxy.reset();
    proxy.setDelay(40);
    const results = await Promise.all(Array.from({ length: 20 }, () => c.eth_blockNumber()));
    expect(new Set(results).size).toBe(1);
    expect(proxy.seen).toHaveLength(20);
    expect(proxy.maxInFlight()).toBe(3);
  });

  it('reports a getLogs range the node refuses, without retrying', async () => {
    const c = await client();
    proxy.reset();
    proxy.byMethod.eth_getLogs = [{ kind: 'rpc-error', code: -32005, message: 'query returned more than 10000 results' }];
    const err = await c.eth_getLogs({ fromBlock: 0, toBlock: 'latest' }).catch((e) => e);
    expect(err).toBeInstanceOf(LogRangeTooLargeError);
    expect(err.nodeMessage).toBe('query returned more than 10000 results');
    proxy.byMethod.eth_getLogs = [
      {
        kind: 'status',
        status: 400,
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code: -32602, message: 'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range' } }),
      },
    ];
    await expect(c.eth_getLogs({ fromBlock: 0, toBlock: 'latest' })).rejects.toBeInstanceOf(LogRangeTooLargeError);
    expect(proxy.seen).toEqual(['eth_getLogs', 'eth_getLogs']);
    expect(await c.eth_getLogs({ fromBlock: 0, toBlock: 'latest' })).toHaveLength(1);
  });

  it('returns null from eth_getBlockReceipts when the node lacks it, and stops asking', async () => {
    const c = await client();
    proxy.reset();
    proxy.byMethod.eth_getBlockReceipts = [{ kind: 'rpc-error', code: -32601, message: 'the method eth_getBlockReceipts does not exist/is not available' }];
    expect(await c.eth_getBlockReceipts(1)).toBeNull();
    expect(await c.eth_getBlockReceipts(1)).toBeNull();
    expect(proxy.seen).toEqual(['eth_getBlockReceipts']);
  });

  describe('subscribeNewHeads', () => {
    const collect = async (c: ChainClient) => {
      const heads: Head[] = [];
      const unsubscribe = await c.subscribeNewHeads((h) => void heads.push(h));
      return { heads, unsubscribe };
    };

    const expectChain = async (heads: Head[], from: number) => {
      expect(heads.map((h) => h.number)).toEqual([from + 1, from + 2]);
      expect(heads[1].parentHash).toBe(heads[0].hash);
      expect(heads[1].hash).toBe((await direct.eth_getBlockByNumber(from + 2))!.hash);
    };

    it('follows heads over ws with eth_subscribe', async () => {
      const c = await createChainClient({ chainId: anvil.chainId, url: anvil.wsUrl });
      clients.push(c);
      const start = await c.eth_blockNumber();
      const { heads, unsubscribe } = await collect(c);
      await anvil.rpc('evm_mine');
      await anvil.rpc('evm_mine');
      await waitFor(() => heads.length >= 2);
      await expectChain(heads, start);
      await unsubscribe();
      await anvil.rpc('evm_mine');
      await new Promise((r) => setTimeout(r, 200));
      expect(heads).toHaveLength(2);
    });

    it('keeps nothing of an answer over ws once the caller lets go of it', async () => {
      // Every request used to be raced against a promise pending for the connection's life, whose reactions held each
      // answer until the socket closed: `strata serve` following a busy head over ws grew by every block it read.
      v8.setFlagsFromString('--expose-gc');
      const collect = vm.runInNewContext('gc') as () => void;
      const transport = createWsTransport({ url: anvil.wsUrl, chainId: anvil.chainId, timeoutMs: 5_000, logger: { debug: () => undefined, warn: () => undefined } });
      try {
        const refs: Array<WeakRef<object>> = [];
        for (let i = 0; i < 5; i++) refs.push(new WeakRef((await transport.request('eth_getBlockByNumber', ['0x0', true], 5_000)) as object));
        await new Promise((r) => setImmediate(r));
        collect();
        expect(refs.filter((r) => r.deref() !== undefined)).toHaveLength(0);
        // The connection still serves.
        expect(await transport.request('eth_blockNumber', [], 5_000)).toMatch(/^0x/);
      } finally {
        await transport.close();
      }
    });

    it('follows heads over http by polling', async () => {
      const c = await createChainClient({ chainId: anvil.chainId, url: anvil.rpcUrl, pollIntervalMs: 25 });
      clients.push(c);
      const start = await c.eth_blockNumber();
      const { heads, unsubscribe } = await collect(c);
      await anvil.rpc('evm_mine');
      await waitFor(() => heads.length >= 1);
      await anvil.rpc('evm_mine');
      await waitFor(() => heads.length >= 2);
      await expectChain(heads, start);
      await unsubscribe();
      await anvil.rpc('evm_mine');
      await new Promise((r) => setTimeout(r, 150));
      expect(heads).toHaveLength(2);
    });

    it('survives a dropped websocket: requests are retried and the subscription is restored', async () => {
      const wsProxy = await startWsProxy(anvil.wsUrl);
      try {
        const c = await createChainClient({ chainId: anvil.chainId, url: wsProxy.url, retryMinDelayMs: 50 });
        clients.push(c);
        const { heads } = await collect(c);
        await anvil.rpc('evm_mine');
        await waitFor(() => heads.length === 1);

        wsProxy.dropAll();
        expect(await c.eth_chainId()).toBe(31337);
        await waitFor(() => wsProxy.connections() === 1);
        // The subscription is restored in the background; mine until a head arrives through it.
        for (const started = Date.now(); Date.now() - started < PATIENCE_MS && heads.length < 2; ) {
          await anvil.rpc('evm_mine');
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(heads.length).toBeGreaterThanOrEqual(2);
        expect(heads[heads.length - 1].number).toBe(await c.eth_blockNumber());
        await c.close();
      } finally {
        await wsProxy.close();
      }
    });
  });
});
