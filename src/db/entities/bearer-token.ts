// A project bearer token the server knows by its id (the JWT's `jti`): the ones issued from the console (listed there,
// with a label and an expiry) and any token revoked, listed or not. A revoked one is refused at admission.
import { EntitySchema } from 'typeorm';
import { Timestamp } from '../columns';

export type BearerTokenRow = {
  /** The token's `jti`. */
  id: string;
  projectId: number;
  /** The owner's label; empty for a token revoked without being issued here (the CLI's, say). */
  label: string;
  /** Whether the console issued it (listed) or it was only revoked here. */
  listed: boolean;
  createdAt: Date;
  /** When its `exp` says it stops working; null: no expiry. */
  expiresAt: Date | null;
  revokedAt: Date | null;
};

export const BearerTokenEntity = new EntitySchema<BearerTokenRow>({
  name: 'BearerToken',
  tableName: 'bearer_tokens',
  columns: {
    id: { type: 'varchar', length: 64, primary: true },
    projectId: { type: 'integer', name: 'project_id' },
    label: { type: 'varchar', length: 100, default: '' },
    listed: { type: 'boolean', default: false },
    createdAt: Timestamp({ name: 'created_at' }),
    expiresAt: Timestamp({ name: 'expires_at', nullable: true }),
    revokedAt: Timestamp({ name: 'revoked_at', nullable: true }),
  },
  indices: [{ name: 'idx_bearer_tokens_project', columns: ['projectId', 'createdAt'] }],
});
