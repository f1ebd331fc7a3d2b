// Approvals across SIGKILLs of `strata index`: a history of ERC-20 approvals, transferFroms that spend them (lowering
// the allowance without an event), plain transfers, ERC-721 approvals and transfers that clear them, and
// ApprovalForAll on ERC-721 and ERC-1155 among six accounts is backfilled and then followed while the chain grows, the
// process killed at random moments and another taking over. In the end the stored approvals are exactly what the
// contracts answer (allowance, getApproved, isApprovedForAll) and every approval event is stored once.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { expectApprovalsMatchChain } from '../../helpers/approval-ledger';
import { deployTokens, type Tokens } from '../../helpers/chain-fixtures';
import { callTx, headBlock, mineBlocks, type TxRequest } from '../../helpers/chain-kit';
import { startCrashHarness, type CrashHarness } from '../../helpers/crash-harness';
import { expectLedgerMatchesChain } from '../../helpers/ledger';
import { seededRandom, withSeed } from '../../helpers/random';
import { IsNull, Not } from 'typeorm';
import { AllowanceEntity } from '../../../src/db';

const CONFIRMATIONS = 6;
const BACKFILL_KILLS = 3;
const FOLLOW_KILLS = 3;
const NFTS = 12;
const random = seededRandom();

let anvil: Anvil;
let tokens: Tokens;
let harness: CrashHarness | undefined;
let accounts: string[];
let contracts: string[];

/** One random approval-related call; many revert (an allowance too small, a token not the sender's): they emit nothing. */
const action = (): TxRequest => {
  const owner = random.pick(accounts);
  const other = random.pick(accounts.filter((a) => a !== owner));
  const third = random.pick(accounts.filter((a) => a !== owner && a !== other));
  switch (random.int(0, 6)) {
    case 0:
    case 1:
      return callTx(tokens.erc20, 'approve', [other, BigInt(random.int(0, 5_000))], owner);
    case 2:
      return callTx(tokens.erc20, 'transferFrom', [owner, third, BigInt(random.int(1, 800))], other);
    case 3:
      return callTx(tokens.erc20, 'transfer', [other, BigInt(random.int(1, 50))], owner);
    case 4:
      return callTx(tokens.erc721, 'approve', [other, BigInt(random.int(1, NFTS))], owner);
    case 5:
      return callTx(tokens.erc721, 'transferFrom', [owner, third, BigInt(random.int(1, NFTS))], random.pick([owner, other]));
    default:
      return callTx(random.pick([tokens.erc721, tokens.erc1155]), 'setApprovalForAll', [other, random.chance(0.6)], owner);
  }
};
const blocks = (n: number): TxRequest[][] => Array.from({ length: n }, () => Array.from({ length: random.int(1, 4) }, action));

beforeAll(async () => {
  anvil = await startAnvil();
  accounts = Array.from({ length: 6 }, (_, i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  contracts = [await tokens.erc20.getAddress(), await tokens.erc721.getAddress(), await tokens.erc1155.getAddress()].map((a) => a.toLowerCase());
  const start = (await headBlock(anvil)).number + 1;
  await mineBlocks(anvil, [
    accounts.map((a) => callTx(tokens.erc20, 'mint', [a, 100_000n], accounts[0])),
    Array.from({ length: NFTS }, (_, i) => callTx(tokens.erc721, 'mint', [accounts[i % accounts.length], BigInt(i + 1)], accounts[0])),
  ], { requireSuccess: true });
  harness = await startCrashHarness(anvil, random, { confirmations: CONFIRMATIONS, startBlock: start });
});

afterAll(async () => {
  await harness?.close();
  await anvil?.stop();
});

it(`keeps every approval exact across ${BACKFILL_KILLS + FOLLOW_KILLS} SIGKILLs during backfill and head following`, () =>
  withSeed(random, async () => {
    const { db, head, errors } = await harness!.run({ history: blocks(200), backfillKills: BACKFILL_KILLS, followKills: FOLLOW_KILLS, grow: () => blocks(8), gas: 150_000n });
    expect(errors).toEqual([]);
    const compared = await expectApprovalsMatchChain(db, anvil, contracts, head);
    // The random history exercised every kind of state.
    expect(compared.allowances).toBeGreaterThan(5);
    expect(compared.tokens).toBeGreaterThan(0);
    expect(compared.operators).toBeGreaterThan(0);
    expect(compared.events).toBeGreaterThan(200);
    // And transferFroms that lowered allowances without an event, which only the re-reads saw.
    expect(await db.getRepository(AllowanceEntity).countBy({ chainId: anvil.chainId, spendBlock: Not(IsNull()) })).toBeGreaterThan(0);
    await expectLedgerMatchesChain(db, anvil, tokens, head);
  }));
