// A body over MAX_BODY_BYTES, from a client that sends all of it and asks the connection to close after the answer:
// the client reads the webrpc error (or GraphQL error), never a connection reset. The bodies the error-hygiene probes
// sent (#48): one argument repeated 1,000-100,000 times on the routes that reset, and a plain oversized body.
import http from 'node:http';
import { startTestServer, type TestServer } from '../../helpers/server';

let server: TestServer;
let key: string;

beforeAll(async () => {
  server = await startTestServer({ CHAINS: '31337:seeded=http://127.0.0.1:9', MAX_BODY_BYTES: '65536' }, { index: false });
  key = (await server.createProject('oversized')).accessKey;
});
afterAll(async () => {
  await server?.stop();
});

/** POSTs all of `body` with `Connection: close`; resolves with the answer, or with the socket error the client met. */
const post = (path: string, body: Buffer, chunked = false) =>
  new Promise<{ status?: number; body?: string; error?: string }>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Access-Key': key, Connection: 'close', ...(chunked ? {} : { 'Content-Length': String(body.length) }) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    // In pieces a millisecond apart, as a client streams a large body: the answer is ready long before the last piece.
    let i = 0;
    const next = () => {
      if (i >= body.length) return void req.end();
      const piece = body.subarray(i, (i += 16_384));
      if (!req.destroyed) req.write(piece);
      setTimeout(next, 1);
    };
    next();
  });

const repeated = (field: string, element: unknown, times: number, rest: Record<string, unknown> = {}) =>
  Buffer.from(JSON.stringify({ ...rest, [field]: Array.from({ length: times }, () => element) }));

const ROUTES: Array<[string, (n: number) => Buffer]> = [
  ['/rpc/Metadata/GetTokenMetadataPropertyFilters', (n) => repeated('excludeProperties', 'trait', n, { chainID: '31337', contractAddress: `0x${'11'.repeat(20)}` })],
  ['/rpc/Metadata/SearchTokenMetadataTokenIDs', (n) => repeated('tokenIDs', '1', n, { chainID: '31337', contractAddress: `0x${'11'.repeat(20)}` })],
  ['/rpc/Admin/GetContractInfoOverrides', (n) => repeated('contractAddresses', `0x${'11'.repeat(20)}`, n, { chainID: '31337' })],
  ['/rpc/IndexerGateway/GetTransactionHistory', (n) => repeated('chainIds', 31337, n, { filter: { accountAddress: `0x${'22'.repeat(20)}` } })],
];

it.each(ROUTES)('%s: a repeated element ×1,000 / ×10,000 / ×100,000 gets its answer or a webrpc error, never a reset', async (path, bodyOf) => {
  const over: number[] = [];
  for (const n of [1_000, 10_000, 100_000]) {
    const body = bodyOf(n);
    const answer = await post(path, body);
    expect({ n, bytes: body.length, error: answer.error }).toEqual({ n, bytes: body.length, error: undefined });
    const parsed = JSON.parse(answer.body!);
    if (body.length <= 65_536) {
      // Within the cap: the method's own answer, or its own refusal of the arguments, in the webrpc form.
      if (answer.status !== 200) expect(parsed).toMatchObject({ error: expect.any(String), code: expect.any(Number), msg: expect.any(String) });
      continue;
    }
    over.push(n);
    expect({ status: answer.status, error: parsed.error, cause: parsed.cause }).toEqual({ status: 400, error: 'WebrpcBadRequest', cause: expect.stringMatching(/exceeds 65536 bytes/) });
  }
  // The larger bodies are past the cap on every route.
  expect(over).toContain(100_000);
});

it('answers an oversized body sent without Content-Length (chunked) with the webrpc error too', async () => {
  const answer = await post('/rpc/Admin/GetContractInfoOverrides', repeated('contractAddresses', `0x${'11'.repeat(20)}`, 20_000, { chainID: '31337' }), true);
  expect(answer.error).toBeUndefined();
  expect(answer.status).toBe(400);
  expect(JSON.parse(answer.body!).cause).toMatch(/exceeds 65536 bytes/);
});
