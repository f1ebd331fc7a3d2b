// Signature checks on request (API/IsValidSignature, IsValidMessageSignature, IsValidTypedDataSignature,
// IsValidETHAuthProof): whether a wallet signed a digest, a personal message, EIP-712 typed data or an ETHAuth proof, on a configured chain — EOA recovery, ERC-1271 or
// ERC-6492, the verifier wallet linking uses. A refusal is an answer (valid: false, with why); node trouble is an error.
import type { ChainRegistry } from '../../chain/registry';
import { ChainIdMismatchError, ChainRequestError, RetryableChainError } from '../../chain/errors';
import {
  MAX_SIGNATURE_BYTES,
  decodeEthAuthProof,
  ethAuthClaimsProblem,
  hashPersonalMessage,
  typedDataDigest,
  verifyDigestSignature,
  verifyEthAuthSignature,
  type SignatureCheck,
} from '../../chain/signatures';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { DomainError, invalidArgument } from '../errors';
import { requireAddress } from '../wallets/proofs';

export type { SignatureCheck };

export const CHECK_TIMEOUT_MS = 10_000;
const MESSAGE_MAX = 64 * 1024;

type Maybe<T> = T | null | undefined;
type Signed = { chainId: Maybe<string>; walletAddress: Maybe<string>; signature: Maybe<string> };

export type SignatureChecksService = {
  digest(creds: Credentials, req: Signed & { digest: Maybe<string> }): Promise<SignatureCheck>;
  message(creds: Credentials, req: Signed & { message: Maybe<string> }): Promise<SignatureCheck>;
  typedData(creds: Credentials, req: Signed & { typedData: unknown }): Promise<SignatureCheck>;
  /** An ETHAuth proof of `walletAddress`: its claims must hold now and its signature verify. */
  ethAuthProof(creds: Credentials, req: Omit<Signed, 'signature'> & { ethAuthProofString: Maybe<string> }): Promise<SignatureCheck>;
};

const PROOF_MAX = 64 * 1024;

export const createSignatureChecksService = ({
  auth,
  chains,
  registry,
  timeoutMs = CHECK_TIMEOUT_MS,
}: {
  auth: AuthService;
  chains: ChainsService;
  registry: Pick<ChainRegistry, 'client'>;
  timeoutMs?: number;
}): SignatureChecksService => {
  /** Node trouble as the domain's Timeout / Unavailable; refusals stay answers. */
  const onChain = async (chainId: number, run: () => Promise<SignatureCheck>): Promise<SignatureCheck> => {
    try {
      return await run();
    } catch (err) {
      if (err instanceof RetryableChainError && err.reason === 'timeout') {
        throw new DomainError('Timeout', `signature: verification on chain ${chainId} timed out; try again`, 'signature');
      }
      if (!(err instanceof RetryableChainError || err instanceof ChainRequestError || err instanceof ChainIdMismatchError)) throw err;
      throw new DomainError('Unavailable', `signature: the node of chain ${chainId} could not verify the signature; try again later`, 'signature');
    }
  };
  const check = async (creds: Credentials, req: Signed, digestOf: () => string): Promise<SignatureCheck> => {
    await auth.requireAccessKey(creds);
    const chainId = chains.resolve('chainId', req.chainId).chainId;
    const address = requireAddress('walletAddress', req.walletAddress);
    const signature = req.signature;
    if (typeof signature !== 'string' || !/^0x([0-9a-fA-F]{2})+$/.test(signature)) throw invalidArgument('signature', 'must be 0x-prefixed hex bytes');
    if (signature.length > 2 + 2 * MAX_SIGNATURE_BYTES) throw invalidArgument('signature', `must be at most ${MAX_SIGNATURE_BYTES} bytes`);
    const digest = digestOf();
    return onChain(chainId, () => verifyDigestSignature({ client: () => registry.client(chainId), address, digest, signature, timeoutMs }));
  };
  return {
    digest: (creds, req) =>
      check(creds, req, () => {
        if (typeof req.digest !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(req.digest)) throw invalidArgument('digest', 'must be 32 bytes of 0x-prefixed hex');
        return req.digest.toLowerCase();
      }),
    message: (creds, req) =>
      check(creds, req, () => {
        if (typeof req.message !== 'string' || req.message === '') throw invalidArgument('message', 'is required');
        if (req.message.length > MESSAGE_MAX) throw invalidArgument('message', `must be at most ${MESSAGE_MAX} characters`);
        return hashPersonalMessage(req.message);
      }),
    typedData: (creds, req) =>
      check(creds, req, () => {
        try {
          return typedDataDigest(req.typedData);
        } catch (err) {
          throw invalidArgument('typedData', (err as Error).message);
        }
      }),
    async ethAuthProof(creds, req) {
      await auth.requireAccessKey(creds);
      const chainId = chains.resolve('chainId', req.chainId).chainId;
      const address = requireAddress('walletAddress', req.walletAddress);
      const text = req.ethAuthProofString;
      if (typeof text !== 'string' || text === '') throw invalidArgument('ethAuthProofString', 'is required');
      if (text.length > PROOF_MAX) throw invalidArgument('ethAuthProofString', `must be at most ${PROOF_MAX} characters`);
      let proof;
      try {
        proof = decodeEthAuthProof(text);
      } catch (err) {
        throw invalidArgument('ethAuthProofString', `is not an ETHAuth proof: ${(err as Error).message}`);
      }
      if (proof.address !== address) return { valid: false, kind: 'eoa', reason: `the proof is of ${proof.address}, not of ${address}` };
      const problem = ethAuthClaimsProblem(proof);
      if (problem) return { valid: false, kind: 'eoa', reason: `the proof's claims do not hold now: ${problem}` };
      return onChain(chainId, () => verifyEthAuthSignature(proof, { client: () => registry.client(chainId), timeoutMs }));
    },
  };
};
