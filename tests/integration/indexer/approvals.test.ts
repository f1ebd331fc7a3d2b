// Token approvals (#41 item 3) against anvil, with the OpenZeppelin 5 fixtures: ERC-20 allowances set, raised, spent
// by transferFrom (which lowers them without an Approval event), revoked and unlimited; ERC-721 per-token approvals
// (cleared by a transfer, again without an event) and ApprovalForAll on ERC-721 and ERC-1155. After every step the
// stored state equals what the contracts answer (allowance, getApproved, isApprovedForAll at the indexed head), and
// so after a reorg that replaces the last blocks with others. GraphQL `approvals` and `approvalHistory` answer the
// same as the chain: every owner's live approvals with contract info, and its events paged with cursors. A webhook
// listener of kind APPROVALS gets each change as its block left it (the contracts' answers at that block), and
// `reorged` notices for those of the orphaned blocks.
import { devWallet, startAnvil, type Anvil } from '../../helpers/anvil';
import { chainApprovals, expectApprovalsMatchChain } from '../../helpers/approval-ledger';
import { deployTokens, MAX_UINT256, type Tokens } from '../../helpers/chain-fixtures';
import { callTx, headBlock, reorg, sendTx, type TxRequest } from '../../helpers/chain-kit';
import { waitForCanonical } from '../../helpers/ledger';
import { startTestServer, type TestServer } from '../../helpers/server';
import { PATIENCE_MS } from '../../helpers/patience';
import { startReceiver, verifiedDeliveries, type Receiver } from '../webhooks/receiver';
import { AllowanceEntity } from '../../../src/db';

let anvil: Anvil;
let tokens: Tokens;
let server: TestServer;
let contracts: string[];
let A: string, B: string, C: string, D: string;
let headers: Record<string, string>;
let receiver: Receiver;
let secret: string;

const APPROVALS = `query($owner: String!, $contract: String) {
  approvals(ownerAddress: $owner, contractAddress: $contract) {
    contractAddress standard kind ownerAddress spenderAddress amount tokenId approvedForAll unlimited lastChangeBlock lastSpendBlock
    contractInfo { name } spenderContractInfo { address } } }`;
const HISTORY = `query($owner: String!, $after: String) {
  approvalHistory(ownerAddress: $owner, first: 3, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    nodes { contractAddress eventKind ownerAddress spenderAddress amount tokenId approved blockNumber logIndex } } }`;

const gql = async (query: string, variables: Record<string, unknown>) => {
  const r = await server.graphql(query, variables, headers);
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data;
};

/**
 * What `approvals` answers for each account equals the chain at the head: its allowances (allowance()), the tokens it
 * owns that are approved (ownerOf, getApproved) and its operators (isApprovedForAll).
 */
const expectGraphqlMatchesChain = async (head: number) => {
  const chain = await chainApprovals(anvil, contracts, head);
  const owners = new Map<string, string>();
  for (const key of chain.tokens.keys()) owners.set(key, String(await tokens.erc721.ownerOf(BigInt(key.split(':')[1]), { blockTag: head })).toLowerCase());
  for (const owner of [A, B, C, D]) {
    const { approvals } = await gql(APPROVALS, { owner });
    const answered = approvals.map((a: any) =>
      a.kind === 'ALLOWANCE' ? `a:${a.contractAddress}:${a.spenderAddress}:${a.amount}` : a.kind === 'TOKEN' ? `t:${a.contractAddress}:${a.tokenId}:${a.spenderAddress}` : `o:${a.contractAddress}:${a.spenderAddress}`,
    );
    const expected = [
      ...[...chain.allowances].filter(([k]) => k.split(':')[1] === owner).map(([k, v]) => `a:${k.split(':')[0]}:${k.split(':')[2]}:${v}`),
      ...[...chain.tokens].filter(([k]) => owners.get(k) === owner).map(([k, v]) => `t:${k}:${v}`),
      ...[...chain.operators.keys()].filter((k) => k.split(':')[1] === owner).map((k) => `o:${k.split(':')[0]}:${k.split(':')[2]}`),
    ];
    expect(answered.sort()).toEqual(expected.sort());
    for (const a of approvals) {
      expect(a.ownerAddress).toBe(owner);
      expect(a.unlimited).toBe(a.amount !== null && BigInt(a.amount) >= 1n << 255n);
      expect(a.standard).toBe(a.contractAddress === contracts[0] ? 'ERC20' : a.contractAddress === contracts[1] ? 'ERC721' : 'ERC1155');
      expect(a.contractInfo.name).toBe(a.contractAddress === contracts[0] ? 'Gold' : a.contractAddress === contracts[1] ? 'Apes' : '');
      // Only a spender with code has contract info: here the ERC-721 contract, approved as a spender of Gold.
      expect(a.spenderContractInfo?.address ?? null).toBe(contracts.includes(a.spenderAddress) ? a.spenderAddress : null);
    }
  }
  return chain;
};

