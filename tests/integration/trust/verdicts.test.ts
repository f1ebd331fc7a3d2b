// Spam verdicts with reasons (#42 item 3) on anvil, over GraphQL: crafted ERC-20s for each text and directory reason
// get their verdict and evidence; a plain ERC-20, ERC-721 and ERC-1155 with ordinary transfers, and the listed
// tokens, are OK; the operator's flags win, and the verdict follows them and the directory as they change.
import fs from 'node:fs';
import { HOLDER, REFRESH, operator, startDirectoryEnv, tokenList, type DirectoryEnv } from './fixtures';
import { devWallet } from '../../helpers/anvil';
import { deployContract } from '../../helpers/solidity';
import { waitForIndexed } from '../../helpers/chain-fixtures';
import { PATIENCE_MS } from '../../helpers/patience';

let env: DirectoryEnv;
const a: Record<string, string> = {};

const VERDICT = `query($c: String!, $a: String!) { contractInfo(chainId: $c, contractAddress: $a) { type verdict { verdict overridden reasons { code field evidence } } } }`;
const verdictOf = async (address: string) => (await env.gql(VERDICT, { c: String(env.chainId), a: address })).contractInfo.verdict;
const flag = (address: string, flags: Record<string, boolean>) =>
  env.gql(`mutation($c: String!, $a: String!, $f: ContractFlagsInput!) { setContractFlags(chainId: $c, contractAddress: $a, flags: $f) { address } }`, { c: String(env.chainId), a: address, f: flags }, operator);

beforeAll(async () => {
  env = await startDirectoryEnv();
  const coin = async (name: string, symbol: string) => {
    const c = await env.deploy('TestERC20.sol', [name, symbol, 18]);
    await (await c.mint(HOLDER, 1000n)).wait();
    return c.address;
  };
  a.link = await coin('Bonus at https://usdt-bonus.example/get', 'BONUS');
  a.host = await coin('usdt-drop.xyz', 'UDROP');
  a.lookalike = await coin('Tether', 'U\u0405DT');
  a.impostor = await coin('Good Coin', 'GOOD');
  // Plain tokens moving as tokens do: mints, then holder-to-holder transfers.
  const me = devWallet(env.anvil).address;
  const plain20 = await env.deploy('TestERC20.sol', ['Plain Dollar', 'PUSD', 6]);
  await (await plain20.mint(me, 5000n)).wait();
  await (await plain20.transfer(HOLDER, 1200n)).wait();
  const plain721 = await env.deploy('TestERC721.sol', ['Plain Gems', 'PGEM']);
  await (await plain721.mint(me, 1n)).wait();
  await (await plain721.transferFrom(me, HOLDER, 1n)).wait();
  const plain1155 = await env.deploy('TestERC1155.sol', ['https://items.example/{id}.json']);
  await (await plain1155.mint(me, 7n, 10n)).wait();
  await (await plain1155.safeTransferFrom(me, HOLDER, 7n, 3n, '0x')).wait();
  Object.assign(a, { plain20: plain20.address, plain721: plain721.address, plain1155: plain1155.address });
  await waitForIndexed(env.server.app, env.anvil);
  fs.writeFileSync(
    env.listFile,
    JSON.stringify(tokenList('Strata Test File', [1, 0, 0], [{ chainId: env.chainId, address: env.good, name: 'Good Coin', symbol: 'GOOD', decimals: 18 }])),
  );
  await env.gql(REFRESH, {}, operator);
});
afterAll(async () => {
  await env?.stop();
});

