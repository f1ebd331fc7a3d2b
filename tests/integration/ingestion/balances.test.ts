// Mints, transfers and burns of all three standards, backfilled and then followed live: every (holder, token)
// balance Strata stores equals balanceOf on the node, and the transfers table equals the node's logs.
import { Wallet } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { startTestServer, type TestServer } from '../../helpers/server';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { batchTransferTx, burnTx, callTx, mineBlocks, mintTx, sendTx, transferTx, type TxRequest } from '../../helpers/chain-kit';
import { expectLedgerMatchesChain, waitForCanonical } from '../../helpers/ledger';

let anvil: Anvil;
let server: TestServer;
let tokens: Tokens;
let A: string, B: string, C: string, D: string;
// Receive-only holders (no key on the node).
const X = Wallet.createRandom().address;
const Y = Wallet.createRandom().address;

/** One round of activity; `round` shifts token ids so each round mints fresh ones and touches old ones. */
const activity = (round: number): Array<TxRequest | TxRequest[]> => {
  const id = (n: number) => BigInt(round * 100 + n);
  const { erc20, erc721, erc1155 } = { erc20: 'erc20', erc721: 'erc721', erc1155: 'erc1155' } as const;
  return [
    // ERC-20: mints, transfers, a self-transfer, a zero transfer, a partial burn and a burn to zero.
    mintTx(tokens, erc20, A, A, { amount: 10n ** 24n }),
    mintTx(tokens, erc20, A, B, { amount: 500n }),
    transferTx(tokens, erc20, A, C, { amount: 1_000n }),
    transferTx(tokens, erc20, A, X, { amount: 5n }),
    transferTx(tokens, erc20, A, A, { amount: 7n }),
    transferTx(tokens, erc20, A, D, { amount: 0n }),
    burnTx(tokens, erc20, C, C, { amount: 400n }),
    burnTx(tokens, erc20, B, B, { amount: 500n }),
    // ERC-721: mints, a transfer there and back, a burn, and a burnt id minted again to someone else.
    ...[1, 2, 3, 4].map((n) => mintTx(tokens, erc721, A, n % 2 ? A : B, { tokenId: id(n) })),
    transferTx(tokens, erc721, A, C, { tokenId: id(1) }),
    transferTx(tokens, erc721, A, B, { tokenId: id(3) }),
    transferTx(tokens, erc721, B, A, { tokenId: id(3) }),
    burnTx(tokens, erc721, B, B, { tokenId: id(2) }),
    mintTx(tokens, erc721, A, D, { tokenId: id(2) }),
    burnTx(tokens, erc721, B, B, { tokenId: id(4) }),
    // ERC-1155: batch mints (one with the same id twice), batch and single transfers, burns down to zero.
    callTx(tokens.erc1155, 'mintBatch', [A, [id(1), id(2), id(3)], [10n, 20n, 30n]], A),
    callTx(tokens.erc1155, 'mintBatch', [B, [id(5), id(5), id(6)], [1n, 2n, 3n]], A),
    batchTransferTx(tokens, A, C, [id(1), id(2)], [4n, 5n]),
    transferTx(tokens, erc1155, A, D, { tokenId: id(3), amount: 30n }),
    transferTx(tokens, erc1155, B, Y, { tokenId: id(5), amount: 3n }),
    burnTx(tokens, erc1155, C, C, { tokenId: id(1), amount: 4n }),
    burnTx(tokens, erc1155, A, A, { tokenId: id(2), amount: 15n }),
    // One block where the same keys move several times: net deltas per block must follow log order.
    [
      transferTx(tokens, erc20, A, B, { amount: 3n }),
      transferTx(tokens, erc20, B, C, { amount: 3n }),
      transferTx(tokens, erc721, C, D, { tokenId: id(1) }),
      transferTx(tokens, erc721, D, B, { tokenId: id(1) }),
      batchTransferTx(tokens, D, A, [id(3), id(3)], [10n, 20n]),
      burnTx(tokens, erc1155, A, A, { tokenId: id(3), amount: 30n }),
      mintTx(tokens, erc721, B, C, { tokenId: id(9) }),
      burnTx(tokens, erc721, C, C, { tokenId: id(9) }),
    ],
  ];
};

const run = async (steps: Array<TxRequest | TxRequest[]>) => {
  for (const step of steps) {
    if (Array.isArray(step)) await mineBlocks(anvil, [step], { requireSuccess: true });
    else await sendTx(anvil, step);
  }
};

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C, D] = [0, 1, 2, 3].map((i) => devWallet(anvil, i).address);
  tokens = await deployTokens(anvil);
  await run(activity(0));
  // confirmations 3: most of this history is backfilled, the last blocks are followed.
  server = await startTestServer({ CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 3 }]) });
});

afterAll(async () => {
  await server?.stop();
  await anvil?.stop();
});

it('backfills mints, transfers and burns of ERC-20, ERC-721 and ERC-1155 to the exact balances', async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  const { transfers, balancesChecked, holders } = await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
  expect(transfers).toBeGreaterThanOrEqual(35);
  expect(holders).toBeGreaterThanOrEqual(6);
  expect(balancesChecked).toBeGreaterThanOrEqual(20);
});

it('follows the head through the same kinds of activity, block by block, to the exact balances', async () => {
  await run(activity(1));
  const head = await waitForCanonical(server.app.db, anvil);
  const { transfers } = await expectLedgerMatchesChain(server.app.db, anvil, tokens, head);
  expect(transfers).toBeGreaterThanOrEqual(70);
});