const erc20 = (method: string, args: unknown[], from: string): TxRequest => callTx(tokens.erc20, method, args, from);
const erc721 = (method: string, args: unknown[], from: string): TxRequest => callTx(tokens.erc721, method, args, from);
const erc1155 = (method: string, args: unknown[], from: string): TxRequest => callTx(tokens.erc1155, method, args, from);
const send = async (tx: TxRequest) => {
  const r = await sendTx(anvil, tx);
  if (Number(r.status) !== 1) throw new Error(`transaction failed: ${JSON.stringify(tx)}`);
  return Number(r.blockNumber);
};

/** Waits for the index to reach the node's head and compares every approval with the chain there. */
const expectMatchesChain = async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  const compared = await expectApprovalsMatchChain(server.app.db, anvil, contracts, head);
  await expectGraphqlMatchesChain(head);
  return compared;
};

const storedAllowance = async (owner: string, spender: string) =>
  server.app.db.getRepository(AllowanceEntity).findOneBy({ chainId: anvil.chainId, contract: contracts[0], owner, spender });

beforeAll(async () => {
  anvil = await startAnvil();
  [A, B, C, D] = [0, 1, 2, 3].map((i) => devWallet(anvil, i).address.toLowerCase());
  tokens = await deployTokens(anvil);
  contracts = [await tokens.erc20.getAddress(), await tokens.erc721.getAddress(), await tokens.erc1155.getAddress()].map((a) => a.toLowerCase());
  const start = (await headBlock(anvil)).number + 1;
  receiver = await startReceiver();
  server = await startTestServer({
    CHAINS: JSON.stringify([{ chainId: anvil.chainId, url: anvil.rpcUrl, confirmations: 6, startBlock: start }]),
    WEBHOOK_ALLOW_HOSTS: `127.0.0.1:${receiver.port}`,
    WEBHOOK_RETRY_BASE_MS: '20',
    WEBHOOK_POLL_MS: '20',
  });
  const project = await server.createProject('approvals');
  headers = { 'X-Access-Key': project.accessKey };
  const creds = { authorization: `Bearer ${project.bearerToken}` };
  secret = (await server.app.services.webhooks.add(creds, { url: receiver.url('/approvals'), filters: { accounts: [A] }, kinds: ['approvals'] })).secret;
  await send(erc20('mint', [A, 1_000_000n], A));
  for (const id of [1n, 2n, 3n]) await send(erc721('mint', [A, id], A));
  await send(erc1155('mint', [A, 7n, 50n], A));
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await anvil?.stop();
});

it('keeps ERC-20 allowances exact as they are set, raised, spent by transferFrom and revoked', async () => {
  // The chain says it indexes approvals, so an empty answer means none.
  expect((await gql('{ chains { chainId approvals nativeTransfers } }', {})).chains).toEqual([{ chainId: anvil.chainId, approvals: true, nativeTransfers: true }]);
  const approved = await send(erc20('approve', [B, 1_000n], A));
  await send(erc20('approve', [C, 500n], A));
  await send(erc20('approve', [C, 800n], A)); // raised
  expect(await expectMatchesChain()).toMatchObject({ allowances: 2, events: 3 });

  // OpenZeppelin 5 lowers the allowance on transferFrom and emits no Approval: only allowance() knows.
  const spent = await send(erc20('transferFrom', [A, D, 300n], B));
  expect(await expectMatchesChain()).toMatchObject({ allowances: 2, events: 3 });
  expect(await storedAllowance(A, B)).toMatchObject({ amount: '700', changeBlock: approved, spendBlock: spent });
  const [gold] = (await gql(APPROVALS, { owner: A, contract: contracts[0].toUpperCase().replace('0X', '0x') })).approvals.filter((a: any) => a.spenderAddress === B);
  expect(gold).toMatchObject({ amount: '700', lastChangeBlock: approved, lastSpendBlock: spent, unlimited: false });

  // A plain transfer by the owner spends no allowance: the re-read changes nothing.
  await send(erc20('transfer', [D, 1n], A));
  expect(await storedAllowance(A, B)).toMatchObject({ amount: '700', spendBlock: spent });

  // Spent in full, revoked, and unlimited (not lowered by OpenZeppelin's transferFrom).
  await send(erc20('transferFrom', [A, B, 700n], B));
  await send(erc20('approve', [C, 0n], A));
  await send(erc20('approve', [D, MAX_UINT256], A));
  await send(erc20('transferFrom', [A, D, 5n], D));
  expect(await expectMatchesChain()).toMatchObject({ allowances: 1 });
  expect((await storedAllowance(A, B))!.amount).toBe('0');
  expect((await storedAllowance(A, D))!.amount).toBe(MAX_UINT256.toString());
  // A contract as the spender comes with its contract info (expectGraphqlMatchesChain checks it).
  await send(erc20('approve', [contracts[1], 12n], A));
  expect(await expectMatchesChain()).toMatchObject({ allowances: 2 });
});

