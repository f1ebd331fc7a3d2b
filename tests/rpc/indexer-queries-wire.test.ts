// Indexer query RPC wire shapes, field by field, cursor paging by echoing the reply page, and the error paths.
import { RFC3339, startIndexerEnv, type IndexerEnv } from '../integration/indexer/fixtures';

let env: IndexerEnv;

beforeAll(async () => {
  env = await startIndexerEnv();
});
afterAll(() => env?.stop());

const call = async (op: string, body: unknown, headers: Record<string, string> = env.headers) => {
  const r = await env.server.rpc(`Indexer/${op}`, body, headers);
  if (r.status !== 200) throw new Error(`${op} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`);
  expect(r.headers.get('content-type')).toMatch(/^application\/json/);
  return r.body;
};

/** Pages by sending the reply's whole `page` object back, as the published hooks do; every item once. */
const pageAll = async (op: string, body: Record<string, unknown>, pageSize: number, list: string) => {
  const items: any[] = [];
  let page: any = { pageSize };
  for (let i = 0; i < 50; i++) {
    // Extra fields a client may echo (numbered-page fields, sort, before) are ignored.
    const r = await call(op, { ...body, page: { ...page, page: i + 1, column: 'x', before: {}, sort: [{ column: 'x', order: 'DESC' }] } });
    items.push(...r[list]);
    if (!r.page.more) {
      expect(r.page).toEqual({ pageSize, more: false });
      return items;
    }
    expect(r.page).toEqual({ after: expect.any(String), pageSize, more: true });
    expect(r[list]).toHaveLength(op === 'GetBalanceUpdates' ? r[list].length : pageSize);
    page = r.page;
  }
  throw new Error('paging did not end');
};

/** A contract read from the chain (the fixtures' contracts have no contractURI document). */
const contractInfoOf = (env: IndexerEnv, address: string, name: string, symbol: string, type: string, decimals?: number) => ({
  chainId: env.anvil.chainId,
  address,
  source: 'FETCHER_ON_CHAIN_ERC20_INTERFACE',
  name,
  type,
  symbol,
  ...(decimals !== undefined ? { decimals } : {}),
  deployed: true,
  bytecodeHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
  extensions: { link: '', description: '', ogImage: '', ogName: '', originChainId: 0, originAddress: '', verified: false },
  updatedAt: expect.stringMatching(RFC3339),
  status: 'AVAILABLE',
});

describe('GetTokenBalances', () => {
  it('answers {page, balances} with each TokenBalance field as the published clients read it', async () => {
    const { A, addr, tx, anvil } = env;
    const r = await call('GetTokenBalances', { accountAddress: A, contractAddress: addr.erc20.toUpperCase().replace('0X', '0x') });
    expect(r).toEqual({
      page: { pageSize: 50, more: false },
      balances: [
        {
          contractType: 'ERC20',
          contractAddress: addr.erc20,
          accountAddress: A,
          balance: '999000',
          blockHash: tx.erc20AtoB.blockHash,
          blockNumber: tx.erc20AtoB.blockNumber,
          chainId: anvil.chainId,
          uniqueCollectibles: '0',
          isSummary: false,
        },
      ],
    });
    // Go's field order.
    expect(Object.keys(r.balances[0])).toEqual(['contractType', 'contractAddress', 'accountAddress', 'balance', 'blockHash', 'blockNumber', 'chainId', 'uniqueCollectibles', 'isSummary']);
    const nft = await call('GetTokenBalances', { accountAddress: A, contractAddress: addr.erc1155, tokenID: 2 });
    expect(nft.balances).toEqual([
      {
        contractType: 'ERC1155',
        contractAddress: addr.erc1155,
        accountAddress: A,
        tokenID: '2',
        balance: '15',
        blockHash: tx.batchAtoB.blockHash,
        blockNumber: tx.batchAtoB.blockNumber,
        chainId: anvil.chainId,
        uniqueCollectibles: '0',
        isSummary: false,
      },
    ]);
  });

  it('includeMetadata attaches contractInfo and tokenMetadata (both spellings of the four fields)', async () => {
    const { A, addr } = env;
    const r = await call('GetTokenBalances', { accountAddress: A, includeMetadata: true, chainID: env.anvil.chainId });
    const erc20 = r.balances.find((b: any) => b.contractAddress === addr.erc20);
    expect(erc20.contractInfo).toEqual(contractInfoOf(env, addr.erc20, 'Gold', 'GLD', 'ERC20', 18));
    expect(erc20.tokenMetadata).toBeUndefined();
    const ape = r.balances.find((b: any) => b.contractAddress === addr.erc721 && b.tokenID === '3');
    expect(ape.contractInfo).toEqual(contractInfoOf(env, addr.erc721, 'Apes', 'APE', 'ERC721'));
    expect(ape.tokenMetadata).toMatchObject({
      tokenId: '3',
      source: 'FETCHER_ON_CHAIN_TOKEN_URI',
      status: 'AVAILABLE',
      name: 'Doc /apes/3',
      description: 'served at /apes/3',
      image: 'https://img.example/apes/3.png',
      attributes: [{ display_type: 'number', trait_type: 'level', value: '5' }, { power: 9 }],
      properties: { rarity: 'rare' },
      external_url: 'https://example.com/apes/3',
      externalUrl: 'https://example.com/apes/3',
      background_color: 'ff00aa',
      backgroundColor: 'ff00aa',
      updatedAt: expect.stringMatching(RFC3339),
    });
    const plain = await call('GetTokenBalances', { accountAddress: A, includeMetadata: false });
    expect(plain.balances.every((b: any) => !('contractInfo' in b) && !('tokenMetadata' in b))).toBe(true);
  });

  it('pages by the echoed page object; a larger pageSize is clamped to 100', async () => {
    const { A } = env;
    const all = (await call('GetTokenBalances', { accountAddress: A })).balances;
    expect(all).toHaveLength(6);
    expect(await pageAll('GetTokenBalances', { accountAddress: A }, 4, 'balances')).toEqual(all);
    expect((await call('GetTokenBalances', { accountAddress: A, page: { pageSize: 5000 } })).page).toEqual({ pageSize: 100, more: false });
    // Go clients send every field, null when unset.
    const go = await call('GetTokenBalances', {
      accountAddress: A,
      contractAddress: null,
      tokenID: null,
      includeMetadata: null,
      metadataOptions: null,
      includeCollectionTokens: null,
      page: null,
    });
    expect(go.balances).toEqual(all);
  });
});

