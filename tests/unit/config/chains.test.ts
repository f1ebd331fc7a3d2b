// CHAINS with several endpoints per chain: JSON `urls` (strings or objects with limits) and the short form `a|b`.
import { parseChains } from '../../../src/config/chains';

it('reads one url as one endpoint with the chain’s concurrency and no limits of its own', () => {
  const { chains, problems } = parseChains('[{"chainId":1,"url":"https://a.example/rpc","maxConcurrency":4}]');
  expect(problems).toEqual([]);
  expect(chains[0]).toMatchObject({
    maxLagBlocks: 10,
    endpoints: [{ url: 'https://a.example/rpc', maxConcurrency: 4, maxRequestsPerSecond: null, maxBlockRange: null }],
  });
});

it('reads urls as strings or objects with per-endpoint limits, preferred first', () => {
  const { chains, problems } = parseChains(
    JSON.stringify([
      {
        chainId: 1,
        urls: ['wss://a.example/ws', { url: 'https://b.example/rpc', maxRequestsPerSecond: 25, maxBlockRange: 2000, maxConcurrency: 2 }],
        maxLagBlocks: 5,
      },
    ]),
  );
  expect(problems).toEqual([]);
  expect(chains[0].maxLagBlocks).toBe(5);
  expect(chains[0].endpoints).toEqual([
    { url: 'wss://a.example/ws', maxConcurrency: 8, maxRequestsPerSecond: null, maxBlockRange: null },
    { url: 'https://b.example/rpc', maxConcurrency: 2, maxRequestsPerSecond: 25, maxBlockRange: 2000 },
  ]);
});

it('reads a|b in the short form', () => {
  const { chains, problems } = parseChains('1:main=https://a.example/rpc|https://b.example/rpc,137=wss://p.example/ws');
  expect(problems).toEqual([]);
  expect(chains.map((c) => c.endpoints.map((e) => e.url))).toEqual([['https://a.example/rpc', 'https://b.example/rpc'], ['wss://p.example/ws']]);
});

it.each([
  ['both url and urls', '[{"chainId":1,"url":"https://a.example","urls":["https://b.example"]}]', /give either url or urls/],
  ['neither', '[{"chainId":1}]', /give either url or urls/],
  ['an empty urls', '[{"chainId":1,"urls":[]}]', /urls needs at least one endpoint/],
  ['a bad endpoint url', '[{"chainId":1,"urls":["https://a.example","ftp://b"]}]', /CHAINS\[0\]\.urls\.1/],
  ['an unknown endpoint field', '[{"chainId":1,"urls":[{"url":"https://a.example","rps":3}]}]', /CHAINS\[0\]\.urls\.0/],
  ['a bad url in the short form', '1=https://a.example|ftp://b', /url must be http/],
])('refuses %s', (_name, raw, message) => {
  const { chains, problems } = parseChains(raw);
  expect(chains).toEqual([]);
  expect(problems.join('\n')).toMatch(message);
});
