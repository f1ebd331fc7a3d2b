// Token metadata pieces without a chain: request validation and limits, rows to TokenMetadata, RPC renaming.
import { createChainsService } from '../../../src/domain/chains';
import { metadataFromCollectionToken, metadataFromRow } from '../../../src/domain/token-metadata/rows';
import { batchKeysOf, tokenKeysOf } from '../../../src/domain/token-metadata/validate-request';
import { contractInfoOut, contractTokenMapIn, metadataTokenOut, searchContractsIn } from '../../../src/rpc/wire/metadata';
import type { TokenMetadataRow } from '../../../src/db';
import { SEARCH_PAGE } from '../../../src/domain/contracts/search';
import { offsetCursor } from '../../../src/domain/paging';

const chains = createChainsService({
  chains: [{ chainId: 5, name: 'five', endpoints: [{ url: 'http://x', maxConcurrency: 1, maxRequestsPerSecond: null, maxBlockRange: null }], maxLagBlocks: 10, headProbeMs: 15_000, contracts: null, startBlock: 0, confirmations: 12, maxConcurrency: 1, maxLogRange: 1 }],
});
const A = '0x' + 'aa'.repeat(20);
const B = '0x' + 'bb'.repeat(20);

describe('GetTokenMetadata(Batch) requests', () => {
  it('canonicalises token ids, de-duplicates them and lower-cases the contract', () => {
    expect(tokenKeysOf(chains, { chainId: 'five', contractAddress: A.toUpperCase().replace('0X', '0x'), tokenIds: ['007', '7', '0x10', '16'] })).toEqual([
      { chainId: 5, contract: A, tokenId: '7' },
      { chainId: 5, contract: A, tokenId: '16' },
    ]);
    expect(() => tokenKeysOf(chains, { chainId: '5', contractAddress: A, tokenIds: ['1', 'x'] })).toThrow(expect.objectContaining({ field: 'tokenIds[1]' }));
      });

  it('allows 50 contracts × 50 tokens, merges spellings of one contract, and refuses more', () => {
    const ids = (n: number) => Array.from({ length: n }, (_, i) => String(i));
    const map = (n: number, t: number) => Array.from({ length: n }, (_, i) => ({ contractAddress: `0x${i.toString(16).padStart(40, '0')}`, tokenIds: ids(t) }));
    expect(batchKeysOf(chains, { chainId: '5', contractTokenMap: map(50, 50) })).toHaveLength(50);
    expect(() => batchKeysOf(chains, { chainId: '5', contractTokenMap: map(51, 1) })).toThrow(expect.objectContaining({ kind: 'InvalidArgument', field: 'contractTokenMap' }));
    expect(() => batchKeysOf(chains, { chainId: '5', contractTokenMap: map(1, 51) })).toThrow(/at most 50 token ids/);
    const merged = batchKeysOf(chains, {
      chainId: '5',
      contractTokenMap: [
        { contractAddress: A, tokenIds: ['1', '2'] },
        { contractAddress: B, tokenIds: [] },
        { contractAddress: A.toUpperCase().replace('0X', '0x'), tokenIds: ['2', '3'] },
      ],
    });
    expect(merged.map((g) => [g.contractAddress, g.keys.map((k) => k.tokenId)])).toEqual([
      [A, ['1', '2', '3']],
      [B, []],
    ]);
    // 30 + 30 distinct ids for one contract under two spellings is over the limit too.
    expect(() =>
      batchKeysOf(chains, {
        chainId: '5',
        contractTokenMap: [
          { contractAddress: A, tokenIds: ids(30) },
          { contractAddress: A.toUpperCase().replace('0X', '0x'), tokenIds: ids(60).slice(30) },
        ],
      }),
    ).toThrow(/at most 50 token ids/);
    expect(() => batchKeysOf(chains, { chainId: 'six', contractTokenMap: [] })).toThrow(expect.objectContaining({ kind: 'ChainNotFound' }));
  });
});

