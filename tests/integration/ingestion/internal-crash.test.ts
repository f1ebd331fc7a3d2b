// Internal transfers across SIGKILLs of `strata index`, beside native-crash.test.ts: a history of ETH forwarded by a
// contract (each call sends its value on to one or two accounts; one in ten asks for more than it holds and fails) is
// backfilled and then followed while the chain grows, the process killed at random moments and another taking over.
// In the end the stored internal transfers are exactly what the successful calls forwarded (decoded from their
// calldata, not from any trace), each once, and every account's eth_getBalance delta agrees with the stored rows.
import type { Contract } from 'ethers';
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { callTx, headBlock, type TxRequest } from '../../helpers/chain-kit';
import { startCrashHarness, type CrashHarness } from '../../helpers/crash-harness';
import { balanceMismatches } from '../../helpers/internal-ledger';
import { chainBlocks, key, type NativeItem, storedNativeTransfers } from '../../helpers/native-ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { deployContract } from '../../helpers/solidity';

const BACKFILL_KILLS = 3;
const FOLLOW_KILLS = 2;
const random = seededRandom();

let anvil: Anvil;
let forwarder: Contract;
let F: string;
let harness: CrashHarness | undefined;
let accounts: string[];
let start: number;

/** `n` blocks of 1-3 forwarding calls each; one in ten asks to forward more than it was sent, and fails. */
const calls = (n: number): TxRequest[][] =>
  Array.from({ length: n }, () =>
    Array.from({ length: random.int(1, 3) }, () => {
      const from = random.pick(accounts);
      const to = Array.from({ length: random.int(1, 2) }, () => random.pick(accounts.filter((a) => a !== from)));
      const amounts = to.map(() => BigInt(random.int(1, 1_000_000)) * 1_000_003n);
      const sent = amounts.reduce((a, b) => a + b, 0n);
      return callTx(forwarder, 'forward', [to, amounts], from, { value: random.chance(0.1) ? sent - 1n : sent, gas: 200_000n });
    }),
  );

/** What the successful forwarding calls of [from, to] moved internally, decoded from their calldata. */
const forwarded = async (from: number, to: number): Promise<NativeItem[]> =>
  (await chainBlocks(anvil, from, to)).flatMap((b) =>
    b.txs
      .filter(({ tx, receipt }) => tx.to?.toLowerCase() === F && Number(receipt.status) === 1)
      .flatMap(({ tx }) => {
        const [recipients, amounts] = forwarder.interface.decodeFunctionData('forward', (tx as unknown as { input: string }).input) as unknown as [string[], bigint[]];
        return recipients.map((r, i) => ({ txHash: tx.hash, blockNumber: b.number, from: F, to: r.toLowerCase(), value: amounts[i] }));
      }),
  );

beforeAll(async () => {
  anvil = await startAnvil();
  accounts = Array.from({ length: 6 }, (_, i) => devWallet(anvil, i).address.toLowerCase());
  forwarder = await deployContract(devWallet(anvil, 0), 'ValueMovers.sol', 'Forwarder');
  F = (await forwarder.getAddress()).toLowerCase();
  start = (await headBlock(anvil)).number + 1;
  harness = await startCrashHarness(anvil, random, { confirmations: 6, startBlock: start });
});

afterAll(async () => {
  await harness?.close();
  await anvil?.stop();
});

it(`stores every internal transfer once across ${BACKFILL_KILLS + FOLLOW_KILLS} SIGKILLs during backfill and head following`, () =>
  withSeed(random, async () => {
    const { db, head, errors } = await harness!.run({ history: calls(160), backfillKills: BACKFILL_KILLS, followKills: FOLLOW_KILLS, grow: () => calls(8) });
    expect(errors).toEqual([]);
    const expected = await forwarded(start, head);
    expect(expected.length).toBeGreaterThan(200);
    const stored = await storedNativeTransfers(db, anvil.chainId);
    // In chain order, each once: an internal transfer lost or written twice would show here.
    expect(stored.filter((t) => t.internal).map(key)).toEqual(expected.map(key));
    expect(await balanceMismatches(anvil, stored, [...accounts, F], start, head)).toEqual([]);
  }));
