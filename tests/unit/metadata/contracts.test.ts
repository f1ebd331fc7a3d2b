// Contract info pieces without a chain: backoff, contractURI mapping, stored extensions, admin check, jobs.
import { createBackgroundJobs, waitAtMost } from '../../../src/domain/metadata-fetch/background';
import { RETRY_MAX_MS, retryDelayMs } from '../../../src/domain/metadata-fetch/backoff';
import { requireAdmin } from '../../../src/domain/auth/admin';
import { extensionsFromContractDocument } from '../../../src/domain/contracts/contract-uri';
import { contractInfoFromRow, parseStoredExtensions } from '../../../src/domain/contracts/rows';
import { searchQueryOf } from '../../../src/domain/contracts/search';
import { createChainsService } from '../../../src/domain/chains';
import type { ContractRow } from '../../../src/db';

const chains = createChainsService({
  chains: [
    { chainId: 1, name: 'main', endpoints: [{ url: 'http://x', maxConcurrency: 1, maxRequestsPerSecond: null, maxBlockRange: null }], maxLagBlocks: 10, headProbeMs: 15_000, contracts: null, startBlock: 0, confirmations: 12, maxConcurrency: 1, maxLogRange: 1 },
    { chainId: 137, name: 'polygon', endpoints: [{ url: 'http://y', maxConcurrency: 1, maxRequestsPerSecond: null, maxBlockRange: null }], maxLagBlocks: 10, headProbeMs: 15_000, contracts: null, startBlock: 0, confirmations: 12, maxConcurrency: 1, maxLogRange: 1 },
  ],
});

describe('retry backoff', () => {
  it('doubles from one minute and stops at a day', () => {
    expect([1, 2, 3, 4].map((n) => retryDelayMs(n))).toEqual([60_000, 120_000, 240_000, 480_000]);
    expect(retryDelayMs(11)).toBe(60_000 * 1024);
    expect(retryDelayMs(12)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(1_000_000)).toBe(RETRY_MAX_MS);
    expect(retryDelayMs(0)).toBe(60_000);
  });
});

describe('contractURI documents', () => {
  it('maps name, description, image and external_link onto extensions', () => {
    expect(extensionsFromContractDocument({ name: 'Cats', description: 'meow', image: 'ipfs://Qm/1.png', external_link: 'https://cats.example' })).toEqual({
      ogName: 'Cats',
      description: 'meow',
      ogImage: 'ipfs://Qm/1.png',
      link: 'https://cats.example',
    });
    expect(extensionsFromContractDocument({ external_url: 'https://alt.example', image_url: 'https://img.example/a.png' })).toMatchObject({
      link: 'https://alt.example',
      ogImage: 'https://img.example/a.png',
    });
  });

  it('drops what does not fit: inline images, script URLs, non-strings, long text', () => {
    const got = extensionsFromContractDocument({
      name: 'x'.repeat(500),
      description: 42,
      image: 'data:image/png;base64,AAAA',
      external_link: 'javascript:alert(1)',
    });
    expect(got).toEqual({ ogName: 'x'.repeat(200), description: '', ogImage: '', link: '' });
    expect(extensionsFromContractDocument({ description: 'd'.repeat(6_000) }).description).toHaveLength(5_000);
    expect(() => extensionsFromContractDocument([1])).toThrow(/must be a JSON object/);
  });
});

describe('stored contracts', () => {
  const row = (extensions: string | null): ContractRow => ({
    chainId: 1,
    address: '0xabc',
    type: 'ERC721',
    name: 'N',
    symbol: 'S',
    decimals: null,
    deployed: true,
    bytecodeHash: '0x12',
    firstBlock: null,
    extensions,
    logoURI: null,
    verified: true,
    verifiedBy: null,
    blacklist: false,
    featured: false,
    refreshedAt: new Date(0),
    updatedAt: new Date(0),
  });

  it('treats NULL or garbage extensions as "not built yet" and never leaks the fetch state', () => {
    expect(parseStoredExtensions(null)).toBeNull();
    expect(parseStoredExtensions('{not json')).toBeNull();
    const stored = JSON.stringify({ link: 'https://l', description: 'd', contractURI: { uri: 'https://u', status: 'failed', attempts: 3, at: '2030-01-01T00:00:00Z' } });
    expect(parseStoredExtensions(stored)?.contractURI).toEqual({ uri: 'https://u', status: 'failed', attempts: 3, at: '2030-01-01T00:00:00Z' });
    const info = contractInfoFromRow(row(stored));
    expect(info.extensions).toEqual({
      link: 'https://l',
      description: 'd',
      ogImage: '',
      ogName: '',
      originChainId: 0,
      originAddress: '',
      blacklist: false,
      verified: true,
      verifiedBy: '',
      featured: false,
    });
    expect(contractInfoFromRow({ ...row(null), type: 'ERC777' as never }).type).toBe('UNKNOWN');
  });
});