describe('spam verdicts on contract info', () => {
  it('plain ERC-20, ERC-721 and ERC-1155 with ordinary transfers, and a listed token, are OK with no reason', async () => {
    for (const address of [a.plain20, a.plain721, a.plain1155, env.good, env.served]) {
      expect(await verdictOf(address)).toEqual({ verdict: 'OK', overridden: false, reasons: [] });
    }
  });

  it('a link in the name, or bait, is SPAM with the evidence', async () => {
    expect(await verdictOf(a.link)).toEqual({
      verdict: 'SPAM',
      overridden: false,
      reasons: [{ code: 'URL_IN_TEXT', field: 'name', evidence: 'https://usdt-bonus.example/get' }],
    });
    expect(await verdictOf(env.scam)).toEqual({
      verdict: 'SPAM',
      overridden: false,
      reasons: [{ code: 'BAIT_WORDS', field: 'name', evidence: 'Visit' }],
    });
  });

  it('a bare host, lookalike letters, or a listed token’s symbol on another address is SUSPECT', async () => {
    expect(await verdictOf(a.host)).toEqual({ verdict: 'SUSPECT', overridden: false, reasons: [{ code: 'URL_IN_TEXT', field: 'name', evidence: 'usdt-drop.xyz' }] });
    expect(await verdictOf(a.lookalike)).toEqual({
      verdict: 'SUSPECT',
      overridden: false,
      reasons: [{ code: 'CONFUSABLE_CHARACTERS', field: 'symbol', evidence: 'U\u0405DT (U+0405)' }],
    });
    expect(await verdictOf(a.impostor)).toEqual({
      verdict: 'SUSPECT',
      overridden: false,
      reasons: [{ code: 'IMPERSONATION', field: 'symbol', evidence: `GOOD is listed at ${env.chainId}:${env.good}` }],
    });
  });

  it('the operator’s flags win, and the verdict follows them and the directory as they change', async () => {
    await flag(a.plain20, { blacklist: true });
    expect(await verdictOf(a.plain20)).toEqual({
      verdict: 'SPAM',
      overridden: true,
      reasons: [{ code: 'OPERATOR_BLACKLIST', field: 'extensions.blacklist', evidence: 'flagged by the operator' }],
    });
    await flag(a.plain20, { blacklist: false });
    expect((await verdictOf(a.plain20)).verdict).toBe('OK');
    await flag(a.link, { verified: true });
    expect(await verdictOf(a.link)).toMatchObject({ verdict: 'OK', overridden: true, reasons: [{ code: 'URL_IN_TEXT' }] });
    // The list no longer names GOOD: nothing is impersonated any more.
    fs.writeFileSync(env.listFile, JSON.stringify(tokenList('Strata Test File', [1, 0, 1], [{ chainId: 1, address: '0x' + '1'.repeat(40), name: 'Elsewhere', symbol: 'ELS', decimals: 6 }])));
    await env.gql(REFRESH, {}, operator);
    expect(await verdictOf(a.impostor)).toEqual({ verdict: 'OK', overridden: false, reasons: [] });
  });
});

describe('verdicts from indexed transfers', () => {
  it('a deployer’s drop to fresh accounts in one transaction is SUSPECT, and a rollback of the drop takes it back', async () => {
    const token = await deployContract(devWallet(env.anvil), 'DropERC20.sol', 'DropERC20', ['Drop Token', 'DROP']);
    const address = (await token.getAddress()).toLowerCase();
    await waitForIndexed(env.server.app, env.anvil);
    expect(await verdictOf(address)).toEqual({ verdict: 'OK', overridden: false, reasons: [] });
    const before = await env.anvil.rpc<string>('evm_snapshot');
    const fresh = Array.from({ length: 12 }, (_, i) => `0x${(0xd000 + i).toString(16).padStart(40, '0')}`);
    const receipt = await (await token.drop(fresh, 5n)).wait();
    await waitForIndexed(env.server.app, env.anvil);
    const me = devWallet(env.anvil).address.toLowerCase();
    expect(await verdictOf(address)).toEqual({
      verdict: 'SUSPECT',
      overridden: false,
      reasons: [
        { code: 'UNSOLICITED_AIRDROP', field: 'transfers', evidence: `transaction ${receipt.hash.toLowerCase()} sent it to 12 accounts that never held or moved it` },
        { code: 'ONE_SENDER_TO_FRESH_ACCOUNTS', field: 'transfers', evidence: `every transfer comes from ${me}, the account it was minted to, to 12 accounts that never moved it` },
      ],
    });
    // The drop's block is replaced by a longer branch without it: ingestion rolls its rows back, and the reasons go.
    await env.anvil.rpc('evm_revert', [before]);
    await env.anvil.rpc('anvil_mine', ['0x3']);
    await waitForIndexed(env.server.app, env.anvil);
    let verdict = await verdictOf(address);
    for (const started = Date.now(); Date.now() - started < PATIENCE_MS && verdict.verdict !== 'OK'; ) {
      await new Promise((r) => setTimeout(r, 100));
      verdict = await verdictOf(address);
    }
    expect(verdict).toEqual({ verdict: 'OK', overridden: false, reasons: [] });
  });
});
