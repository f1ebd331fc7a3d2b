// Whether `signature` is `address`'s signature of a personal (EIP-191) message: EOA recovery, ERC-1271, or ERC-6492.
import { AbiCoder, Signature, getBytes, hashMessage, hexlify, recoverAddress } from 'ethers';
import type { ChainClient } from '../client';
import { ChainRequestError, RetryableChainError } from '../errors';
import type { Hex } from '../types';
import { VALIDATE_SIG_OFFCHAIN_BYTECODE } from './validator-bytecode';

/** How the signature was (or would have been) checked. */
export type SignatureKind = 'eoa' | 'erc1271' | 'erc6492';

export type SignatureCheck = {
  valid: boolean;
  kind: SignatureKind;
  /** Why, in words fit for a log line or an error message; never node internals. */
  reason: string;
};

/** A client, or a way to get one: EOA signatures that recover never need a node. */
export type SignatureClient = Pick<ChainClient, 'request' | 'eth_call'>;

export type VerifyMessageSignatureInput = {
  client: SignatureClient | (() => Promise<SignatureClient>);
  address: string;
  message: string;
  signature: string;
  /** Whole verification, node calls included. Default 10 s. */
  timeoutMs?: number;
};

/** The same over a 32-byte digest already computed (a raw hash, EIP-712 typed data). */
export type VerifyDigestSignatureInput = Omit<VerifyMessageSignatureInput, 'message'> & { digest: string };

/** ERC-6492 wrapper suffix. */
export const ERC6492_MAGIC_SUFFIX = '0x' + '6492'.repeat(16);
const ERC1271_MAGIC_WORD = '0x1626ba7e' + '0'.repeat(56);
const IS_VALID_SIGNATURE = '0x1626ba7e'; // isValidSignature(bytes32,bytes)
/** Gas for one isValidSignature call: generous for multisig and nested smart wallets, bounded for hostile ones. */
export const ERC1271_GAS = 1_000_000n;
/** Gas for the deployless check: deploys the validator, runs the factory call, then isValidSignature. */
export const ERC6492_GAS = 10_000_000n;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Larger signatures are refused without a call (smart wallet signatures are a few KiB at most). */
export const MAX_SIGNATURE_BYTES = 32 * 1024;

const HALF_N = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
const abi = AbiCoder.defaultAbiCoder();

const refused = (kind: SignatureKind, reason: string): SignatureCheck => ({ valid: false, kind, reason });

/** The ECDSA signature in a 65-byte (v 27/28 or 0/1) or 64-byte EIP-2098 signature; null for any other shape or a non-canonical one. */
const ecdsaOf = (bytes: Uint8Array): Signature | null => {
  try {
    let sig: Signature;
    if (bytes.length === 65) {
      const v = bytes[64];
      if (![0, 1, 27, 28].includes(v)) return null;
      sig = Signature.from({ r: hexlify(bytes.slice(0, 32)), s: hexlify(bytes.slice(32, 64)), v: v < 27 ? v + 27 : v });
    } else if (bytes.length === 64) {
      sig = Signature.from({ r: hexlify(bytes.slice(0, 32)), yParityAndS: hexlify(bytes.slice(32, 64)) });
    } else return null;
    const s = BigInt(sig.s);
    // Only low-s signatures, as ecrecover users (OpenZeppelin ECDSA) require: no malleated copies.
    if (BigInt(sig.r) === 0n || s === 0n || s > HALF_N) return null;
    return sig;
  } catch {
    return null;
  }
};

const recovers = (digest: string, sig: Signature, address: string): boolean => {
  try {
    return recoverAddress(digest, sig).toLowerCase() === address;
  } catch {
    return false;
  }
};

/** The revert reason a node reported, shortened; contract-chosen bytes only, nothing about the node. */
const revertReason = (err: ChainRequestError): string => {
  const data = err.data && /^0x[0-9a-f]*$/i.test(err.data) ? err.data.slice(0, 10) : '';
  return data ? `reverted (${data})` : 'reverted';
};

const asHex = (method: string, v: unknown): Hex => {
  if (typeof v !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(v)) throw new ChainRequestError(method, 'node returned a non-hex result');
  return v.toLowerCase();
};

/** Rejects with a RetryableChainError when `p` outlives `ms`. */
const deadline = <T>(p: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RetryableChainError('verifySignature', 'timeout', `signature verification took longer than ${ms} ms`)), ms);
  });
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
};

/**
 * Verifies a personal-sign signature (digest = EIP-191 hash of `message`) for `address`, in the order
 * that costs least while staying correct: ERC-6492 wrapper → one deployless eth_call; a 64/65-byte
 * signature that recovers to `address` → valid, no call; anything else → ERC-1271 isValidSignature.
 * Refusals resolve `{ valid: false }`; node trouble rejects (RetryableChainError), so a caller never
 * mistakes an outage for a forged signature.
 */
