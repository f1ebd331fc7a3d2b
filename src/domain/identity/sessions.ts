// Wallet sessions: GetAuthToken turns an ETHAuth proof (checked as IsValidETHAuthProof checks it) into a short-lived
// session token of the wallet in the access key's project; the token then stands for the wallet's proof in its own
// reads (GetLinkedWallets, the portfolio) until it expires or is revoked.
import { decodeEthAuthProof } from '../../chain/signatures';
import type { WalletSession, WalletSessionTokens } from '../auth/wallet-sessions';
import { callerProject } from '../auth/caller';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { invalidArgument, permissionDenied, unauthorized } from '../errors';
import { requireAddress } from '../wallets/proofs';
import type { SignatureChecksService } from './signatures';

export type { WalletSession };

export type IssuedSession = { token: string; session: WalletSession };

export type SessionsService = {
  /**
   * GetAuthToken (GetAuthToken2 names the chain): a valid ETHAuth proof of a wallet → a session token of that wallet.
   * Without `chainId` a contract wallet's proof is checked on the first configured chain.
   */
  issue(creds: Credentials, req: { ewtString: unknown; chainId?: unknown }): Promise<IssuedSession>;
  /** The session the request presents; the same errors as `provenWallet`. */
  current(creds: Credentials): Promise<WalletSession>;
  /** Revokes the session token the request presents (a sign-out); true once revoked. */
  revokeCurrent(creds: Credentials): Promise<boolean>;
  /** The project's owner (its bearer token) revokes every live session of a wallet; their number. */
  revokeWallet(creds: Credentials, req: { projectId?: unknown; walletAddress: unknown }): Promise<number>;
  /**
   * For reads of a wallet's own data (the portfolio): the wallet the request's session token proves, in the access
   * key's project — or Unauthorized (no key, no or a forged or revoked token), SessionExpired, PermissionDenied (the token
   * is of another project). When `walletAddress` is given, the session must be of that wallet (PermissionDenied otherwise).
   */
  provenWallet(creds: Credentials, walletAddress?: { field: string; value: unknown }): Promise<{ projectId: number; address: string }>;
};

const PROOF_MAX = 64 * 1024;

export const createSessionsService = ({
  auth,
  chains,
  checks,
  tokens,
}: {
  auth: AuthService;
  chains: ChainsService;
  checks: SignatureChecksService;
  tokens: WalletSessionTokens;
}): SessionsService => {
  const forgetOnRevoke = (ids: string[]) => ids.forEach((id) => auth.forgetBearerToken(id));
  return {
    async issue(creds, req) {
      const { projectId } = await auth.requireAccessKey(creds);
      const text = req.ewtString;
      if (typeof text !== 'string' || text.trim() === '') throw invalidArgument('ewtString', 'is required: an ETHAuth proof string (eth.<address>.<claims>.<signature>)');
      if (text.length > PROOF_MAX) throw invalidArgument('ewtString', `must be at most ${PROOF_MAX} characters`);
      let proof;
      try {
        proof = decodeEthAuthProof(text);
      } catch (err) {
        throw invalidArgument('ewtString', `is not an ETHAuth proof: ${(err as Error).message}`);
      }
      const given = req.chainId;
      const chainId =
        given === undefined || given === null || given === '' ? chains.all()[0]?.chainId : chains.resolve('chainId', given).chainId;
      if (chainId === undefined) throw invalidArgument('chainId', 'no chain is configured to verify the proof on');
      const check = await checks.ethAuthProof(creds, { chainId: String(chainId), walletAddress: proof.address, ethAuthProofString: text });
      if (!check.valid) throw unauthorized(`ewtString: the ETHAuth proof is not valid: ${check.reason ?? 'its signature does not verify'}`);
      // A session never outlives the proof it came from.
      const proofExpiry = typeof proof.claims.exp === 'number' ? new Date(proof.claims.exp * 1000) : null;
      return tokens.issue({ projectId, address: proof.address, chainId, notAfter: proofExpiry });
    },

    current: (creds) => auth.requireWalletSession(creds),

    async revokeCurrent(creds) {
      const session = await auth.requireWalletSession(creds);
      await tokens.revoke(session.id);
      forgetOnRevoke([session.id]);
      return true;
    },

    async revokeWallet(creds, req) {
      const projectId = await callerProject(auth, creds, req.projectId);
      const address = requireAddress('walletAddress', req.walletAddress);
      const ids = await tokens.revokeWallet(projectId, address);
      forgetOnRevoke(ids);
      return ids.length;
    },

    async provenWallet(creds, walletAddress) {
      const session = await auth.requireWalletSession(creds);
      if (walletAddress) {
        const address = requireAddress(walletAddress.field, walletAddress.value);
        if (address !== session.address) throw permissionDenied(`${walletAddress.field}: the session token is of ${session.address}, not of ${address}`);
      }
      return { projectId: session.projectId, address: session.address };
    },
  };
};
