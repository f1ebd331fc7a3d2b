// ETHAuth proofs (`eth.<address>.<base64url claims>.<signature>[.<extra>]`, npm @0xsequence/ethauth): decoded and their
// claims checked with the library; the signature checked with Strata's verifier, over the digests the library's own
// validators use — EIP-191 of the claims' EIP-712 hash for an account, the hash itself for a contract wallet (ERC-1271,
// ERC-6492) — so a node is asked only for contract wallets.
import { Proof, type Claims } from '@0xsequence/ethauth';
import { hashMessage, hexlify } from 'ethers';
import { verifyDigestSignature, type SignatureCheck, type SignatureClient } from './verify';

export type EthAuthProof = { address: string; claims: Claims; signature: string; proof: Proof };

/** Parses the proof string; throws an Error saying what is malformed. Claims are not judged here. */
export const decodeEthAuthProof = (text: string): EthAuthProof => {
  const parts = text.trim().split('.');
  if (parts.length < 4 || parts.length > 5) throw new Error('must be eth.<address>.<base64url claims>.<signature>[.<extra>]');
  const [prefix, address, claimsText, signature, extra] = parts;
  if (prefix !== 'eth') throw new Error('must start with "eth."');
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) throw new Error('its address is not a 20-byte hex address');
  if (!/^0x([0-9a-fA-F]{2})+$/.test(signature)) throw new Error('its signature is not 0x-prefixed hex bytes');
  let claims: Claims;
  try {
    claims = JSON.parse(Buffer.from(claimsText, 'base64url').toString('utf8')) as Claims;
  } catch {
    throw new Error('its claims are not base64url-encoded JSON');
  }
  if (!claims || typeof claims !== 'object' || Array.isArray(claims)) throw new Error('its claims are not a JSON object');
  return { address: address.toLowerCase(), claims, signature, proof: new Proof({ address: address.toLowerCase(), claims, signature, extra }) };
};

/** Whether the proof's claims hold now (app set, not expired, issued not in the future, version 1): null, or why not. */
export const ethAuthClaimsProblem = (p: EthAuthProof): string | null => {
  const r = p.proof.validateClaims();
  return r.ok && !r.err ? null : (r.err?.message ?? 'the claims are invalid');
};

/** Verifies the proof's signature for its address; node trouble rejects as in verifyDigestSignature. */
export const verifyEthAuthSignature = async (
  p: EthAuthProof,
  o: { client: SignatureClient | (() => Promise<SignatureClient>); timeoutMs?: number },
): Promise<SignatureCheck> => {
  const typedHash = p.proof.messageDigest();
  const base = { client: o.client, address: p.address, signature: p.signature, timeoutMs: o.timeoutMs };
  const asAccount = await verifyDigestSignature({ ...base, digest: hashMessage(typedHash) });
  // Refused as an account with no code: nothing else to ask. A contract wallet is asked again over the hash itself.
  if (asAccount.valid || asAccount.kind === 'eoa') return asAccount;
  return verifyDigestSignature({ ...base, digest: hexlify(typedHash) });
};
