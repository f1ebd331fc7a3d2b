// A child wallet linked to a parent wallet inside one project, with how each side proved ownership.
import { EntitySchema } from 'typeorm';
import { Address, AutoId, BlockNumber, Timestamp } from '../columns';

export type WalletLinkRow = {
  id: number;
  projectId: number;
  /** The parent wallet, lower-case. */
  walletAddress: string;
  /** The child wallet, lower-case; linked to at most one parent per project. */
  linkedWalletAddress: string;
  /** The request's `linkedWalletType`, free text; null when not sent. */
  walletType: string | null;
  signatureChainId: number;
  /** 'plain' (the documented text) or 'eip4361' (the sign-in form with nonce and expiry). */
  parentMessageForm: string;
  linkedMessageForm: string;
  /** 'eoa', 'erc1271' or 'erc6492': how the signature was verified. */
  parentSignatureKind: string;
  linkedSignatureKind: string;
  createdAt: Date;
};

export const WalletLinkEntity = new EntitySchema<WalletLinkRow>({
  name: 'WalletLink',
  tableName: 'wallet_links',
  columns: {
    id: AutoId(),
    projectId: { type: 'integer', name: 'project_id' },
    walletAddress: Address({ name: 'wallet_address' }),
    linkedWalletAddress: Address({ name: 'linked_wallet_address' }),
    walletType: { type: 'varchar', length: 100, nullable: true, name: 'wallet_type' },
    signatureChainId: BlockNumber({ name: 'signature_chain_id' }),
    parentMessageForm: { type: 'varchar', length: 16, name: 'parent_message_form' },
    linkedMessageForm: { type: 'varchar', length: 16, name: 'linked_message_form' },
    parentSignatureKind: { type: 'varchar', length: 16, name: 'parent_signature_kind' },
    linkedSignatureKind: { type: 'varchar', length: 16, name: 'linked_signature_kind' },
    createdAt: Timestamp({ name: 'created_at' }),
  },
  indices: [
    { name: 'uq_wallet_links_child', columns: ['projectId', 'linkedWalletAddress'], unique: true },
    { name: 'idx_wallet_links_parent', columns: ['projectId', 'walletAddress', 'id'] },
  ],
});
