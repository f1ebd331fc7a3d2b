// Ingestion against a real anvil: backfill, head following, exact balances, reorg rollback, idempotent replay.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployContract } from '../../helpers/solidity';
import {
  MAX_UINT256,
  chainBalance,
  deployTokens,
  indexedBalance,
  sendAndWait,
  waitForIndexed,
  type Tokens,
} from '../../helpers/chain-fixtures';
import { ChainTransactionEntity, ContractEntity, TransferEntity } from '../../../src/db';
import { applyBatch } from '../../../src/ingestion/apply-batch';
import { fetchRange } from '../../../src/ingestion/fetch-range';
import { PATIENCE_MS } from '../../helpers/patience';

let anvil: Anvil;
let server: TestServer;
let tokens: Tokens;
let A: string, B: string, C: string, D: string;

const KEYS: Array<[keyof Tokens, string]> = [
  ['erc20', ''],
  ['erc721', '1'],
  ['erc721', '2'],
  ['erc721', '3'],
  ['erc1155', '1'],
  ['erc1155', '2'],
  ['erc1155', '3'],
];

/** Every tracked balance equals the chain's, for every account and token. */
const expectBalancesMatchChain = async () => {
  for (const account of [A, B, C, D]) {
    for (const [kind, tokenId] of KEYS) {
      const contract = await tokens[kind].getAddress();
      const onChain = await chainBalance(tokens, kind, account, tokenId || '0');
      expect({ kind, account, tokenId, balance: await indexedBalance(server.app, anvil.chainId, contract, account, tokenId) }).toEqual({
        kind,
        account,
        tokenId,
        balance: onChain,
      });
    }
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C, D] = [0, 1, 2, 3].map((i) => devWallet(anvil, i).address);
  tokens = await deployTokens(anvil);
  // History that ingestion will backfill: a max-uint256 mint, ERC-721 moves, an ERC-1155 batch.
  await sendAndWait(tokens.erc20.mint(A, MAX_UINT256 - 5n));
  await sendAndWait(tokens.erc20.transfer(B, 1000n));
  await sendAndWait(tokens.erc721.mint(A, 1n));
  await sendAndWait(tokens.erc721.mint(A, 2n));
  await sendAndWait(tokens.erc721.transferFrom(A, B, 1n));
  await sendAndWait(tokens.erc1155.mintBatch(A, [1n, 2n, 3n], [10n, 20n, 30n]));
  await sendAndWait(tokens.erc1155.safeBatchTransferFrom(A, B, [1n, 2n], [4n, 5n], '0x'));
  await anvil.rpc('anvil_mine', ['0x5']);
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, name: 'anvil', url: anvil.rpcUrl, confirmations: 3 }]) });
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('backfills history and follows the head with balances exact to the wei', async () => {
  await waitForIndexed(server.app, anvil);
  await expectBalancesMatchChain();
  expect(await indexedBalance(server.app, anvil.chainId, await tokens.erc20.getAddress(), A, '')).toBe(MAX_UINT256 - 5n - 1000n);

  // Live blocks after start.
  await sendAndWait(tokens.erc20.connect(devWallet(anvil, 1)).getFunction('transfer')(C, 400n));
  await sendAndWait(tokens.erc721.mint(C, 3n));
  await sendAndWait(tokens.erc1155.connect(devWallet(anvil, 1)).getFunction('safeTransferFrom')(B, D, 2n, 5n, '0x'));
  await waitForIndexed(server.app, anvil);
  await expectBalancesMatchChain();

  const transfers = await server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId });
  // One row per (log, batch item): ERC-20 2+1, ERC-721 3+1, ERC-1155 3+2+1.
  expect(transfers).toBe(13);
});

it('records ContractInfo basics at first sight', async () => {
  const rows = await server.app.db.getRepository(ContractEntity).findBy({ chainId: anvil.chainId });
  const byType = Object.fromEntries(rows.map((r) => [r.type, r]));
  expect(byType.ERC20).toMatchObject({ name: 'Gold', symbol: 'GLD', decimals: 18, deployed: true });
  expect(byType.ERC721).toMatchObject({ name: 'Apes', symbol: 'APE', deployed: true });
  expect(byType.ERC1155).toMatchObject({ deployed: true });
  expect(byType.ERC20.bytecodeHash).toMatch(/^0x[0-9a-f]{64}$/);
});

it('rolls back an orphaned branch and follows the new one', async () => {
  await waitForIndexed(server.app, anvil);
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  const orphanTx = await (await tokens.erc20.transfer(C, 777n)).wait();
  await sendAndWait(tokens.erc721.transferFrom(A, C, 2n));
  await waitForIndexed(server.app, anvil);
  expect(await indexedBalance(server.app, anvil.chainId, await tokens.erc20.getAddress(), C, '')).toBe(400n + 777n);

  await anvil.rpc('evm_revert', [snapshot]);
  // A longer competing branch with different content.
  await sendAndWait(tokens.erc20.transfer(D, 55n));
  await sendAndWait(tokens.erc1155.safeTransferFrom(A, C, 3n, 7n, '0x'));
  await sendAndWait(tokens.erc20.transfer(D, 1n));
  await waitForIndexed(server.app, anvil);
  // The head may have been read before the new branch overtook: wait for the rollback to be visible.
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
    if ((await indexedBalance(server.app, anvil.chainId, await tokens.erc20.getAddress(), C, '')) === 400n) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await expectBalancesMatchChain();
  const orphan = await server.app.db.getRepository(ChainTransactionEntity).findOneBy({ chainId: anvil.chainId, txHash: orphanTx!.hash });
  expect(orphan?.reorged).toBe(true);
});

it('skips and counts logs that do not decode, and carries on', async () => {
  const noisy = await deployContract(devWallet(anvil, 0), 'NoisyLogs.sol', 'NoisyLogs');
  await sendAndWait(noisy.emitAll());
  await sendAndWait(tokens.erc20.transfer(D, 3n));
  await waitForIndexed(server.app, anvil);
  await expectBalancesMatchChain();
  const metrics = await (await fetch(`${server.url}/metrics`)).text();
  const skipped = metrics.split('\n').filter((l) => l.startsWith('strata_skipped_logs_total{'));
  expect(skipped.length).toBeGreaterThan(3);
});

it('replaying a committed range changes nothing', async () => {
  await waitForIndexed(server.app, anvil);
  const client = await server.app.registry.client(anvil.chainId);
  const before = await server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId });
  const batch = await fetchRange(client, 1, 10, { allHeaders: false, receipts: false, live: false });
  expect(await applyBatch(server.app.db, batch, [])).toEqual({ applied: false });
  expect(await server.app.db.getRepository(TransferEntity).countBy({ chainId: anvil.chainId })).toBe(before);
  await expectBalancesMatchChain();
});

it('detects a reorg that keeps the chain height (same number of blocks replaced)', async () => {
  await waitForIndexed(server.app, anvil);
  const snapshot = await anvil.rpc<string>('evm_snapshot');
  await sendAndWait(tokens.erc20.transfer(B, 11n));
  await waitForIndexed(server.app, anvil);
  await anvil.rpc('evm_revert', [snapshot]);
  await sendAndWait(tokens.erc20.transfer(C, 12n)); // same height, another block
  for (const started = Date.now(); Date.now() - started < PATIENCE_MS; ) {
    const c = await indexedBalance(server.app, anvil.chainId, await tokens.erc20.getAddress(), C, '');
    if (c === (await chainBalance(tokens, 'erc20', C, '0'))) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await expectBalancesMatchChain();
});
