// A wallet's proof of ownership: its message must be the expected text, its signature must verify on the named chain.
import { MAX_SIGNATURE_BYTES, verifyMessageSignature, type SignatureCheck, type SignatureClient, type SignatureKind } from '../../chain/signatures';
import { ChainIdMismatchError, ChainRequestError, RetryableChainError } from '../../chain/errors';
import { DomainError, invalidArgument } from '../errors';
import { checkSignIn, describeStatement, looksLikeSignIn, matchesStatement, parseSignIn, type Statement } from './messages';
import type { MessageForm } from './types';

const MESSAGE_MAX = 4096;

/** `parentWallet` or `linkedWallet`: the request fields are `<role>Address`, `<role>Message`, `<role>Signature`. */
export type Role = 'parentWallet' | 'linkedWallet';

export type Proof = {
  role: Role;
  signer: string;
  message: string;
  signature: string;
  form: MessageForm;
  /** Set for the EIP-4361 form: single use, remembered until `expiresAt`. */
  nonce: { value: string; expiresAt: Date } | null;
};

export type ProofContext = {
  chainId: number;
  /** The EIP-4361 domain this server accepts (PUBLIC_URL's host). */
  domain: string;
  now: Date;
};

/** Lower-case 0x address; any letter case is accepted. */
export const requireAddress = (field: string, v: unknown): string => {
  if (v === undefined || v === null || v === '') throw invalidArgument(field, 'is required');
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v.trim())) throw invalidArgument(field, 'must be a 0x-prefixed 20-byte hex address');
  return v.trim().toLowerCase();
};

/** Checks everything about a proof that needs no chain: presence, shape, the message text, the EIP-4361 rules. */
export const readProof = (
  ctx: ProofContext,
  p: { role: Role; signer: string; message: unknown; signature: unknown; statement: Statement },
): Proof => {
  const messageField = `${p.role}Message`;
  const signatureField = `${p.role}Signature`;
  const absent = (v: unknown) => v === undefined || v === null || v === '';
  if (absent(p.message)) throw invalidArgument(messageField, 'is required');
  if (typeof p.message !== 'string') throw invalidArgument(messageField, 'must be a string');
  if (p.message.length > MESSAGE_MAX) throw invalidArgument(messageField, `must be at most ${MESSAGE_MAX} characters`);
  if (absent(p.signature)) throw invalidArgument(signatureField, 'is required');
  if (typeof p.signature !== 'string') throw invalidArgument(signatureField, 'must be a string');
  if (!/^0x([0-9a-fA-F]{2})+$/.test(p.signature)) throw invalidArgument(signatureField, 'must be 0x-prefixed hex bytes');
  if (p.signature.length > 2 + 2 * MAX_SIGNATURE_BYTES) throw invalidArgument(signatureField, `must be at most ${MAX_SIGNATURE_BYTES} bytes`);

  const base = { role: p.role, signer: p.signer, message: p.message, signature: p.signature };
  if (!looksLikeSignIn(p.message)) {
    if (!matchesStatement(p.message, p.statement)) {
      throw invalidArgument(messageField, `must be "${describeStatement(p.statement)}" (or an EIP-4361 message with that statement)`);
    }
    return { ...base, form: 'plain', nonce: null };
  }
  try {
    const m = parseSignIn(p.message);
    checkSignIn(m, { domain: ctx.domain, signer: p.signer, statement: p.statement, chainId: ctx.chainId, now: ctx.now });
    return { ...base, form: 'eip4361', nonce: { value: m.nonce, expiresAt: m.expirationTime! } };
  } catch (err) {
    if (err instanceof DomainError) throw err;
    throw invalidArgument(messageField, `EIP-4361 message refused: ${(err as Error).message}`);
  }
};

export type VerifyOptions = {
  chainId: number;
  client: () => Promise<SignatureClient>;
  timeoutMs: number;
  verify?: typeof verifyMessageSignature;
};

/** The signature's kind when it is valid; InvalidArgument naming the signature field when not; Timeout/Unavailable when the node fails. */
export const verifyProof = async (proof: Proof, o: VerifyOptions): Promise<SignatureKind> => {
  const field = `${proof.role}Signature`;
  let check: SignatureCheck;
  try {
    check = await (o.verify ?? verifyMessageSignature)({
      client: o.client,
      address: proof.signer,
      message: proof.message,
      signature: proof.signature,
      timeoutMs: o.timeoutMs,
    });
  } catch (err) {
    if (err instanceof RetryableChainError && err.reason === 'timeout') {
      throw new DomainError('Timeout', `${field}: verification on chain ${o.chainId} timed out; try again`, field);
    }
    if (!(err instanceof RetryableChainError || err instanceof ChainRequestError || err instanceof ChainIdMismatchError)) throw err;
    throw new DomainError('Unavailable', `${field}: the node of chain ${o.chainId} could not verify the signature; try again later`, field);
  }
  if (!check.valid) {
    throw invalidArgument(field, `is not a valid signature of ${proof.role}Message by ${proof.signer} on chain ${o.chainId}: ${check.reason}`);
  }
  return check.kind;
};

/** Verifies proofs concurrently and reports the first failure in request order, so errors do not depend on timing. */
export const verifyProofs = async (proofs: Proof[], o: VerifyOptions): Promise<SignatureKind[]> => {
  const results = await Promise.allSettled(proofs.map((p) => verifyProof(p, o)));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.map((r) => (r as PromiseFulfilledResult<SignatureKind>).value);
};
