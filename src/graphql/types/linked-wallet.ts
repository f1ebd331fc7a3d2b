// LinkedWallet: a child wallet linked to a parent wallet, with the wallet-linking query and mutations (X-Access-Key).
import { builder } from '../builder';
import type { LinkedWallet } from '../../domain/wallets/types';

const MessageFormRef = builder.enumType('WalletMessageForm', {
  description: 'How a wallet’s message was written: the documented text, or that text as the statement of an EIP-4361 message.',
  values: { PLAIN: { value: 'plain' }, EIP4361: { value: 'eip4361' } } as const,
});

const SignatureTypeRef = builder.enumType('WalletSignatureType', {
  description: 'How a wallet’s signature was verified.',
  values: {
    EOA: { value: 'eoa', description: 'EIP-191 personal-sign recovery' },
    ERC1271: { value: 'erc1271', description: 'isValidSignature of the deployed contract wallet' },
    ERC6492: { value: 'erc6492', description: 'counterfactual wallet, checked with one deployless eth_call' },
  } as const,
});

export const LinkedWalletRef = builder.objectRef<LinkedWallet>('LinkedWallet').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    walletAddress: t.exposeString('walletAddress', { description: 'The parent wallet, lower-case.' }),
    linkedWalletAddress: t.exposeString('linkedWalletAddress', { description: 'The child wallet, lower-case.' }),
    walletType: t.exposeString('walletType', { nullable: true, description: 'The `linkedWalletType` sent when linking.' }),
    createdAt: t.field({ type: 'Timestamp', resolve: (w) => w.createdAt }),
    signatureChainId: t.exposeInt('signatureChainId'),
    parentMessageForm: t.field({ type: MessageFormRef, resolve: (w) => w.parentMessageForm }),
    linkedMessageForm: t.field({ type: MessageFormRef, resolve: (w) => w.linkedMessageForm }),
    parentSignatureType: t.field({ type: SignatureTypeRef, resolve: (w) => w.parentSignatureKind }),
    linkedSignatureType: t.field({ type: SignatureTypeRef, resolve: (w) => w.linkedSignatureKind }),
  }),
});

const PROOF = {
  parentWalletAddress: { required: true },
  parentWalletMessage: { required: true },
  parentWalletSignature: { required: true },
  signatureChainId: { required: true, description: 'Chain id (or configured name) the signatures are verified on.' },
} as const;

builder.queryFields((t) => ({
  linkedWallets: t.field({
    nullable: true,
    type: [LinkedWalletRef],
    description: 'Wallets linked to a parent in the access key’s project; the parent signs `parent wallet with address <parent>`.',
    args: {
      parentWalletAddress: t.arg.string(PROOF.parentWalletAddress),
      parentWalletMessage: t.arg.string(PROOF.parentWalletMessage),
      parentWalletSignature: t.arg.string(PROOF.parentWalletSignature),
      signatureChainId: t.arg.string(PROOF.signatureChainId),
    },
    resolve: (_, args, ctx) => ctx.services.wallets.list(ctx.credentials, args),
  }),
}));

builder.mutationFields((t) => ({
  linkWallet: t.field({
    nullable: true,
    type: LinkedWalletRef,
    description:
      'Links a child wallet to a parent: the parent signs `child wallet with address <child>`, the child `Link to parent wallet with address <parent>`. Linking again returns the existing link.',
    args: {
      parentWalletAddress: t.arg.string(PROOF.parentWalletAddress),
      parentWalletMessage: t.arg.string(PROOF.parentWalletMessage),
      parentWalletSignature: t.arg.string(PROOF.parentWalletSignature),
      linkedWalletAddress: t.arg.string({ required: true }),
      linkedWalletMessage: t.arg.string({ required: true }),
      linkedWalletSignature: t.arg.string({ required: true }),
      linkedWalletType: t.arg.string({ description: 'Kind of the child wallet, free text (stored as walletType).' }),
      signatureChainId: t.arg.string(PROOF.signatureChainId),
    },
    resolve: (_, args, ctx) => ctx.services.wallets.link(ctx.credentials, args),
  }),
  removeLinkedWallet: t.boolean({
    nullable: true,
    description:
      'Unlinks a child wallet: the parent signs `child wallet with address <child>`; the child’s `Unlink from parent wallet with address <parent>` is optional and verified when sent. True also when the wallets were not linked.',
    args: {
      parentWalletAddress: t.arg.string(PROOF.parentWalletAddress),
      parentWalletMessage: t.arg.string(PROOF.parentWalletMessage),
      parentWalletSignature: t.arg.string(PROOF.parentWalletSignature),
      linkedWalletAddress: t.arg.string({ required: true }),
      linkedWalletMessage: t.arg.string(),
      linkedWalletSignature: t.arg.string(),
      signatureChainId: t.arg.string(PROOF.signatureChainId),
    },
    resolve: (_, args, ctx) => ctx.services.wallets.remove(ctx.credentials, args),
  }),
}));