describe('stored rows as TokenMetadata', () => {
  const key = { chainId: 5, contract: A, tokenId: '9' };
  const row = (patch: Partial<TokenMetadataRow>): TokenMetadataRow => ({
    ...key,
    status: 'AVAILABLE',
    sourceUri: 'https://x/9',
    document: JSON.stringify({ tokenId: '9', name: 'Nine', image: 'https://i/9.png' }),
    error: null,
    attempts: 0,
    fetchedAt: new Date(1_000),
    attemptedAt: new Date(1_000),
    retryAt: null,
    updatedAt: new Date(1_000),
    ...patch,
  });

  it('reports AVAILABLE with a document (also after a later failure), else FETCHING / FAILED / NOT_AVAILABLE', () => {
    expect(metadataFromRow(key, row({}), false)).toMatchObject({ status: 'AVAILABLE', source: 'CHAIN', name: 'Nine', description: '', updatedAt: new Date(1_000) });
    const stale = metadataFromRow(key, row({ status: 'FAILED', error: 'HTTP 500', retryAt: new Date(5_000) }), false);
    expect(stale).toMatchObject({ status: 'AVAILABLE', name: 'Nine', lastError: 'HTTP 500', retryAt: new Date(5_000) });
    expect(metadataFromRow(key, row({ status: 'FAILED', document: null, error: 'bad' }), false)).toMatchObject({ status: 'FAILED', name: '', updatedAt: null });
    expect(metadataFromRow(key, undefined, true)).toMatchObject({ status: 'FETCHING', source: 'NONE' });
    expect(metadataFromRow(key, undefined, false).status).toBe('NOT_AVAILABLE');
  });

  it('answers a hosted token from its collection', () => {
    const t = metadataFromCollectionToken(key, {
      collectionId: 1,
      tokenId: '9',
      name: 'Hosted',
      description: 'd',
      image: '',
      properties: { a: 1 },
      attributes: null,
      extra: { backgroundColor: '#fff', decimals: 0 },
      private: false,
      createdAt: new Date(0),
      updatedAt: new Date(2_000),
    });
    expect(t).toMatchObject({ status: 'AVAILABLE', source: 'COLLECTION', name: 'Hosted', backgroundColor: 'fff', decimals: 0, properties: { a: 1 } });
  });
});

describe('RPC renaming', () => {
  const info = {
    chainId: 5,
    address: A,
    name: 'N',
    type: 'ERC20' as const,
    symbol: 'S',
    decimals: null,
    logoURI: null,
    deployed: true,
    bytecodeHash: '0x01',
    source: 'CHAIN' as const,
    status: 'AVAILABLE' as const,
    updatedAt: '2026-01-01T00:00:00Z',
    extensions: { link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', verified: false, verifiedBy: null, blacklist: false, featured: false },
  };

  it('omits decimals, logoURI and unset operator flags like the published server', () => {
    const out = contractInfoOut(info);
    expect(out).not.toHaveProperty('decimals');
    expect(out).not.toHaveProperty('logoURI');
    expect(Object.keys(out.extensions)).toEqual(['link', 'description', 'ogImage', 'ogName', 'originChainId', 'originAddress', 'verified']);
    const full = contractInfoOut({ ...info, decimals: 0, logoURI: 'https://l', extensions: { ...info.extensions, verifiedBy: 'x', blacklist: true, featured: true } });
    expect(full).toMatchObject({ decimals: 0, logoURI: 'https://l', extensions: { verifiedBy: 'x', blacklist: true, featured: true } });
  });

  it('emits both spellings of the four TokenMetadata fields', () => {
    const t = metadataTokenOut({
      tokenId: '1',
      name: 'n',
      description: '',
      image: '',
      video: '',
      audio: '',
      properties: null,
      attributes: null,
      imageData: '<svg/>',
      externalUrl: 'https://e',
      backgroundColor: '000000',
      animationUrl: 'https://a',
      decimals: null,
      updatedAt: '0001-01-01T00:00:00Z',
      source: 'CHAIN',
      status: 'FETCHING',
      assets: [],
    });
    expect(t).toEqual({
      tokenId: '1',
      source: 'FETCHER_ON_CHAIN_TOKEN_URI',
      name: 'n',
      description: '',
      image: '',
      properties: null,
      attributes: null,
      image_data: '<svg/>',
      imageData: '<svg/>',
      external_url: 'https://e',
      externalUrl: 'https://e',
      background_color: '000000',
      backgroundColor: '000000',
      animation_url: 'https://a',
      animationUrl: 'https://a',
      updatedAt: '0001-01-01T00:00:00Z',
      status: 'REFRESHING',
    });
  });

  it('turns contractTokenMap into a list and chain ids into strings, leaving bad values for GraphQL to refuse', () => {
    expect(contractTokenMapIn({ [A]: ['1'], [B]: [2] })).toEqual([
      { contractAddress: A, tokenIds: ['1'] },
      { contractAddress: B, tokenIds: [2] },
    ]);
    expect(contractTokenMapIn([1])).toEqual([1]);
    expect(searchContractsIn({ q: 'x', chainID: '5', chainIDs: [1, 'five'], page: { page: 2, pageSize: 30, more: true } })).toEqual({
      q: 'x',
      chainID: '5',
      chainIDs: ['1', 'five'],
      types: undefined,
      // Page 2 of 30: the 30 rows after the 30th (offset 29).
      first: 30,
      after: offsetCursor(SEARCH_PAGE.cursorTag, 29),
    });
  });
});
