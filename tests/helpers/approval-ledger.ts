// The oracle for approval tests: approvals as the node has them (Approval / ApprovalForAll logs decoded here,
// independently of src, and the contracts' own allowance / getApproved / isApprovedForAll at a block), compared with
// what Strata stored.
import { AbiCoder, Interface, id } from 'ethers';
import { AllowanceEntity, ApprovalEventEntity, OperatorApprovalEntity, TokenApprovalEntity, type Db } from '../../src/db';
import type { Anvil } from './anvil';

const APPROVAL = id('Approval(address,address,uint256)');
const APPROVAL_FOR_ALL = id('ApprovalForAll(address,address,bool)');
const TRANSFER = id('Transfer(address,address,uint256)');
const ZERO = `0x${'0'.repeat(40)}`;
const abi = AbiCoder.defaultAbiCoder();
const reads = new Interface([
  'function allowance(address,address) view returns (uint256)',
  'function getApproved(uint256) view returns (address)',
  'function isApprovedForAll(address,address) view returns (bool)',
]);
const hex = (n: number) => `0x${n.toString(16)}`;
const topicAddress = (t: string) => `0x${t.slice(26)}`.toLowerCase();

type RpcLog = { address: string; topics: string[]; data: string; blockNumber: string; logIndex: string; transactionHash: string };

/** Every approval state a complete index holds, as maps of key → value (zero / false states left out). */
export type ApprovalState = {
  /** `contract:owner:spender` → amount. */
  allowances: Map<string, string>;
  /** `contract:tokenId` → approved address. */
  tokens: Map<string, string>;
  /** `contract:owner:operator` → true. */
  operators: Map<string, boolean>;
  /** `block:logIndex:contract:owner:spender:value` of every approval log. */
  events: string[];
};

const logsOf = (anvil: Anvil, contracts: string[], topics: string[], toBlock: number) =>
  anvil.rpc<RpcLog[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: hex(toBlock), address: contracts, topics: [topics] }]);

const call = async (anvil: Anvil, to: string, fn: string, args: unknown[], block: number) =>
  reads.decodeFunctionResult(fn, await anvil.rpc<string>('eth_call', [{ to, data: reads.encodeFunctionData(fn, args) }, hex(block)]))[0];

/**
 * The chain's approvals of `contracts` at `block`: every (owner, spender) an Approval ever named read with allowance(),
 * every ERC-721 token ever transferred with getApproved() (a burnt one reverts: none), every (owner, operator) an
 * ApprovalForAll named with isApprovedForAll().
 */
export const chainApprovals = async (anvil: Anvil, contracts: string[], block: number): Promise<ApprovalState> => {
  const lower = contracts.map((c) => c.toLowerCase());
  const state: ApprovalState = { allowances: new Map(), tokens: new Map(), operators: new Map(), events: [] };
  for (const log of await logsOf(anvil, lower, [APPROVAL, APPROVAL_FOR_ALL], block)) {
    const [contract, owner, spender] = [log.address.toLowerCase(), topicAddress(log.topics[1]), topicAddress(log.topics[2])];
    const value = log.topics.length === 4 ? BigInt(log.topics[3]) : BigInt(abi.decode(['uint256'], log.data)[0]);
    state.events.push(`${Number(log.blockNumber)}:${Number(log.logIndex)}:${contract}:${owner}:${spender}:${value}`);
    if (log.topics[0] === APPROVAL_FOR_ALL) {
      if (await call(anvil, contract, 'isApprovedForAll', [owner, spender], block)) state.operators.set(`${contract}:${owner}:${spender}`, true);
    } else if (log.topics.length === 3) {
      const amount: bigint = await call(anvil, contract, 'allowance', [owner, spender], block);
      if (amount > 0n) state.allowances.set(`${contract}:${owner}:${spender}`, amount.toString());
    }
  }
  for (const log of await logsOf(anvil, lower, [TRANSFER], block)) {
    if (log.topics.length !== 4) continue;
    const contract = log.address.toLowerCase();
    const tokenId = BigInt(log.topics[3]);
    let approved = ZERO;
    try {
      approved = (await call(anvil, contract, 'getApproved', [tokenId], block)).toLowerCase();
    } catch {
      // burnt: nobody is approved
    }
    if (approved !== ZERO) state.tokens.set(`${contract}:${tokenId}`, approved);
  }
  return state;
};

/** What Strata stored for `chainId`, in the same shape. */
export const storedApprovals = async (db: Db, chainId: number): Promise<ApprovalState> => {
  const state: ApprovalState = { allowances: new Map(), tokens: new Map(), operators: new Map(), events: [] };
  for (const r of await db.getRepository(AllowanceEntity).findBy({ chainId })) if (r.amount !== '0') state.allowances.set(`${r.contract}:${r.owner}:${r.spender}`, r.amount);
  for (const r of await db.getRepository(TokenApprovalEntity).findBy({ chainId })) if (r.approved !== ZERO) state.tokens.set(`${r.contract}:${r.tokenId}`, r.approved);
  for (const r of await db.getRepository(OperatorApprovalEntity).findBy({ chainId })) if (r.approved) state.operators.set(`${r.contract}:${r.owner}:${r.operator}`, true);
  const events = await db.getRepository(ApprovalEventEntity).find({ where: { chainId }, order: { blockNumber: 'ASC', logIndex: 'ASC' } });
  state.events = events.map((e) => `${e.blockNumber}:${e.logIndex}:${e.contract}:${e.owner}:${e.spender}:${e.value}`);
  return state;
};

const sorted = (m: Map<string, unknown>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : 1));

/** The stored approvals equal the chain's at `block`; returns how many of each were compared. */
export const expectApprovalsMatchChain = async (db: Db, anvil: Anvil, contracts: string[], block: number) => {
  const [chain, stored] = [await chainApprovals(anvil, contracts, block), await storedApprovals(db, anvil.chainId)];
  expect(sorted(stored.allowances)).toEqual(sorted(chain.allowances));
  expect(sorted(stored.tokens)).toEqual(sorted(chain.tokens));
  expect(sorted(stored.operators)).toEqual(sorted(chain.operators));
  expect(stored.events).toEqual(chain.events);
  return { allowances: chain.allowances.size, tokens: chain.tokens.size, operators: chain.operators.size, events: chain.events.length };
};