describe('GetTokenBalancesSummary', () => {
  it('answers {page, nativeBalances, balances}: plain ERC-20 rows, one summary row per collectible contract', async () => {
    const { A, B, addr, tx, anvil } = env;
    const r = await call('GetTokenBalancesSummary', {
      filter: { accountAddresses: [A, B], contractStatus: 'ALL', contractWhitelist: [], contractBlacklist: [addr.erc20] },
      omitMetadata: true,
    });
    const native = async (a: string) => BigInt(await anvil.rpc<string>('eth_getBalance', [a, 'latest'])).toString();
    expect(r.page).toEqual({ pageSize: 50, more: false });
    expect(r.nativeBalances).toEqual([
      { accountAddress: A, chainId: anvil.chainId, name: '', symbol: '', balance: await native(A) },
      { accountAddress: B, chainId: anvil.chainId, name: '', symbol: '', balance: await native(B) },
    ]);
    const summary = (account: string, contract: string, type: string, balance: string, unique: string, t: { blockNumber: number; blockHash: string }) => ({
      contractType: type,
      contractAddress: contract,
      accountAddress: account,
      balance,
      blockHash: t.blockHash,
      blockNumber: t.blockNumber,
      chainId: anvil.chainId,
      uniqueCollectibles: unique,
      isSummary: true,
    });
    const expected = [
      summary(A, addr.erc721, 'ERC721', '2', '2', tx.mint721_3),
      summary(A, addr.erc1155, 'ERC1155', '51', '3', tx.batchAtoB),
      summary(B, addr.erc721, 'ERC721', '1', '1', tx.nft1AtoB),
      summary(B, addr.erc1155, 'ERC1155', '9', '2', tx.batchAtoB),
    ].sort((x, y) => (x.accountAddress + x.contractAddress < y.accountAddress + y.contractAddress ? -1 : 1));
    expect(r.balances).toEqual(expected);

    const withInfo = await call('GetTokenBalancesSummary', { filter: { accountAddresses: [A], contractStatus: 'all', contractWhitelist: [addr.erc20] } });
    expect(withInfo.balances).toEqual([
      {
        contractType: 'ERC20',
        contractAddress: addr.erc20,
        accountAddress: A,
        balance: '999000',
        blockHash: tx.erc20AtoB.blockHash,
        blockNumber: tx.erc20AtoB.blockNumber,
        chainId: anvil.chainId,
        uniqueCollectibles: '0',
        isSummary: false,
        contractInfo: contractInfoOf(env, addr.erc20, 'Gold', 'GLD', 'ERC20', 18),
      },
    ]);
    // Go clients send an unset contractStatus as "": verified contracts only (none here).
    const go = await call('GetTokenBalancesSummary', {
      filter: { accountAddresses: [A], contractStatus: '', contractWhitelist: null, contractBlacklist: null, omitNativeBalances: true },
      omitMetadata: false,
      page: null,
    });
    expect(go).toEqual({ page: { pageSize: 50, more: false }, nativeBalances: [], balances: [] });
  });

  it('pages through every row once', async () => {
    const { A, B, C } = env;
    const body = { filter: { accountAddresses: [A, B, C], contractStatus: 'ALL', omitNativeBalances: true }, omitMetadata: true };
    const all = (await call('GetTokenBalancesSummary', body)).balances;
    expect(all).toHaveLength(7);
    expect(await pageAll('GetTokenBalancesSummary', body, 3, 'balances')).toEqual(all);
  });
});