export const verifyMessageSignature = async ({ message, ...input }: VerifyMessageSignatureInput): Promise<SignatureCheck> =>
  verifyDigestSignature({ ...input, digest: hashMessage(message) });

/** verifyMessageSignature over a digest: an EOA signature must recover from the digest itself, wallets get it as the hash. */
export const verifyDigestSignature = async (input: VerifyDigestSignatureInput): Promise<SignatureCheck> => {
  const address = input.address.toLowerCase();
  if (!/^0x[0-9a-fA-F]{64}$/.test(input.digest)) return refused('eoa', 'the digest is not 32 bytes of 0x-prefixed hex');
  if (!/^0x[0-9a-f]{40}$/.test(address)) return refused('eoa', 'the address is not a 20-byte hex address');
  if (!/^0x([0-9a-fA-F]{2})+$/.test(input.signature)) return refused('eoa', 'the signature is not 0x-prefixed hex bytes');
  const bytes = getBytes(input.signature);
  if (bytes.length > MAX_SIGNATURE_BYTES) return refused('eoa', `the signature is longer than ${MAX_SIGNATURE_BYTES} bytes`);
  const digest = input.digest.toLowerCase();
  const sigHex = hexlify(bytes);
  const wrapped = bytes.length > 32 && sigHex.endsWith(ERC6492_MAGIC_SUFFIX.slice(2));

  if (wrapped) {
    try {
      abi.decode(['address', 'bytes', 'bytes'], bytes.slice(0, bytes.length - 32));
    } catch {
      return refused('erc6492', 'the ERC-6492 wrapper is not abi.encode(address factory, bytes factoryCalldata, bytes signature)');
    }
  } else {
    const ecdsa = ecdsaOf(bytes);
    if (ecdsa && recovers(digest, ecdsa, address)) return { valid: true, kind: 'eoa', reason: 'recovered the signer (ECDSA)' };
  }

  const timeoutMs = input.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const started = Date.now();
  const remaining = () => Math.max(1, timeoutMs - (Date.now() - started));
  const onChain = async (): Promise<SignatureCheck> => {
    const client = typeof input.client === 'function' ? await input.client() : input.client;
    if (wrapped) return erc6492(client, address, digest, sigHex, remaining());
    return erc1271(client, address, digest, sigHex, remaining(), bytes.length);
  };
  return deadline(onChain(), timeoutMs);
};

const erc1271 = async (client: SignatureClient, address: string, digest: string, sig: string, timeoutMs: number, length: number): Promise<SignatureCheck> => {
  const data = IS_VALID_SIGNATURE + abi.encode(['bytes32', 'bytes'], [digest, sig]).slice(2);
  let result: Hex;
  try {
    result = await client.eth_call({ to: address, data, gas: ERC1271_GAS }, 'latest', { timeoutMs, retries: 0 });
  } catch (err) {
    if (err instanceof ChainRequestError) return refused('erc1271', `isValidSignature ${revertReason(err)}`);
    throw err;
  }
  if (result === '0x') {
    const shape = length === 64 || length === 65 ? 'does not recover to the address' : `is ${length} bytes, not a 64/65-byte ECDSA signature`;
    return refused('eoa', `the signature ${shape}, and the address has no contract code answering ERC-1271 isValidSignature`);
  }
  // Exactly the magic value in a 32-byte word, as OpenZeppelin's SignatureChecker requires.
  if (result === ERC1271_MAGIC_WORD) return { valid: true, kind: 'erc1271', reason: 'isValidSignature returned 0x1626ba7e (ERC-1271)' };
  return refused('erc1271', 'the contract wallet rejected the signature (ERC-1271 isValidSignature did not return 0x1626ba7e)');
};

const erc6492 = async (client: SignatureClient, address: string, digest: string, sig: string, timeoutMs: number): Promise<SignatureCheck> => {
  // ValidateSigOffchain(signer, hash, signature): its constructor answers one byte, 0x01 when valid.
  const data = VALIDATE_SIG_OFFCHAIN_BYTECODE + abi.encode(['address', 'bytes32', 'bytes'], [address, digest, sig]).slice(2);
  let result: Hex;
  try {
    result = asHex('eth_call', await client.request('eth_call', [{ data, gas: `0x${ERC6492_GAS.toString(16)}` }, 'latest'], { timeoutMs, retries: 0 }));
  } catch (err) {
    if (err instanceof ChainRequestError) return refused('erc6492', `ERC-6492 validation ${revertReason(err)}: the factory call or isValidSignature failed`);
    throw err;
  }
  if (result === '0x01') return { valid: true, kind: 'erc6492', reason: 'ERC-6492 validation returned true' };
  if (result === '0x00') return refused('erc6492', 'the counterfactual wallet rejected the signature (ERC-6492)');
  return refused('erc6492', 'ERC-6492 validation returned an unexpected result');
};
