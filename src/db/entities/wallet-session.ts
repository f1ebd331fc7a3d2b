// A wallet session token issued by GetAuthToken (its JWT `jti`): whose, until when, and whether it was revoked. Every
// use of a token reads its row, so a revocation holds at once on every replica.
import { EntitySchema } from 'typeorm';
import { Address, Timestamp } from '../columns';

export type WalletSessionRow = {
  /** The token's `jti`. */
  id: string;
  projectId: number;
  /** The wallet the ETHAuth proof was of, lower-case. */
  address: string;
  /** The chain the proof was verified on. */
  chainId: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
};

export const WalletSessionEntity = new EntitySchema<WalletSessionRow>({
  name: 'WalletSession',
  tableName: 'wallet_sessions',
  columns: {
    id: { type: 'varchar', length: 64, primary: true },
    projectId: { type: 'integer', name: 'project_id' },
    address: Address(),
    chainId: { type: 'integer', name: 'chain_id' },
    createdAt: Timestamp({ name: 'created_at' }),
    expiresAt: Timestamp({ name: 'expires_at' }),
    revokedAt: Timestamp({ name: 'revoked_at', nullable: true }),
  },
  indices: [
    { name: 'idx_wallet_sessions_wallet', columns: ['projectId', 'address'] },
    { name: 'idx_wallet_sessions_expiry', columns: ['expiresAt'] },
  ],
});
