// The published @0xsequence/indexer@2.1.4 SequenceIndexer, unchanged, reads back what was mined on anvil.
import {
  ContractVerificationStatus,
  InvalidArgumentError,
  SequenceIndexer,
  TxnTransferType,
  UnauthorizedError,
  WebrpcError,
  type Page,
} from '@0xsequence/indexer';
import { startIndexerEnv, type IndexerEnv } from '../integration/indexer/fixtures';
import { rejectionOf as rejectionOfCall } from '../helpers/rejection';

let env: IndexerEnv;
let indexer: SequenceIndexer;

beforeAll(async () => {
  env = await startIndexerEnv();
  // Exactly as an app constructs it: the indexer base URL and the project's public access key.
  indexer = new SequenceIndexer(env.server.url, env.key);
});
afterAll(() => env?.stop());

const rejectionOf = (p: Promise<unknown>) => rejectionOfCall<WebrpcError>(p);

describe('SequenceIndexer against Strata', () => {
  it('getTransactionHistory: the account’s token transactions, newest first, paged by echoing the reply page', async () => {
    const { A, B, tx, addr } = env;
    const all = await indexer.getTransactionHistory({ filter: { accountAddress: A }, includeMetadata: true });
    expect(all.transactions.map((t) => t.txnHash)).toEqual(
      [tx.batchAtoB, tx.mintBatch, tx.nft1AtoB, tx.mint721_3, tx.mint721_2, tx.mint721_1, tx.erc20AtoB, tx.erc20Mint].map((t) => t.hash),
    );
    const nft = all.transactions[2].transfers![0];
    expect(nft).toMatchObject({ transferType: TxnTransferType.SEND, contractAddress: addr.erc721, contractType: 'ERC721', from: A, to: B, tokenIds: ['1'], amounts: ['1'] });
    expect(nft.contractInfo).toMatchObject({ address: addr.erc721, name: 'Apes', symbol: 'APE' });
    expect(nft.tokenMetadata!['1']).toMatchObject({ tokenId: '1', name: 'Doc /apes/1' });

    const seen: string[] = [];
    let page: Page | undefined = { pageSize: 3 };
    for (let calls = 0; page && calls < 10; calls++) {
      const r: Awaited<ReturnType<SequenceIndexer['getTransactionHistory']>> = await indexer.getTransactionHistory({ filter: { accountAddress: A }, page });
      seen.push(...r.transactions.map((t) => t.txnHash));
      page = r.page.more ? r.page : undefined;
    }
    expect(seen).toEqual(all.transactions.map((t) => t.txnHash));
  });

  it('getTokenBalances: balances above zero with contract info and token metadata', async () => {
    const { A, addr } = env;
    const r = await indexer.getTokenBalances({ accountAddress: A, includeMetadata: true });
    expect(r.page).toEqual({ pageSize: 50, more: false });
    const bal = Object.fromEntries(r.balances.map((b) => [`${b.contractAddress}:${b.tokenID ?? ''}`, b.balance]));
    expect(bal).toEqual({
      [`${addr.erc20}:`]: '999000',
      [`${addr.erc721}:2`]: '1',
      [`${addr.erc721}:3`]: '1',
      [`${addr.erc1155}:1`]: '6',
      [`${addr.erc1155}:2`]: '15',
      [`${addr.erc1155}:3`]: '30',
    });
    const ape = r.balances.find((b) => b.contractAddress === addr.erc721 && b.tokenID === '2')!;
    expect(ape.contractInfo).toMatchObject({ name: 'Apes', type: 'ERC721' });
    expect(ape.tokenMetadata).toMatchObject({ tokenId: '2', name: 'Doc /apes/2' });

    const byContract = await indexer.getTokenBalances({ accountAddress: A, contractAddress: addr.erc1155, tokenID: '3' });
    expect(byContract.balances.map((b) => [b.tokenID, b.balance])).toEqual([['3', '30']]);
  });

  it('getTokenBalancesSummary: one row per (account, contract) for several accounts', async () => {
    const { A, B, addr } = env;
    const r = await indexer.getTokenBalancesSummary({
      filter: { accountAddresses: [A, B], contractStatus: ContractVerificationStatus.ALL, contractWhitelist: [], contractBlacklist: [] },
      omitMetadata: true,
    });
    const rows = r.balances.map((b) => [b.accountAddress, b.contractAddress, b.balance, b.uniqueCollectibles, b.isSummary]);
    expect(rows).toEqual(
      [
        [A, addr.erc20, '999000', '0', false],
        [A, addr.erc721, '2', '2', true],
        [A, addr.erc1155, '51', '3', true],
        [B, addr.erc20, '600', '0', false],
        [B, addr.erc721, '1', '1', true],
        [B, addr.erc1155, '9', '2', true],
      ].sort((x, y) => (`${x[0]}${x[1]}` < `${y[0]}${y[1]}` ? -1 : 1)),
    );
    // Verified contracts by default: none is verified on this chain yet.
    const verified = await indexer.getTokenBalancesSummary({
      filter: { accountAddresses: [A], contractStatus: ContractVerificationStatus.VERIFIED, contractWhitelist: [], contractBlacklist: [] },
    });
    expect(verified.balances).toEqual([]);
  });

  it('getBalanceUpdates: balance after each block, ascending, from the beginning with lastBlockNumber 0', async () => {
    const { A, B, C, addr, tx } = env;
    const r = await indexer.getBalanceUpdates({ contractAddress: addr.erc20, lastBlockNumber: 0 });
    expect(r.page).toEqual({ pageSize: 200, more: false });
    const byKey = (x: any[], y: any[]) => x[0] - y[0] || (x[1] < y[1] ? -1 : 1);
    expect(r.balances.map((b) => [b.blockNumber, b.accountAddress, b.balance])).toEqual(
      [
        [tx.erc20Mint.blockNumber, A, '1000000'],
        [tx.erc20AtoB.blockNumber, A, '999000'],
        [tx.erc20AtoB.blockNumber, B, '1000'],
        [tx.erc20BtoC.blockNumber, B, '600'],
        [tx.erc20BtoC.blockNumber, C, '400'],
      ].sort(byKey),
    );
    const later = await indexer.getBalanceUpdates({ contractAddress: addr.erc20, lastBlockNumber: tx.erc20AtoB.blockNumber });
    expect(later.balances.map((b) => b.blockNumber)).toEqual([tx.erc20BtoC.blockNumber, tx.erc20BtoC.blockNumber]);
  });

  it('throws the client’s error classes: a missing key, an unknown key, a bad argument', async () => {
    const noKey = await rejectionOf(new SequenceIndexer(env.server.url).getTokenBalances({ accountAddress: env.A }));
    expect(noKey).toBeInstanceOf(UnauthorizedError);
    expect(noKey).toMatchObject({ code: 1000, status: 401 });
    const unknown = await rejectionOf(new SequenceIndexer(env.server.url, 'AQAAAAAAAAAAunknownkey').getBalanceUpdates({ contractAddress: env.addr.erc20, lastBlockNumber: 0 }));
    expect(unknown).toBeInstanceOf(WebrpcError);
    expect(unknown).toMatchObject({ code: 1101, status: 401, name: 'AccessKeyNotFound' });
    const bad = await rejectionOf(indexer.getTransactionHistory({ filter: { accountAddress: 'not-an-address' } }));
    expect(bad).toBeInstanceOf(InvalidArgumentError);
    expect(bad).toMatchObject({ code: 2001, status: 400, message: expect.stringMatching(/^filter\.accountAddress: /) });
  });
});
