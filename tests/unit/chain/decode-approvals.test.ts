// Approval / ApprovalForAll decoding: the ERC-20 and ERC-721 shapes of Approval told apart by their topics, the
// operator flag, and malformed logs skipped with a reason instead of throwing.
import { AbiCoder, id } from 'ethers';
import { TOPICS, decodeApprovalLog } from '../../../src/chain';

const abi = AbiCoder.defaultAbiCoder();
const word = (a: string) => `0x${a.slice(2).padStart(64, '0')}`;
const TOKEN = '0x' + '1'.repeat(40);
const OWNER = '0x' + 'a'.repeat(40);
const SPENDER = '0x' + 'b'.repeat(40);
const log = (topics: string[], data = '0x') => ({ address: TOKEN, topics, data, logIndex: 3 });

it('has the topics of the standard signatures', () => {
  expect(TOPICS.APPROVAL).toBe(id('Approval(address,address,uint256)'));
  expect(TOPICS.APPROVAL_FOR_ALL).toBe(id('ApprovalForAll(address,address,bool)'));
});

it('decodes an ERC-20 allowance (3 topics, value in data) and an ERC-721 approval (4 topics, no data)', () => {
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, word(OWNER), word(SPENDER)], abi.encode(['uint256'], [(1n << 256n) - 1n])))).toEqual({
    kind: 'ERC20',
    contract: TOKEN,
    owner: OWNER,
    spender: SPENDER,
    value: (1n << 256n) - 1n,
  });
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, word(OWNER), word(SPENDER), word('0x2a')]))).toEqual({ kind: 'ERC721', contract: TOKEN, owner: OWNER, spender: SPENDER, value: 42n });
});

it('decodes ApprovalForAll as 1 (approved) or 0 (revoked)', () => {
  const all = (flag: bigint) => log([TOPICS.APPROVAL_FOR_ALL, word(OWNER), word(SPENDER)], abi.encode(['uint256'], [flag]));
  expect(decodeApprovalLog(all(1n))).toMatchObject({ kind: 'ALL', value: 1n });
  expect(decodeApprovalLog(all(0n))).toMatchObject({ kind: 'ALL', value: 0n });
  expect(decodeApprovalLog(all(2n))).toEqual({ skipped: 'ApprovalForAll flag is neither 0 nor 1' });
});

it('skips malformed logs with a reason', () => {
  expect(decodeApprovalLog(log([TOPICS.TRANSFER, word(OWNER), word(SPENDER)], abi.encode(['uint256'], [1n])))).toEqual({ skipped: 'not an approval event' });
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, word(OWNER)], abi.encode(['uint256'], [1n])))).toEqual({ skipped: 'Approval with 2 topics' });
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, word(OWNER), word(SPENDER)], '0x01'))).toEqual({ skipped: 'ERC-20 Approval data is 1 bytes (expected 32)' });
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, word(OWNER), word(SPENDER), word('0x1')], '0x' + '00'.repeat(32)))).toEqual({ skipped: 'ERC-721 Approval carries 32 bytes of data (expected none)' });
  expect(decodeApprovalLog(log([TOPICS.APPROVAL, `0x${'f'.repeat(64)}`, word(SPENDER)], abi.encode(['uint256'], [1n])))).toEqual({ skipped: 'Approval address topic has non-zero high bytes' });
  expect(decodeApprovalLog({ ...log([TOPICS.APPROVAL_FOR_ALL, word(OWNER), word(SPENDER)], abi.encode(['uint256'], [1n])), address: 'nope' })).toEqual({ skipped: 'log address is not a 20-byte address' });
});