describe('GetTransactionHistory', () => {
  it('answers {page, transactions} newest first; each Transaction and Transfer field as published', async () => {
    const { A, B, addr, tx, anvil } = env;
    const r = await call('GetTransactionHistory', { filter: { accountAddress: A } });
    expect(r.page).toEqual({ pageSize: 10, more: false });
    expect(r.transactions.map((t: any) => t.txnHash)).toEqual(
      [tx.batchAtoB, tx.mintBatch, tx.nft1AtoB, tx.mint721_3, tx.mint721_2, tx.mint721_1, tx.erc20AtoB, tx.erc20Mint].map((t) => t.hash),
    );
    const erc20Send = r.transactions[6];
    expect(erc20Send).toEqual({
      txnHash: tx.erc20AtoB.hash,
      blockNumber: tx.erc20AtoB.blockNumber,
      blockHash: tx.erc20AtoB.blockHash,
      chainId: anvil.chainId,
      metaTxnID: null,
      transfers: [
        {
          transferType: 'SEND',
          contractAddress: addr.erc20,
          contractType: 'ERC20',
          from: A,
          to: B,
          amounts: ['1000'],
          logIndex: 0,
          contractInfo: contractInfoOf(env, addr.erc20, 'Gold', 'GLD', 'ERC20', 18),
        },
      ],
      timestamp: expect.stringMatching(RFC3339),
    });
    expect(Object.keys(erc20Send)).toEqual(['txnHash', 'blockNumber', 'blockHash', 'chainId', 'metaTxnID', 'transfers', 'timestamp']);
    const batch = r.transactions[0].transfers[0];
    expect(batch).toMatchObject({ transferType: 'SEND', contractType: 'ERC1155', from: A, to: B, tokenIds: ['1', '2'], amounts: ['4', '5'] });
    expect(batch.tokenMetadata).toBeUndefined();
  });

  it('accepts the account at the top level (specification) and adds token metadata with includeMetadata', async () => {
    const { A, tx } = env;
    const top = await call('GetTransactionHistory', { accountAddress: A, includeMetadata: true, page: { pageSize: 2 } });
    expect(top.page).toEqual({ after: expect.any(String), pageSize: 2, more: true });
    expect(top.transactions.map((t: any) => t.txnHash)).toEqual([tx.batchAtoB.hash, tx.mintBatch.hash]);
    const metadata = top.transactions[0].transfers[0].tokenMetadata;
    expect(Object.keys(metadata)).toEqual(['1', '2']);
    const id1 = `/items/${'0'.repeat(63)}1.json`;
    expect(metadata['1']).toMatchObject({ tokenId: '1', name: `Doc ${id1}`, animation_url: `https://anim.example${id1}.mp4`, animationUrl: `https://anim.example${id1}.mp4` });
  });

  it('pages through every transaction once', async () => {
    const { A } = env;
    const all = (await call('GetTransactionHistory', { filter: { accountAddress: A } })).transactions;
    expect(await pageAll('GetTransactionHistory', { filter: { accountAddress: A } }, 3, 'transactions')).toEqual(all);
  });
});

describe('GetBalanceUpdates', () => {
  it('answers {page, balances} ascending by block with the eight documented fields; balance is the balance after the block', async () => {
    const { A, B, C, addr, tx, anvil } = env;
    const r = await call('GetBalanceUpdates', { contractAddress: addr.erc20, lastBlockNumber: 0 });
    expect(r.page).toEqual({ pageSize: 200, more: false });
    const row = (t: { blockNumber: number; blockHash: string }, account: string, balance: string) => ({
      contractType: 'ERC20',
      contractAddress: addr.erc20,
      accountAddress: account,
      balance,
      blockHash: t.blockHash,
      blockNumber: t.blockNumber,
      chainId: anvil.chainId,
    });
    const byKey = (x: any, y: any) => x.blockNumber - y.blockNumber || (x.accountAddress < y.accountAddress ? -1 : 1);
    expect(r.balances).toEqual(
      [row(tx.erc20Mint, A, '1000000'), row(tx.erc20AtoB, A, '999000'), row(tx.erc20AtoB, B, '1000'), row(tx.erc20BtoC, B, '600'), row(tx.erc20BtoC, C, '400')].sort(
        byKey,
      ),
    );
    const nft = await call('GetBalanceUpdates', { contractAddress: addr.erc721, lastBlockNumber: String(tx.mint721_3.blockNumber) });
    expect(nft.balances).toEqual(
      [
        { ...row(tx.nft1AtoB, A, '0'), contractType: 'ERC721', contractAddress: addr.erc721, tokenID: '1' },
        { ...row(tx.nft1AtoB, B, '1'), contractType: 'ERC721', contractAddress: addr.erc721, tokenID: '1' },
      ].sort(byKey),
    );
    expect((await call('GetBalanceUpdates', { contractAddress: addr.erc20, lastBlockNumber: 0, page: { pageSize: 5000 } })).page).toEqual({ pageSize: 1000, more: false });
    const all = r.balances;
    expect(await pageAll('GetBalanceUpdates', { contractAddress: addr.erc20, lastBlockNumber: 0 }, 2, 'balances')).toEqual(all);
  });
});

