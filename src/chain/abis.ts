// Minimal token ABIs, event topics, selectors and interface ids, with calldata encoders that return plain hex.
import { Interface } from 'ethers';

export const ERC20_ABI = [
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'function name() view returns (string)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function totalSupply() view returns (uint256)',
  'function balanceOf(address owner) view returns (uint256)',
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

export const ERC165_ABI = ['function supportsInterface(bytes4 interfaceId) view returns (bool)'] as const;

export const ERC1271_ABI = ['function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)'] as const;

export const TOPICS = {
  /** Transfer(address,address,uint256): ERC-20 (3 topics) and ERC-721 (4 topics) share it. */
  TRANSFER: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  TRANSFER_SINGLE: '0xc3d58168c5ae7397731d063d5bbf3d657854427343f4c083240f7aacaa2d0f62',
  TRANSFER_BATCH: '0x4a39dc06d4c0dbc64b70af90fd698a233a518aa5d07e595d983b8c0526c8f7fb',
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
