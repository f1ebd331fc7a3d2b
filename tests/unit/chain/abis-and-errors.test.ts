import { id, Interface } from 'ethers';
import { ERC1155_ABI, ERC165_ABI, ERC1271_ABI, ERC20_ABI, ERC721_ABI, INTERFACE_IDS, SELECTORS, TOPICS } from '../../../src/chain/abis';
import { decodeAbiString, decodeBytes32String } from '../../../src/chain/abi-decode';
import { cleanText } from '../../../src/chain/contract-reads';
import {
  ChainRequestError,
  LogRangeTooLargeError,
  RetryableChainError,
  classifyError,
  isMethodUnsupported,
} from '../../../src/chain/errors';

describe('abis', () => {
  it('topic hashes and selectors are the keccak of their signatures', () => {
    expect(TOPICS.TRANSFER).toBe(id('Transfer(address,address,uint256)'));
    expect(TOPICS.TRANSFER_SINGLE).toBe(id('TransferSingle(address,address,address,uint256,uint256)'));
    expect(TOPICS.TRANSFER_BATCH).toBe(id('TransferBatch(address,address,address,uint256[],uint256[])'));
    expect(TOPICS.URI).toBe(id('URI(string,uint256)'));
    expect(TOPICS.ERC6909_TRANSFER).toBe(id('Transfer(address,address,address,uint256,uint256)'));
    const all = new Interface([...ERC20_ABI, ...ERC721_ABI.slice(1), ...ERC1155_ABI, ...ERC165_ABI, ...ERC1271_ABI, 'function contractURI() view returns (string)']);
    for (const [name, selector] of Object.entries(SELECTORS)) expect(all.getFunction(name)!.selector).toBe(selector);
  });

  it('ERC-721, ERC-1155 and ERC-6909 interface ids are the XOR of their selectors', () => {
    const xor = (sigs: string[]) =>
      '0x' + sigs.map((s) => parseInt(id(s).slice(2, 10), 16)).reduce((a, b) => (a ^ b) >>> 0, 0).toString(16).padStart(8, '0');
    expect(INTERFACE_IDS.ERC721).toBe(
      xor([
        'balanceOf(address)', 'ownerOf(uint256)', 'safeTransferFrom(address,address,uint256,bytes)', 'safeTransferFrom(address,address,uint256)',
        'transferFrom(address,address,uint256)', 'approve(address,uint256)', 'setApprovalForAll(address,bool)', 'getApproved(uint256)',
        'isApprovedForAll(address,address)',
      ]),
    );
    expect(INTERFACE_IDS.ERC1155).toBe(
      xor([
        'safeTransferFrom(address,address,uint256,uint256,bytes)', 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
        'balanceOf(address,uint256)', 'balanceOfBatch(address[],uint256[])', 'setApprovalForAll(address,bool)', 'isApprovedForAll(address,address)',
      ]),
    );
    expect(INTERFACE_IDS.ERC6909).toBe(
      xor([
        'balanceOf(address,uint256)', 'allowance(address,address,uint256)', 'isOperator(address,address)', 'approve(address,uint256,uint256)',
        'setOperator(address,bool)', 'transfer(address,uint256,uint256)', 'transferFrom(address,address,uint256,uint256)',
      ]),
    );
  });
});

describe('text decoding', () => {
  const abiString = (hex: string) => `0x${(32n).toString(16).padStart(64, '0')}${(BigInt(hex.length / 2)).toString(16).padStart(64, '0')}${hex.padEnd(Math.ceil(hex.length / 64) * 64 || 64, '0')}`;

  it('decodes strings, bytes32 and garbage', () => {
    expect(decodeAbiString(abiString(Buffer.from('héllo').toString('hex')))).toBe('héllo');
    expect(decodeAbiString(abiString('41ff42'))).toBe('A\uFFFDB');
    expect(decodeAbiString('0x' + '00'.repeat(31) + '20' + 'ff'.repeat(32))).toBeNull(); // length beyond data
    expect(decodeAbiString('0x1234')).toBeNull();
    expect(decodeBytes32String('0x' + Buffer.from('MKR').toString('hex').padEnd(64, '0'))).toBe('MKR');
    expect(decodeBytes32String('0x' + '00'.repeat(33))).toBeNull();
  });

  it('cleanText strips NUL and caps length without splitting code points', () => {
    expect(cleanText('a\u0000b\u0000')).toBe('ab');
    expect(cleanText('x'.repeat(500))).toHaveLength(200);
    const emoji = cleanText('😀'.repeat(300));
    expect(Array.from(emoji)).toHaveLength(200);
    expect(emoji.endsWith('😀')).toBe(true);
  });
});