it('keeps ERC-721 token approvals (cleared by a transfer) and ApprovalForAll on ERC-721 and ERC-1155', async () => {
  await send(erc721('approve', [B, 1n], A));
  await send(erc721('approve', [C, 2n], A));
  await send(erc721('setApprovalForAll', [C, true], A));
  await send(erc1155('setApprovalForAll', [B, true], A));
  await send(erc1155('setApprovalForAll', [D, true], A));
  expect(await expectMatchesChain()).toMatchObject({ tokens: 2, operators: 3 });

  // The standard clears a token's approval on transfer, without an event; an operator may move it too.
  await send(erc721('transferFrom', [A, D, 1n], A));
  await send(erc721('transferFrom', [A, D, 2n], C));
  await send(erc1155('setApprovalForAll', [B, false], A));
  expect(await expectMatchesChain()).toMatchObject({ tokens: 0, operators: 2 });
  await send(erc721('approve', [A, 1n], D));
  expect(await expectMatchesChain()).toMatchObject({ tokens: 1, operators: 2 });
});

it('restores the approvals of orphaned blocks exactly after a reorg, and takes the new branch’s', async () => {
  await send(erc20('approve', [B, 2_000n], A));
  await send(erc20('approve', [C, 900n], A));
  await expectMatchesChain();
  const base = (await headBlock(anvil)).number;
  // Orphans: B's allowance spent, C's revoked, a token approved and an operator removed.
  await send(erc20('transferFrom', [A, D, 1_500n], B));
  await send(erc20('approve', [C, 0n], A));
  await send(erc721('approve', [C, 3n], A));
  await send(erc1155('setApprovalForAll', [D, false], A));
  const before = await expectMatchesChain();
  expect((await storedAllowance(A, B))!.amount).toBe('500');

  // The new branch: four blocks again, one longer, with other approvals and a smaller spend.
  await reorg(anvil, 4, [
    { tx: erc20('transferFrom', [A, D, 100n], B), block: 0 },
    { tx: erc20('approve', [D, 77n], A), block: 1 },
    { tx: erc721('approve', [B, 3n], A), block: 2 },
  ]);
  await send(erc1155('setApprovalForAll', [C, true], A));
  expect((await headBlock(anvil)).number).toBe(base + 5);
  const after = await expectMatchesChain();
  expect(after).not.toEqual(before);
  expect((await storedAllowance(A, B))!.amount).toBe('1900');
  expect((await storedAllowance(A, C))!.amount).toBe('900');
});

it('pages an owner’s approval events newest first with cursors, as the chain’s logs', async () => {
  const head = await waitForCanonical(server.app.db, anvil);
  for (const owner of [A, D]) {
    const expected = (await chainApprovals(anvil, contracts, head)).events.filter((e) => e.split(':')[3] === owner).reverse();
    const seen: string[] = [];
    let total = -1;
    for (let after: string | null = null; ; ) {
      const page: any = (await gql(HISTORY, { owner, after })).approvalHistory;
      total = page.totalCount;
      for (const e of page.nodes) {
        const value = e.eventKind === 'ERC20' ? e.amount : e.eventKind === 'ERC721' ? e.tokenId : e.approved ? '1' : '0';
        seen.push(`${e.blockNumber}:${e.logIndex}:${e.contractAddress}:${e.ownerAddress}:${e.spenderAddress}:${value}`);
      }
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
    expect(total).toBe(expected.length);
  }
  expect((await gql(HISTORY, { owner: A, after: null })).approvalHistory.nodes).toHaveLength(3);
});

it('refuses a malformed owner and a cursor of another list (InvalidArgument), and a caller without a key', async () => {
  const bad = await server.graphql(APPROVALS, { owner: 'nope' }, headers);
  expect(bad.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'ownerAddress' });
  const history = await server.graphql(HISTORY, { owner: A, after: 'bm90IGEgY3Vyc29y' }, headers);
  expect(history.body.errors[0].extensions).toEqual({ code: 'INVALID_ARGUMENT', field: 'after' });
  expect((await server.graphql(APPROVALS, { owner: A })).body.errors[0].extensions.code).toBe('UNAUTHORIZED');
});

