// Plain shapes of wallet links and of the three wallet-linking requests, as the rest of Strata sees them.
import type { Maybe } from '../validate';
import type { SignatureKind } from '../../chain/signatures';

/** `plain`: the documented text; `eip4361`: the same statement inside a sign-in message with domain, chain id, nonce and expiry. */
export type MessageForm = 'plain' | 'eip4361';

export type { SignatureKind };

export type LinkedWallet = {
  id: number;
  /** The parent wallet, lower-case. */
  walletAddress: string;
  /** The child wallet, lower-case. */
  linkedWalletAddress: string;
  walletType: string | null;
  createdAt: Date;
  signatureChainId: number;
  parentMessageForm: MessageForm;
  linkedMessageForm: MessageForm;
  parentSignatureKind: SignatureKind;
  linkedSignatureKind: SignatureKind;
};

/**
 * Requests as GraphQL types them: every field a string, absent allowed, so that the service's checks (which name the
 * field they refuse, in the specification's words) decide what is required.
 */
export type GetLinkedWalletsRequest = {
  parentWalletAddress?: Maybe<string>;
  parentWalletMessage?: Maybe<string>;
  parentWalletSignature?: Maybe<string>;
  /** A chain id in decimal. */
  signatureChainId?: Maybe<string>;
};

export type LinkWalletRequest = GetLinkedWalletsRequest & {
  linkedWalletType?: Maybe<string>;
  linkedWalletAddress?: Maybe<string>;
  linkedWalletMessage?: Maybe<string>;
  linkedWalletSignature?: Maybe<string>;
};

/** The child's message and signature are optional here (wire notes, Decision 6); verified when present. */
export type RemoveLinkedWalletRequest = GetLinkedWalletsRequest & {
  linkedWalletAddress?: Maybe<string>;
  linkedWalletMessage?: Maybe<string>;
  linkedWalletSignature?: Maybe<string>;
};
