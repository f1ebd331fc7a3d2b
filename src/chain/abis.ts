// Minimal token ABIs, event topics, selectors and interface ids, with calldata encoders that return plain hex.
import { Interface } from 'ethers';

export const ERC20_ABI = [
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
  'function allowance(address owner, address spender) view returns (uint256)',
] as const;

export const ERC721_ABI = [
  'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function ownerOf(uint256 tokenId) view returns (address)',
] as const;

export const ERC1155_ABI = [
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
  'event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)',
  'event URI(string value, uint256 indexed id)',
  'function uri(uint256 id) view returns (string)',
  'function balanceOf(address account, uint256 id) view returns (uint256)',
] as const;

/** ERC-6909's Transfer shares ERC-20's name but not its signature: caller in data, and a 4th topic (the id). */
export const ERC6909_ABI = [
  'event Transfer(address caller, address indexed sender, address indexed receiver, uint256 indexed id, uint256 amount)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function tokenURI(uint256 id) view returns (string)',
] as const;

export const ERC165_ABI = ['function supportsInterface(bytes4 interfaceId) view returns (bool)'] as const;

export const ERC1271_ABI = ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)'] as const;

export const TOPICS = {
  /** Transfer(address,address,uint256): ERC-20 (3 topics) and ERC-721 (4 topics) share it. */
  TRANSFER: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  TRANSFER_SINGLE: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  TRANSFER_BATCH: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
  /** ERC-6909 Transfer(address,address,address,uint256,uint256): caller and amount in data. */
  ERC6909_TRANSFER: '0x1b3d7edb2e9c0b0e7c525b20aaaef0f5940d2ed71663c7d39266ecafac728859',
  /** Approval(address,address,uint256): ERC-20 (3 topics, value in data) and ERC-721 (4 topics, tokenId indexed) share it. */
  APPROVAL: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  /** ApprovalForAll(address,address,bool): ERC-721 and ERC-1155. */
  APPROVAL_FOR_ALL: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  /** ERC-1155 URI(string,uint256) */
  URI: '0x6bb7ff708619ba0610cba295a58592e0451dee2622938c8755667688daf3529b',
} as const;

export const SELECTORS = {
  name: '0x06fdde03',
  symbol: '0x95d89b41',
  decimals: '0x313ce567',
  totalSupply: '0x18160ddd',
  supportsInterface: '0x01ffc9a7',
  tokenURI: '0xc87b56dd',
  uri: '0x0e89341c',
  contractURI: '0xe8a3d485',
  isValidSignature: '0x1626ba7e',
} as const;

export const INTERFACE_IDS = {
  ERC165: '0x01ffc9a7',
  ERC721: '0x80ac58cd',
  ERC1155: '0xd9b67a26',
  /** ERC-6909's minimal multi-token interface (the EIP's own id: the XOR of its seven function selectors). */
  ERC6909: '0x0f632fb3',
  /** Must be reported unsupported by a correct ERC-165 implementation. */
  INVALID: '0xffffffff',
} as const;

/** What isValidSignature returns for a valid signature. */
export const ERC1271_MAGIC_VALUE = '0x1626ba7e';

const erc165 = new Interface(ERC165_ABI);
const erc721 = new Interface(ERC721_ABI);
const erc1155 = new Interface(ERC1155_ABI);
const erc1271 = new Interface(ERC1271_ABI);

export const encodeCall = {
  name: (): string => SELECTORS.name,
  symbol: (): string => SELECTORS.symbol,
  decimals: (): string => SELECTORS.decimals,
  totalSupply: (): string => SELECTORS.totalSupply,
  contractURI: (): string => SELECTORS.contractURI,
  supportsInterface: (interfaceId: string): string => erc165.encodeFunctionData('supportsInterface', [interfaceId]),
  tokenURI: (tokenId: bigint): string => erc721.encodeFunctionData('tokenURI', [tokenId]),
  uri: (tokenId: bigint): string => erc1155.encodeFunctionData('uri', [tokenId]),
  isValidSignature: (hash: string, signature: string): string =>
    erc1271.encodeFunctionData('isValidSignature', [hash, signature]),
};