it('delivers each approval change of an owner to an APPROVALS webhook as its block left it, and takes back the orphaned ones', async () => {
  await send(erc20('approve', [C, 31_337n], A));
  const items = async () => verifiedDeliveries(receiver, '/approvals', secret).flatMap((d) => d.body.data as any[]);
  for (const started = Date.now(); !(await items()).some((i) => i.kind === 'approval' && i.approval.amount === '31337'); ) {
    if (Date.now() - started > PATIENCE_MS) throw new Error('the last approval was not delivered');
    await new Promise((r) => setTimeout(r, 50));
  }
  const all = await items();
  const key = (a: any) => `${a.blockHash}:${a.kind}:${a.contract}:${a.owner}:${a.kind === 'TOKEN' ? a.tokenId : a.spender}`;
  const takenBack = new Set(all.filter((i) => i.kind === 'reorged').map((i) => key(i.item.approval)));
  const changes = all.filter((i) => i.kind === 'approval').map((i) => i.approval);
  expect(all.every((i) => ['approval', 'reorged', 'final'].includes(i.kind))).toBe(true);
  const canonical: any[] = [];
  for (const a of changes) {
    expect([a.owner, a.spender]).toContain(A);
    const block = await anvil.rpc<{ hash: string }>('eth_getBlockByNumber', [`0x${a.blockNumber.toString(16)}`, false]);
    // An item of a block the reorg orphaned was taken back; every other one is of the chain as it is.
    if (block.hash !== a.blockHash) {
      expect(takenBack.has(key(a))).toBe(true);
      continue;
    }
    canonical.push(a);
    const at = { blockTag: a.blockNumber };
    if (a.kind === 'ALLOWANCE') expect(String(await tokens.erc20.allowance(a.owner, a.spender, at))).toBe(a.amount);
    else if (a.kind === 'TOKEN') expect(String(await tokens.erc721.getApproved(BigInt(a.tokenId), at)).toLowerCase()).toBe(a.approved ? a.spender : `0x${'0'.repeat(40)}`);
    else expect(await (a.contract === contracts[1] ? tokens.erc721 : tokens.erc1155).isApprovedForAll(a.owner, a.spender, at)).toBe(a.approved);
  }
  expect(takenBack.size).toBeGreaterThan(0);
  // A spend by transferFrom (no event) and a transfer clearing a token's approval came too.
  expect(canonical.some((a) => a.kind === 'ALLOWANCE' && a.spender === B && a.amount === '700')).toBe(true);
  expect(canonical.some((a) => a.kind === 'TOKEN' && !a.approved)).toBe(true);
  // Folded in order, the changes leave the owner's approvals as the chain has them now.
  const head = await waitForCanonical(server.app.db, anvil);
  const chain = await chainApprovals(anvil, contracts, head);
  const last = new Map<string, any>();
  for (const a of canonical) last.set(a.kind === 'TOKEN' ? `t:${a.contract}:${a.tokenId}` : `${a.kind}:${a.contract}:${a.owner}:${a.spender}`, a);
  for (const [k, a] of last) {
    if (a.kind === 'ALLOWANCE') expect(chain.allowances.get(`${a.contract}:${a.owner}:${a.spender}`) ?? '0').toBe(a.amount);
    else if (a.kind === 'TOKEN') expect(chain.tokens.get(k.slice(2)) ?? null).toBe(a.approved ? a.spender : null);
    else expect(chain.operators.has(`${a.contract}:${a.owner}:${a.spender}`)).toBe(a.approved);
  }
  for (const k of chain.allowances.keys()) if (k.split(':')[1] === A) expect(last.has(`ALLOWANCE:${k}`)).toBe(true);
});