describe('search requests', () => {
  it('resolves chains by id or name, all chains by default, and checks types', () => {
    expect(searchQueryOf(chains, { q: '  Cats ' })).toMatchObject({ text: 'cats', chainIds: [1, 137], types: [], page: { pageSize: 30, backward: false, cursor: null } });
    expect(searchQueryOf(chains, { chainId: 'polygon', chainIds: ['1', '137'], types: ['erc721', 'ERC721'], page: { last: 500, before: 'x' } })).toMatchObject({
      chainIds: [137, 1],
      types: ['ERC721'],
      page: { pageSize: 100, backward: true, cursor: 'x' },
    });
    expect(() => searchQueryOf(chains, { chainIds: ['main', 'base'] })).toThrow(expect.objectContaining({ kind: 'ChainNotFound', field: 'chainIds[1]' }));
    expect(() => searchQueryOf(chains, { types: ['ERC20', 'ERC5'] })).toThrow(expect.objectContaining({ kind: 'InvalidArgument', field: 'types[1]' }));
  });
});

describe('admin token', () => {
  it('is off without ADMIN_TOKEN, and otherwise needs exactly that bearer token', () => {
    const token = 'a'.repeat(40);
    expect(() => requireAdmin({ authorization: `Bearer ${token}` }, null)).toThrow(expect.objectContaining({ kind: 'PermissionDenied' }));
    expect(() => requireAdmin({}, token)).toThrow(expect.objectContaining({ kind: 'Unauthorized' }));
    expect(() => requireAdmin({ authorization: 'Bearer short' }, token)).toThrow(expect.objectContaining({ kind: 'PermissionDenied' }));
    expect(() => requireAdmin({ authorization: `BEARER ${token}` }, token)).not.toThrow();
  });
});

describe('background jobs', () => {
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('runs one job per key (later callers join it), never rejects, and respects the queue cap', async () => {
    const errors: string[] = [];
    const jobs = createBackgroundJobs({ concurrency: 2, maxQueued: 3, onError: (_e, key) => errors.push(key) });
    let runs = 0;
    const slow = () => sleep(30).then(() => ++runs);
    const [a, b] = [jobs.run('k', slow), jobs.run('k', slow)];
    expect(jobs.running('k')).toBe(true);
    expect(await a).toBe(1);
    expect(await b).toBe(1);
    expect(await jobs.run('bad', () => Promise.reject(new Error('boom')))).toBeUndefined();
    expect(errors).toEqual(['bad']);
    const held = [1, 2, 3].map((i) => jobs.run(`q${i}`, () => sleep(20)));
    expect(await jobs.run('q4', async () => 'ran')).toBeUndefined();
    await Promise.all(held);
    expect(jobs.size()).toBe(0);
  });

  it('waits at most the bound; after close nothing new starts', async () => {
    const jobs = createBackgroundJobs({ concurrency: 1, maxQueued: 10, onError: () => undefined });
    const long = jobs.run('long', () => sleep(300));
    const started = Date.now();
    expect(await waitAtMost([long], 50)).toBe(false);
    expect(Date.now() - started).toBeLessThan(250);
    expect(await waitAtMost([Promise.reject(new Error('x'))], 50)).toBe(true);
    const queued = jobs.run('queued', async () => 'should not run');
    await jobs.close(1_000);
    expect(await queued).toBeUndefined();
    expect(await jobs.run('after', async () => 'no')).toBeUndefined();
  });
});