describe('errors', () => {
  type Expected = { status: number; error: string; code: number; msg?: RegExp };
  const invalid = (field: string): Expected => ({ status: 400, error: 'InvalidArgument', code: 2001, msg: new RegExp(`^${field.replace(/[.[\]]/g, '\\$&')}:`) });
  const expectError = async (op: string, body: unknown, want: Expected, headers: Record<string, string> = env.headers) => {
    const r = await env.server.rpc(`Indexer/${op}`, body, headers);
    const where = `${op} ${JSON.stringify(body)} → ${r.status} ${JSON.stringify(r.body)}`;
    expect({ where, status: r.status }).toEqual({ where, status: want.status });
    expect(r.body).toEqual({ error: want.error, code: want.code, msg: expect.any(String), message: r.body.msg, status: want.status });
    if (want.msg) expect({ where, msg: r.body.msg }).toEqual({ where, msg: expect.stringMatching(want.msg) });
  };
  const OPS = (): Array<[string, Record<string, unknown>]> => [
    ['GetTransactionHistory', { filter: { accountAddress: env.A } }],
    ['GetTokenBalances', { accountAddress: env.A }],
    ['GetTokenBalancesSummary', { filter: { accountAddresses: [env.A] } }],
    ['GetBalanceUpdates', { contractAddress: env.addr.erc20, lastBlockNumber: 0 }],
  ];

  it('every operation wants an access key: none → Unauthorized 1000/401; unknown → AccessKeyNotFound 1101/401', async () => {
    for (const [op, body] of OPS()) {
      await expectError(op, body, { status: 401, error: 'Unauthorized', code: 1000, msg: /access key/i }, {});
      await expectError(op, body, { status: 401, error: 'AccessKeyNotFound', code: 1101 }, { 'X-Access-Key': 'AQAAAAAAAAAAunknownkey' });
    }
  });

  it('a chain that is not configured → InvalidArgument 2001 naming chainID', async () => {
    for (const [op, body] of OPS()) await expectError(op, { ...body, chainID: '999999' }, invalid('chainID'));
  });

  it('missing or malformed fields → InvalidArgument 2001/400 naming the field', async () => {
    const { A, addr } = env;
    await expectError('GetTokenBalances', {}, invalid('accountAddress'));
    await expectError('GetTokenBalances', { accountAddress: 'nope' }, invalid('accountAddress'));
    await expectError('GetTokenBalances', { accountAddress: A, tokenID: 'x' }, invalid('tokenID'));
    await expectError('GetTokenBalances', { accountAddress: A, page: { after: 'not-a-cursor' } }, invalid('page.after'));
    await expectError('GetTokenBalances', { accountAddress: A, metadataOptions: { verifiedOnly: true, unverifiedOnly: true } }, invalid('metadataOptions'));
    await expectError('GetTokenBalancesSummary', {}, invalid('filter'));
    await expectError('GetTokenBalancesSummary', { filter: { accountAddresses: [] } }, invalid('filter.accountAddresses'));
    await expectError('GetTokenBalancesSummary', { filter: { accountAddresses: [A], contractStatus: 'MAYBE' } }, invalid('filter.contractStatus'));
    await expectError('GetTransactionHistory', {}, invalid('filter.accountAddress'));
    await expectError('GetTransactionHistory', { filter: { accountAddress: A, transactionHashes: ['0x12'] } }, invalid('filter.transactionHashes[0]'));
    await expectError('GetTransactionHistory', { filter: { accountAddress: A, fromBlock: -1 } }, invalid('filter.fromBlock'));
    await expectError('GetBalanceUpdates', { lastBlockNumber: 0 }, invalid('contractAddress'));
    await expectError('GetBalanceUpdates', { contractAddress: addr.erc20, lastBlockNumber: -5 }, invalid('lastBlockNumber'));
    // A cursor of one operation is refused by another.
    const history = await call('GetTransactionHistory', { filter: { accountAddress: A }, page: { pageSize: 1 } });
    await expectError('GetBalanceUpdates', { contractAddress: addr.erc20, page: history.page }, invalid('page.after'));
  });
});