describe('classifyError', () => {
  const http = (status: string, body = '') => ({ code: 'SERVER_ERROR', info: { responseStatus: status, responseBody: body } });
  const rpc = (code: number, message: string) => ({ code: 'UNKNOWN_ERROR', error: { code, message } });

  it.each<[string, unknown, string, unknown]>([
    ['HTTP 429', http('429 Too Many Requests'), 'eth_blockNumber', RetryableChainError],
    ['HTTP 502', http('502 Bad Gateway', '<html>'), 'eth_blockNumber', RetryableChainError],
    ['HTTP 500 without JSON-RPC body', http('500 Internal Server Error', 'oops'), 'eth_blockNumber', RetryableChainError],
    ['HTTP 401', http('401 Unauthorized'), 'eth_blockNumber', ChainRequestError],
    ['connection reset', Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), 'eth_call', RetryableChainError],
    ['connection refused', Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }), 'eth_call', RetryableChainError],
    ['ethers timeout', { code: 'TIMEOUT', message: 'timeout' }, 'eth_call', RetryableChainError],
    ['revert', { code: 'CALL_EXCEPTION', info: { error: { code: 3, message: 'execution reverted', data: '0x08c379a0' } } }, 'eth_call', ChainRequestError],
    ['invalid params', rpc(-32602, 'invalid params'), 'eth_getBlockByNumber', ChainRequestError],
    ['rate limit as JSON-RPC error', rpc(-32005, 'daily request count exceeded, request rate limited'), 'eth_call', RetryableChainError],
    ['Infura range', rpc(-32005, 'query returned more than 10000 results'), 'eth_getLogs', LogRangeTooLargeError],
    ['Alchemy range in a 400 body', http('400 Bad Request', '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range"}}'), 'eth_getLogs', LogRangeTooLargeError],
    ['Ankr range', rpc(-32600, 'block range is too wide'), 'eth_getLogs', LogRangeTooLargeError],
    ['limit exceeded', rpc(-32005, 'limit exceeded'), 'eth_getLogs', LogRangeTooLargeError],
    ['rate limit on getLogs is not a range problem', rpc(429, 'Too Many Requests'), 'eth_getLogs', RetryableChainError],
  ])('%s', (_name, err, method, expected) => {
    const classified = classifyError(method, err);
    expect(classified).toBeInstanceOf(expected as new (...a: any[]) => Error);
    if (expected === ChainRequestError) expect(classified).not.toBeInstanceOf(LogRangeTooLargeError);
  });

  it('reads the range a refusal suggests, and the widest range it states', () => {
    const infura = classifyError('eth_getLogs', rpc(-32005, 'query returned more than 10000 results. Try with this block range [0x1B, 0x2F].'));
    expect(infura).toMatchObject({ suggested: { fromBlock: 0x1b, toBlock: 0x2f } });
    const inData = classifyError('eth_getLogs', { error: { code: -32005, message: 'query returned more than 10000 results', data: { from: '0x10', to: '0x20', limit: 10000 } } });
    expect(inData).toMatchObject({ suggested: { fromBlock: 0x10, toBlock: 0x20 } });
    const alchemy = classifyError(
      'eth_getLogs',
      rpc(-32602, 'Log response size exceeded. You can make eth_getLogs requests with up to a 2K block range and no limit on the response size, or you can request any block range with a cap of 10K logs in the response. Based on your parameters, this block range should work: [0x5, 0x9]'),
    );
    expect(alchemy).toMatchObject({ suggested: { fromBlock: 5, toBlock: 9 }, maxBlocks: undefined });
    expect(classifyError('eth_getLogs', rpc(-32614, 'eth_getLogs is limited to a 10,000 range'))).toMatchObject({ maxBlocks: 10_000 });
    expect(classifyError('eth_getLogs', rpc(-32602, 'range 1000000 exceeds limit of 10000'))).toMatchObject({ maxBlocks: 10_000 });
    expect(classifyError('eth_getLogs', rpc(-32000, 'block range is too wide (maximum 1024)'))).toMatchObject({ maxBlocks: 1024 });
    const bare = classifyError('eth_getLogs', rpc(-32600, 'block range is too wide'));
    expect(bare).toBeInstanceOf(LogRangeTooLargeError);
    expect(bare).toMatchObject({ suggested: undefined, maxBlocks: undefined });
    // A reversed or empty suggestion is no suggestion.
    expect(classifyError('eth_getLogs', rpc(-32005, 'query returned more than 10000 results. Try with this block range [0x9, 0x5].'))).toMatchObject({ suggested: undefined });
  });

  it('treats -32005 rate limits as transient, on eth_getLogs too, and keeps Retry-After', () => {
    expect(classifyError('eth_getLogs', rpc(-32005, 'project ID request rate exceeded'))).toBeInstanceOf(RetryableChainError);
    expect(classifyError('eth_blockNumber', rpc(-32005, 'something over quota'))).toBeInstanceOf(RetryableChainError);
    const withHeader = classifyError('eth_call', { info: { responseStatus: '429', responseBody: '', retryAfter: '2' } });
    expect(withHeader).toMatchObject({ reason: 'rate-limited', retryAfterMs: 2000 });
    const without = classifyError('eth_call', { info: { responseStatus: '429', responseBody: '' } });
    expect(without).toMatchObject({ reason: 'rate-limited', retryAfterMs: undefined });
  });

  it('keeps the node message and revert data', () => {
    const e = classifyError('eth_call', { code: 'CALL_EXCEPTION', info: { error: { code: 3, message: 'execution reverted: nope', data: '0xdeadbeef' } } });
    expect(e).toMatchObject({ nodeMessage: 'execution reverted: nope', code: 3, data: '0xdeadbeef', method: 'eth_call' });
  });

  it('recognises unsupported methods', () => {
    expect(isMethodUnsupported(new ChainRequestError('eth_getBlockReceipts', 'Method not found', -32601))).toBe(true);
    expect(isMethodUnsupported(new ChainRequestError('eth_getBlockReceipts', 'the method eth_getBlockReceipts does not exist/is not available', -32000))).toBe(true);
    expect(isMethodUnsupported(new ChainRequestError('eth_getBlockReceipts', 'invalid params', -32602))).toBe(false);
  });
});
