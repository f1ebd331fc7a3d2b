// Plain shapes of wallet links and of the three wallet-linking requests, as the rest of Strata sees them.
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

/** Requests arrive unchecked (`unknown`): the service validates every field and names it when it refuses. */
export type GetLinkedWalletsRequest = {
  parentWalletAddress?: unknown;
  parentWalletMessage?: unknown;
  parentWalletSignature?: unknown;
  signatureChainId?: unknown;
};

export type LinkWalletRequest = GetLinkedWalletsRequest & {
  linkedWalletType?: unknown;
  linkedWalletAddress?: unknown;
  linkedWalletMessage?: unknown;
  linkedWalletSignature?: unknown;
};

/** The child's message and signature are optional here (wire notes, Decision 6); verified when present. */
export type RemoveLinkedWalletRequest = GetLinkedWalletsRequest & {
  linkedWalletAddress?: unknown;
  linkedWalletMessage?: unknown;
  linkedWalletSignature?: unknown;
};
