// ERC-6909 across SIGKILLs of `strata index`: a history of mints, transfers, operator and spender transferFroms and
// burns of an ERC-6909 token among eight accounts and five ids (some of them reverting: more than the sender holds)
// is backfilled and then followed while the chain grows, the process killed at random moments and another taking
// over. In the end the stored transfers are exactly the chain's Transfer logs, each once, and every stored balance is
// balanceOf(owner, id) on the node.
import type { Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { callTx, headBlock, mineBlocks, type TxRequest } from '../../helpers/chain-kit';
import { startCrashHarness, type CrashHarness } from '../../helpers/crash-harness';
import { chainTransfers, expectLedgerMatchesChain } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { deployContract } from '../../helpers/solidity';

const CONFIRMATIONS = 6;
const BACKFILL_KILLS = 4;
const FOLLOW_KILLS = 3;
const IDS = [1n, 2n, 3n, 1000n, 2n ** 256n - 1n];
const random = seededRandom();

let anvil: Anvil;
let token: Contract;
let harness: CrashHarness | undefined;
let accounts: string[];

/** One random move: a mint, a transfer, a transferFrom by an operator (every account is everyone's) or a burn. */
const move = (): TxRequest => {
  const [from, to] = [random.pick(accounts), random.pick(accounts)];
  const id = random.pick(IDS);
  const amount = BigInt(random.int(0, 5_000));
  switch (random.int(0, 3)) {
    case 0:
      return callTx(token, 'mint', [to, id, amount * 3n], from);
    case 1:
      return callTx(token, 'transfer', [to, id, amount], from);
    case 2:
      return callTx(token, 'transferFrom', [random.pick(accounts), to, id, amount], from);
    default:
      return callTx(token, 'burn', [id, amount], from);
  }
};

const moves = (blocks: number): TxRequest[][] => Array.from({ length: blocks }, () => Array.from({ length: random.int(1, 4) }, move));

beforeAll(async () => {
  anvil = await startAnvil();
  accounts = Array.from({ length: 8 }, (_, i) => devWallet(anvil, i).address.toLowerCase());
  token = await deployContract(devWallet(anvil, 0), 'TestERC6909.sol', 'TestERC6909');
  const start = (await headBlock(anvil)).number + 1;
  // Every account an operator of every other: transferFrom by anyone moves tokens whenever the sender holds them.
  await mineBlocks(anvil, [accounts.flatMap((a) => accounts.filter((b) => b !== a).map((b) => callTx(token, 'setOperator', [b, true], a)))], { requireSuccess: true });
  harness = await startCrashHarness(anvil, random, { confirmations: CONFIRMATIONS, startBlock: start });
});

afterAll(async () => {
  await harness?.close();
  await anvil?.stop();
});

it(`stores every ERC-6909 transfer once, and balances equal to balanceOf, across ${BACKFILL_KILLS + FOLLOW_KILLS} SIGKILLs`, () =>
  withSeed(random, async () => {
    // Mints first, so that most later moves have something to move.
    const mints = accounts.flatMap((a) => IDS.map((id) => callTx(token, 'mint', [a, id, 10_000n], a)));
    const { db, head, errors } = await harness!.run({ history: [mints, ...moves(240)], backfillKills: BACKFILL_KILLS, followKills: FOLLOW_KILLS, grow: () => moves(8) });
    expect(errors).toEqual([]);
    const onChain = await chainTransfers(anvil, [(await token.getAddress()).toLowerCase()], head);
    expect(onChain.length).toBeGreaterThan(400);
    // Burns are among them, not only mints and moves between holders.
    expect(onChain.filter((t) => t.to === `0x${'0'.repeat(40)}`).length).toBeGreaterThan(20);
    const { balancesChecked } = await expectLedgerMatchesChain(db, anvil, { erc6909: token }, head);
    expect(balancesChecked).toBeGreaterThan(30);
  }));
