// Native transfers across SIGKILLs of `strata index`: a history of plain ETH sends between ten accounts (odd wei
// amounts, some sent to a contract that refuses them and reverts) is backfilled and then followed while the chain
// grows, the process killed at random moments and another taking over. In the end the stored native transfers are
// exactly the chain's successful value transactions, each once, and token transfers and balances still match.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { headBlock, type TxRequest } from '../../helpers/chain-kit';
import { startCrashHarness, type CrashHarness } from '../../helpers/crash-harness';
import { expectLedgerMatchesChain } from '../../helpers/ledger';
import { chainNativeTransfers, key, storedNativeTransfers } from '../../helpers/native-ledger';
import { seededRandom, withSeed } from '../../helpers/random';

const BACKFILL_KILLS = 4;
const FOLLOW_KILLS = 3;
const random = seededRandom();

let anvil: Anvil;
let tokens: Tokens;
let harness: CrashHarness | undefined;
let accounts: string[];
let start: number;

/** `n` blocks of 1-3 value transactions each: sends between the accounts, one in ten to the ERC-20 (reverts). */
const sends = async (n: number): Promise<TxRequest[][]> => {
  const token = (await tokens.erc20.getAddress()).toLowerCase();
  return Array.from({ length: n }, () =>
    Array.from({ length: random.int(1, 3) }, () => {
      const from = random.pick(accounts);
      const to = random.chance(0.1) ? token : random.pick(accounts.filter((a) => a !== from));
      return { from, to, value: BigInt(random.int(1, 1_000_000)) * 1_000_000_007n, gas: 60_000n };
    }),
  );
};

beforeAll(async () => {
  anvil = await startAnvil();
  accounts = Array.from({ length: 10 }, (_, i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  start = (await headBlock(anvil)).number + 1;
  harness = await startCrashHarness(anvil, random, { confirmations: 6, startBlock: start });
});

afterAll(async () => {
  await harness?.close();
  await anvil?.stop();
});

it(`stores every native transfer once across ${BACKFILL_KILLS + FOLLOW_KILLS} SIGKILLs during backfill and head following`, () =>
  withSeed(random, async () => {
    const { db, head, errors } = await harness!.run({ history: await sends(240), backfillKills: BACKFILL_KILLS, followKills: FOLLOW_KILLS, grow: () => sends(8) });
    expect(errors).toEqual([]);
    const onChain = await chainNativeTransfers(anvil, start, head);
    expect(onChain.length).toBeGreaterThan(400);
    // In chain order, each once: a transfer lost or written twice would show here.
    expect((await storedNativeTransfers(db, anvil.chainId)).map(key)).toEqual(onChain.map(key));
    await expectLedgerMatchesChain(db, anvil, tokens, head);
  }));
