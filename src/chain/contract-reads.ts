// Reads what a contract says about itself (type, name, symbol, decimals, URIs), tolerating hostile or broken contracts.
import { keccak256 } from 'ethers';
import { INTERFACE_IDS, encodeCall } from './abis';
import { decodeAbiString, decodeBool, decodeBytes32String, decodeUint } from './abi-decode';
import type { ChainClient } from './client';
import type { ContractType } from './contract-type';
import { ChainRequestError } from './errors';
import type { BlockTag, Hex } from './types';

export type ContractBasics = {
  type: ContractType;
  /** '' when the contract has none, reverts, or answers garbage. */
  name: string;
  symbol: string;
  /** 0–255 when decimals() answers a uint8, else null. */
  decimals: number | null;
  deployed: boolean;
  /** keccak256 of the runtime code; '0x' when the address holds no code. */
  bytecodeHash: Hex;
};

export type ReadOptions = {
  blockTag?: BlockTag;
  /** Gas cap per call; a looping contract fails the call instead of the read. */
  gas?: bigint;
  /** Per attempt. */
  timeoutMs?: number;
  retries?: number;
};

const MAX_TEXT_CHARS = 200;
const BASICS_GAS = 500_000n;
// Fully on-chain metadata (SVG built in the call) can need millions of gas.
const URI_GAS = 20_000_000n;
const READ_TIMEOUT_MS = 10_000;
const READ_RETRIES = 2;

/**
 * One bounded eth_call. null when the contract refuses (revert, out of gas, empty answer);
 * node trouble (RetryableChainError) propagates so callers never cache a transient failure as "no name".
 */
const tryCall = async (client: ChainClient, to: Hex, data: Hex, gas: bigint, o: ReadOptions): Promise<Hex | null> => {
  try {
    const result = await client.eth_call({ to, data, gas: o.gas ?? gas }, o.blockTag ?? 'latest', {
      timeoutMs: o.timeoutMs ?? READ_TIMEOUT_MS,
      retries: o.retries ?? READ_RETRIES,
    });
    return result === '0x' ? null : result;
  } catch (err) {
    if (err instanceof ChainRequestError) return null;
    throw err;
  }
};

/** Strips NUL bytes and caps the length (by code point, so no surrogate pair is cut). */
export const cleanText = (s: string, max = MAX_TEXT_CHARS): string => {
  const noNul = s.replace(/\u0000/g, '');
  const chars = Array.from(noNul);
  return chars.length > max ? chars.slice(0, max).join('') : noNul;
};

/** string, or bytes32 for pre-standard tokens such as MKR. */
const decodeText = (hex: Hex | null): string => {
  if (!hex) return '';
  return cleanText(decodeAbiString(hex) ?? decodeBytes32String(hex) ?? '');
};

const decodeDecimals = (hex: Hex | null): number | null => {
  const v = hex ? decodeUint(hex) : null;
  return v !== null && v <= 255n ? Number(v) : null;
};

/** Type by ERC-165 (ERC-721 first, then ERC-1155, then ERC-6909), else ERC20 when decimals() or totalSupply() answers, else UNKNOWN. */
export const readContractBasics = async (
  client: ChainClient,
  address: Hex,
  blockTag: BlockTag = 'latest',
  options: Omit<ReadOptions, 'blockTag'> = {},
): Promise<ContractBasics> => {
  const opts: ReadOptions = { ...options, blockTag };
  const code = await client.eth_getCode(address, opts.blockTag ?? 'latest');
  if (code === '0x') return { type: 'UNKNOWN', name: '', symbol: '', decimals: null, deployed: false, bytecodeHash: '0x' };

  const read = (data: Hex) => tryCall(client, address, data, BASICS_GAS, opts);
  const [erc165, invalid, erc721, erc1155, erc6909, name, symbol, decimals, totalSupply] = await Promise.all([
    read(encodeCall.supportsInterface(INTERFACE_IDS.ERC165)),
    read(encodeCall.supportsInterface(INTERFACE_IDS.INVALID)),
    read(encodeCall.supportsInterface(INTERFACE_IDS.ERC721)),
    read(encodeCall.supportsInterface(INTERFACE_IDS.ERC1155)),
    read(encodeCall.supportsInterface(INTERFACE_IDS.ERC6909)),
    read(encodeCall.name()),
    read(encodeCall.symbol()),
    read(encodeCall.decimals()),
    read(encodeCall.totalSupply()),
  ]);

  // ERC-165's own detection rule: a contract that says yes to 0xffffffff says yes to everything.
  const speaks165 = erc165 !== null && decodeBool(erc165) === true && invalid !== null && decodeBool(invalid) === false;
  const dec = decodeDecimals(decimals);
  let type: ContractType = 'UNKNOWN';
  if (speaks165 && erc721 && decodeBool(erc721)) type = 'ERC721';
  else if (speaks165 && erc1155 && decodeBool(erc1155)) type = 'ERC1155';
  else if (speaks165 && erc6909 && decodeBool(erc6909)) type = 'ERC6909';
  else if (dec !== null || (totalSupply !== null && decodeUint(totalSupply) !== null)) type = 'ERC20';

  return { type, name: decodeText(name), symbol: decodeText(symbol), decimals: dec, deployed: true, bytecodeHash: keccak256(code) };
};

const readUriString = async (client: ChainClient, address: Hex, data: Hex, opts: ReadOptions): Promise<string | null> => {
  const result = await tryCall(client, address, data, URI_GAS, opts);
  const text = result ? decodeAbiString(result) : null;
  // NUL never belongs in a URI and breaks storage and logging downstream; length is left alone (data: URIs).
  const uri = text?.replace(/\u0000/g, '');
  return uri ? uri : null;
};

/** ERC-721 tokenURI(tokenId); null when the call fails, returns no string, or returns ''. */
export const readTokenURI = (client: ChainClient, address: Hex, tokenId: bigint, opts: ReadOptions = {}): Promise<string | null> =>
  readUriString(client, address, encodeCall.tokenURI(tokenId), opts);

/** ERC-1155 uri(id), raw: the `{id}` placeholder is left for the caller to substitute; null when absent or ''. */
export const readERC1155Uri = (client: ChainClient, address: Hex, tokenId: bigint, opts: ReadOptions = {}): Promise<string | null> =>
  readUriString(client, address, encodeCall.uri(tokenId), opts);

/** contractURI() (collection-level metadata); null when absent or ''. */
export const readContractURI = (client: ChainClient, address: Hex, opts: ReadOptions = {}): Promise<string | null> =>
  readUriString(client, address, encodeCall.contractURI(), opts);

/** ERC-20 totalSupply(), as a decimal string; null when the contract has none or answers garbage. */
export const readTotalSupply = async (client: ChainClient, address: Hex, opts: ReadOptions = {}): Promise<string | null> => {
  const result = await tryCall(client, address, encodeCall.totalSupply() as Hex, BASICS_GAS, opts);
  const value = result ? decodeUint(result) : null;
  return value === null ? null : value.toString();
};
