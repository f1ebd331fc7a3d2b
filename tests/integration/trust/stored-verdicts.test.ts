// Stored spam verdicts (#42) on anvil, through the published clients unchanged: the verdict worker (SPAM_VERDICTS on)
// stores a verdict for every contract with indexed transfers; a SPAM one answers `extensions.blacklist` on the wire
// (@0xsequence/metadata) and is left out of UNVERIFIED balances, summaries and history (@0xsequence/indexer), while ALL
// keeps it; the stored verdict follows the operator's flag, a drop's transfers and a rollback that takes them away.
import WebSocket from 'ws';
import { createClient } from 'graphql-ws';
import { Metadata } from '@0xsequence/metadata';
import { ContractVerificationStatus, SequenceIndexer, type TokenBalancesFilter } from '@0xsequence/indexer';
import { HOLDER, operator, startDirectoryEnv, type DirectoryEnv } from './fixtures';
import { devWallet } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { waitForIndexed } from '../../helpers/chain-fixtures';
import { PATIENCE_MS } from '../../helpers/patience';

let env: DirectoryEnv;
let metadata: Metadata;
let indexer: SequenceIndexer;
let plain: string;

/** The stored verdict once computed and current (not stale) and `ok` holds; fails after the patience cap. */
const storedVerdict = async (address: string, ok: (verdict: string) => boolean) => {
  const key = { chainId: env.chainId, address };
  for (const started = Date.now(); ; ) {
    const v = await env.server.app.services.verdictStore.stored(key);
    if (v && !v.stale && ok(v.verdict)) return v;
    if (Date.now() - started > PATIENCE_MS) throw new Error(`stored verdict of ${address}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};
const flag = (address: string, flags: Record<string, boolean>) =>
  env.gql(`mutation($c: String!, $a: String!, $f: ContractFlagsInput!) { setContractFlags(chainId: $c, contractAddress: $a, flags: $f) { address } }`, { c: String(env.chainId), a: address, f: flags }, operator);

const wireBlacklist = async (address: string) =>
  (await metadata.getContractInfo({ chainID: String(env.chainId), contractAddress: address }, env.key())).contractInfo.extensions.blacklist ?? false;
const balancesOf = async (account: string, opts: { unverifiedOnly?: boolean }) =>
  (await indexer.getTokenBalances({ accountAddress: account, metadataOptions: opts })).balances.map((b) => b.contractAddress).sort();
const summaryOf = async (account: string, contractStatus: ContractVerificationStatus) =>
  (
    await indexer.getTokenBalancesSummary({
      filter: { accountAddresses: [account], contractStatus, contractWhitelist: [], contractBlacklist: [] } as TokenBalancesFilter,
      omitMetadata: true,
    })
  ).balances
    .map((b) => b.contractAddress)
    .sort();
const historyContracts = async (account: string, opts: { unverifiedOnly?: boolean }) =>
  [...new Set((await indexer.getTransactionHistory({ filter: { accountAddress: account }, metadataOptions: opts })).transactions.flatMap((t) => t.transfers!.map((x) => x.contractAddress)))].sort();

beforeAll(async () => {
  env = await startDirectoryEnv({ SPAM_VERDICTS: 'on', SPAM_VERDICTS_POLL_MS: '50' });
  metadata = new Metadata(env.server.url, fetch);
  indexer = new SequenceIndexer(env.server.url, env.accessKey);
  const coin = await env.deploy('TestERC20.sol', ['Plain Dollar', 'PUSD', 6]);
  await (await coin.mint(HOLDER, 500n)).wait();
  plain = coin.address;
  await waitForIndexed(env.server.app, env.anvil);
});
afterAll(() => env?.stop());

it('every contract with indexed transfers gets a stored verdict: bait is SPAM, plain tokens OK', async () => {
  expect(await storedVerdict(env.scam, (v) => v === 'SPAM')).toMatchObject({ verdict: 'SPAM', overridden: false, reasons: [{ code: 'BAIT_WORDS', field: 'name', evidence: 'Visit' }] });
  for (const address of [plain, env.good, env.served]) expect(await storedVerdict(address, (v) => v === 'OK')).toMatchObject({ verdict: 'OK', reasons: [] });
});

it('SPAM answers extensions.blacklist on the wire and leaves UNVERIFIED balances, summaries and history; ALL keeps it', async () => {
  await storedVerdict(env.scam, (v) => v === 'SPAM');
  expect(await wireBlacklist(env.scam)).toBe(true);
  expect(await wireBlacklist(plain)).toBe(false);
  const unverified = [plain, env.good, env.served].sort();
  expect(await balancesOf(HOLDER, { unverifiedOnly: true })).toEqual(unverified);
  expect(await balancesOf(HOLDER, {})).toEqual([...unverified, env.scam].sort());
  expect(await summaryOf(HOLDER, ContractVerificationStatus.UNVERIFIED)).toEqual(unverified);
  expect(await summaryOf(HOLDER, ContractVerificationStatus.ALL)).toEqual([...unverified, env.scam].sort());
  expect(await historyContracts(HOLDER, { unverifiedOnly: true })).toEqual(unverified);
  expect(await historyContracts(HOLDER, {})).toEqual([...unverified, env.scam].sort());
});

it('follows the operator: verified makes it OK (and VERIFIED lists it), taking the flag back makes it SPAM again', async () => {
  await flag(env.scam, { verified: true });
  expect(await storedVerdict(env.scam, (v) => v === 'OK')).toMatchObject({ verdict: 'OK', overridden: true });
  expect(await wireBlacklist(env.scam)).toBe(false);
  expect(await summaryOf(HOLDER, ContractVerificationStatus.VERIFIED)).toEqual([env.scam]);
  await flag(env.scam, { verified: false });
  await storedVerdict(env.scam, (v) => v === 'SPAM');
  expect(await wireBlacklist(env.scam)).toBe(true);
  expect(await summaryOf(HOLDER, ContractVerificationStatus.VERIFIED)).toEqual([]);
});

it('announces each change of a stored verdict, with the one it replaced (the service, then GraphQL over graphql-ws)', async () => {
  await storedVerdict(env.scam, (v) => v === 'SPAM');
  const changes = await env.server.app.services.subscriptions.verdictChanges({ accessKey: env.accessKey }, { chainId: String(env.chainId), contractAddresses: [env.scam.toUpperCase().replace('0X', '0x')] });
  await flag(env.scam, { verified: true });
  expect((await changes.next()).value).toEqual({ chainId: env.chainId, contractAddress: env.scam, verdict: 'OK', previous: 'SPAM', overridden: true, reasons: [{ code: 'BAIT_WORDS', field: 'name', evidence: 'Visit' }] });
  await flag(env.scam, { verified: false });
  expect((await changes.next()).value).toMatchObject({ contractAddress: env.scam, verdict: 'SPAM', previous: 'OK', overridden: false });
  await changes.return?.();

  // Over graphql-ws a subscription is in place some time after it is sent: the flag goes back and forth until the
  // first change arrives, which must be one of the two.
  const client = createClient({ url: `ws://127.0.0.1:${env.server.port}/graphql`, webSocketImpl: WebSocket, connectionParams: { 'X-Access-Key': env.accessKey } });
  let received: any = null;
  const dispose = client.subscribe(
    { query: `subscription($c: String!) { verdictChanges(contractAddresses: [$c]) { chainId contractAddress previous verdict { verdict overridden reasons { code } } } }`, variables: { c: env.scam } },
    { next: (v: any) => void (received ??= v.data?.verdictChanges ?? v), error: (e) => void (received ??= { error: e }), complete: () => undefined },
  );
  for (let verified = true, started = Date.now(); !received && Date.now() - started < PATIENCE_MS; verified = !verified) {
    await flag(env.scam, { verified });
    await storedVerdict(env.scam, (v) => v === (verified ? 'OK' : 'SPAM'));
  }
  dispose();
  await client.dispose();
  expect(received).toEqual(
    expect.objectContaining({ chainId: env.chainId, contractAddress: env.scam, previous: expect.stringMatching(/^(OK|SPAM)$/), verdict: expect.objectContaining({ reasons: [{ code: 'BAIT_WORDS' }] }) }),
  );
  expect(received.previous).not.toBe(received.verdict.verdict);
  await flag(env.scam, { verified: false });
  await storedVerdict(env.scam, (v) => v === 'SPAM');
});

it('a drop to fresh accounts makes a host-named token SPAM, and the rollback of the drop makes it SUSPECT again', async () => {
  const token = await deployContract(devWallet(env.anvil), 'DropERC20.sol', 'DropERC20', ['drop-token.xyz', 'DRP']);
  const address = (await token.getAddress()).toLowerCase();
  // Its mint far enough below the drop that the rescan after the rollback does not reach it: only the mark of the
  // verdicts that read past the rollback's ancestor brings this one back.
  await env.anvil.rpc('anvil_mine', ['0xc8']);
  await waitForIndexed(env.server.app, env.anvil);
  expect(await storedVerdict(address, (v) => v === 'SUSPECT')).toMatchObject({ reasons: [{ code: 'URL_IN_TEXT', evidence: 'drop-token.xyz' }] });
  const before = await env.anvil.rpc<string>('evm_snapshot');
  const fresh = Array.from({ length: 12 }, (_, i) => `0x${(0xe000 + i).toString(16).padStart(40, '0')}`);
  await (await token.drop(fresh, 5n)).wait();
  await waitForIndexed(env.server.app, env.anvil);
  const spam = await storedVerdict(address, (v) => v === 'SPAM');
  expect(spam.reasons.map((r) => r.code)).toEqual(['URL_IN_TEXT', 'UNSOLICITED_AIRDROP', 'ONE_SENDER_TO_FRESH_ACCOUNTS']);
  expect(await wireBlacklist(address)).toBe(true);
  expect(await historyContracts(fresh[0], { unverifiedOnly: true })).toEqual([]);

  // The drop's block is replaced by a longer branch without it: the rows go, and the stored verdict follows.
  await env.anvil.rpc('evm_revert', [before]);
  await env.anvil.rpc('anvil_mine', ['0x3']);
  await waitForIndexed(env.server.app, env.anvil);
  expect(await storedVerdict(address, (v) => v === 'SUSPECT')).toMatchObject({ reasons: [{ code: 'URL_IN_TEXT', evidence: 'drop-token.xyz' }] });
  expect(await wireBlacklist(address)).toBe(false);
});
