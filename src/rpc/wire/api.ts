// API service wire shapes (wallet linking): request fields passed through by name, LinkedWallet replies renamed.
import type { GetLinkedWalletsQuery } from '../generated/operations';
import type { Answered, Body } from './common';

/** `signatureChainId` is a string on the wire; a client that sends a number means the same chain. */
const chainIdIn = (v: unknown) => (typeof v === 'number' ? String(v) : v);

const pick = (b: Body, keys: readonly string[]) => Object.fromEntries(keys.map((k) => [k, b[k]]));

const PARENT = ['parentWalletAddress', 'parentWalletMessage', 'parentWalletSignature'] as const;
const LINKED = ['linkedWalletAddress', 'linkedWalletMessage', 'linkedWalletSignature'] as const;

export const getLinkedWalletsIn = (b: Body) => ({ ...pick(b, PARENT), signatureChainId: chainIdIn(b.signatureChainId) });
export const linkWalletIn = (b: Body) => ({ ...getLinkedWalletsIn(b), ...pick(b, LINKED), linkedWalletType: b.linkedWalletType });
export const removeLinkedWalletIn = (b: Body) => ({ ...getLinkedWalletsIn(b), ...pick(b, LINKED) });

/** LinkedWallet as the published clients read it (wire notes §3): `walletType` null when unset. */
export const linkedWalletOut = (w: Answered<GetLinkedWalletsQuery>['linkedWallets'][number]) => ({
  id: w.id,
  walletAddress: w.walletAddress,
  linkedWalletAddress: w.linkedWalletAddress,
  walletType: w.walletType ?? null,
  createdAt: w.createdAt,
});
