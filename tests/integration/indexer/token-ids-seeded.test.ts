// Token ids, ranges and supplies on seeded rows through the published 3.0.13 client: more ranges than one answer
// holds, numeric order past 2^64, and what the methods answer when the chain's node is down.
import { BalanceEntity, ContractEntity, type BalanceRow, type ContractRow } from '../../../src/db';
import { MAX_TOKEN_ID_RANGES } from '../../../src/domain/indexer/token-ids';
import { startTestServer, type TestServer } from '../../helpers/server';
import { rejectionOf } from '../../helpers/rejection';

type V3 = typeof import('@0xsequence/indexer-v3', { with: { 'resolution-mode': 'import' } });
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { SequenceIndexer, UnavailableError } = require('@0xsequence/indexer-v3') as V3;

const CHAIN = 31337;
const HASH = `0x${'cd'.repeat(32)}`;
const NFT = `0x${'11'.repeat(20)}`;
const COIN = `0x${'22'.repeat(20)}`;
const HOLDER = `0x${'a1'.repeat(20)}`;
const OTHER = `0x${'b2'.repeat(20)}`;
/** Every other id from 1: each id its own range, one more range than an answer holds, then a run and ids past 2^64. */
const SPARSE = Array.from({ length: MAX_TOKEN_ID_RANGES + 1 }, (_, i) => String(2 * i + 1));
const RUN = Array.from({ length: 11 }, (_, i) => String(100_000 + i));
const HUGE = ['18446744073709551617', '18446744073709551616', '340282366920938463463374607431768211456'];

let server: TestServer;
let indexer: InstanceType<V3['SequenceIndexer']>;

const contract = (address: string, type: ContractRow['type']): ContractRow => ({
  chainId: CHAIN,
  address,
  type,
  name: type,
  symbol: type,
  decimals: type === 'ERC20' ? 6 : null,
  deployed: true,
  bytecodeHash: HASH,
  firstBlock: 1,
  extensions: JSON.stringify({ link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', contractURI: { uri: null, status: 'none', attempts: 0 } }),
  logoURI: null,
  verified: false,
  verifiedBy: null,
  blacklist: false,
  featured: false,
  refreshedAt: new Date(),
  updatedAt: new Date(),
});

beforeAll(async () => {
  // A chain whose node is not running: token ids and collectible supplies come from stored rows only.
  server = await startTestServer({ CHAINS: `${CHAIN}:seeded=http://127.0.0.1:9` }, { index: false });
  indexer = new SequenceIndexer(server.url, (await server.createProject()).accessKey);
  await server.app.db.getRepository(ContractEntity).insert([contract(NFT, 'ERC721'), contract(COIN, 'ERC20')]);
  const row = (c: string, account: string, tokenId: string, balance: string): BalanceRow => ({ chainId: CHAIN, contract: c, account, tokenId, balance, blockNumber: 5, blockHash: HASH });
  const rows = [...SPARSE, ...RUN, ...HUGE].map((id) => row(NFT, HOLDER, id, '1'));
  // A burned id (stored 0) and a stale negative one exist for nobody.
  rows.push(row(NFT, OTHER, '2', '0'), row(NFT, OTHER, '4', '-1'));
  rows.push(row(COIN, HOLDER, '', '700'), row(COIN, OTHER, '', '55'));
  const repo = server.app.db.getRepository(BalanceEntity);
  for (let i = 0; i < rows.length; i += 100) await repo.insert(rows.slice(i, i + 100));
});
afterAll(() => server?.stop());

describe('token ids and ranges of a large collection', () => {
  it(`getTokenIDRanges: at most ${MAX_TOKEN_ID_RANGES} ranges with moreRanges, then the rest after lastTokenID`, async () => {
    const first = await indexer.getTokenIDRanges({ contractAddress: NFT });
    expect(first.contractType).toBe('ERC721');
    expect(first.moreRanges).toBe(true);
    expect(first.tokenIDRanges).toHaveLength(MAX_TOKEN_ID_RANGES);
    expect(first.tokenIDRanges.slice(0, 2)).toEqual([
      { start: '1', end: '1' },
      { start: '3', end: '3' },
    ]);
    const lastEnd = first.tokenIDRanges[MAX_TOKEN_ID_RANGES - 1].end;
    expect(lastEnd).toBe(SPARSE[MAX_TOKEN_ID_RANGES - 1]);

    const rest = await indexer.getTokenIDRanges({ contractAddress: NFT, lastTokenID: lastEnd });
    expect(rest).toEqual({
      contractType: 'ERC721',
      tokenIDRanges: [
        { start: SPARSE[MAX_TOKEN_ID_RANGES], end: SPARSE[MAX_TOKEN_ID_RANGES] },
        { start: '100000', end: '100010' },
        { start: '18446744073709551616', end: '18446744073709551617' },
        { start: HUGE[2], end: HUGE[2] },
      ],
      moreRanges: false,
    });
  });

  it('getTokenIDs: numeric order past 2^64, paged by echoing the page; burned and negative balances hold no id', async () => {
    const ids: string[] = [];
    let page = (await indexer.getTokenIDs({ contractAddress: NFT, page: { pageSize: 1000 } })) as Awaited<ReturnType<typeof indexer.getTokenIDs>>;
    ids.push(...page.tokenIDs);
    for (let calls = 0; page.page.more && calls < 40; calls++) {
      page = await indexer.getTokenIDs({ contractAddress: NFT, page: page.page });
      ids.push(...page.tokenIDs);
    }
    const expected = [...SPARSE, ...RUN, ...HUGE].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(ids).toEqual(expected);
    expect(ids).not.toContain('2');
    expect(ids).not.toContain('4');
  });

  it('getTokenSupplies of an ERC-20 whose node is down: the sum of the stored balances', async () => {
    const r = await indexer.getTokenSupplies({ contractAddress: COIN });
    expect(r).toMatchObject({ contractType: 'ERC20', tokenIDs: [{ tokenID: '0', supply: '755', chainId: CHAIN }] });
  });

  it('methods that need the node answer Unavailable, not a failure', async () => {
    const native = await rejectionOf(indexer.getNativeTokenBalance({ accountAddress: HOLDER }));
    expect(native).toBeInstanceOf(UnavailableError);
    const sync = await rejectionOf(indexer.syncBalance({ accountAddress: HOLDER, contractAddress: COIN }));
    expect(sync).toBeInstanceOf(UnavailableError);
    expect(sync.message).toMatch(/not indexed yet/);
    const receipt = await rejectionOf(indexer.fetchTransactionReceipt({ txnHash: HASH }));
    expect(receipt).toBeInstanceOf(UnavailableError);
  });
});
