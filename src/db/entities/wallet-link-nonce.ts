// A nonce already used by a signer in an EIP-4361-form wallet message; kept until the message expires.
import { EntitySchema } from 'typeorm';
import { Address, Timestamp } from '../columns';

export type WalletLinkNonceRow = { address: string; nonce: string; expiresAt: Date; createdAt: Date };

export const WalletLinkNonceEntity = new EntitySchema<WalletLinkNonceRow>({
  name: 'WalletLinkNonce',
  tableName: 'wallet_link_nonces',
  columns: {
    address: Address({ primary: true }),
    nonce: { type: 'varchar', length: 64, primary: true },
    expiresAt: Timestamp({ name: 'expires_at' }),
    createdAt: Timestamp({ name: 'created_at' }),
  },
  indices: [{ name: 'idx_wallet_link_nonces_expiry', columns: ['expiresAt'] }],
});
