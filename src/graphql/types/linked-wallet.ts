// LinkedWallet: a child wallet linked to a parent wallet, with the wallet-linking query and mutations (X-Access-Key).
import { builder } from '../builder';
import type { LinkedWallet } from '../../domain/wallets/types';
import { PRIMARY_NAME_DOC } from './ens-name';

const MessageFormRef = builder.enumType('WalletMessageForm', {
  description: 'How a wallet’s message was written: the documented text, or that text as the statement of an EIP-4361 message.',
  values: {
    PLAIN: { value: 'plain', description: 'The documented text alone, e.g. `child wallet with address <child>`.' },
    EIP4361: { value: 'eip4361', description: 'The documented text as the statement of an EIP-4361 message (domain, chain id, single-use nonce, expiry).' },
  } as const,
});

export const SignatureTypeRef = builder.enumType('WalletSignatureType', {
  description: 'How a wallet’s signature was verified.',
  values: {
    EOA: { value: 'eoa', description: 'EIP-191 personal-sign recovery' },
    ERC1271: { value: 'erc1271', description: 'isValidSignature of the deployed contract wallet' },
    ERC6492: { value: 'erc6492', description: 'counterfactual wallet, checked with one deployless eth_call' },
  } as const,
});

export const LinkedWalletRef = builder.objectRef<LinkedWallet>('LinkedWallet').implement({
  description: 'A child wallet linked to a parent wallet in the access key’s project.',
  fields: (t) => ({
    id: t.exposeInt('id', { description: 'The link’s id, ascending in creation order.' }),
    walletAddress: t.exposeString('walletAddress', { description: 'The parent wallet, lower-case.' }),
    linkedWalletAddress: t.exposeString('linkedWalletAddress', { description: 'The child wallet, lower-case.' }),
    walletPrimaryName: t.string({ nullable: true, description: `The parent’s ENS primary name. ${PRIMARY_NAME_DOC}`, resolve: (w, _, ctx) => ctx.services.names.primaryNameBeside(w.walletAddress) }),
    linkedWalletPrimaryName: t.string({
      nullable: true,
      description: `The child’s ENS primary name. ${PRIMARY_NAME_DOC}`,
      resolve: (w, _, ctx) => ctx.services.names.primaryNameBeside(w.linkedWalletAddress),
    }),
    walletType: t.exposeString('walletType', { nullable: true, description: 'The `linkedWalletType` sent when linking.' }),
    createdAt: t.field({ type: 'Timestamp', description: 'When the wallets were linked.', resolve: (w) => w.createdAt }),
    signatureChainId: t.exposeInt('signatureChainId', { description: 'The chain the linking signatures were verified on.' }),
    parentMessageForm: t.field({ type: MessageFormRef, description: 'How the parent’s linking message was written.', resolve: (w) => w.parentMessageForm }),
    linkedMessageForm: t.field({ type: MessageFormRef, description: 'How the child’s linking message was written.', resolve: (w) => w.linkedMessageForm }),
    parentSignatureType: t.field({
      type: SignatureTypeRef,
      description: 'How the parent’s linking signature was verified.',
      resolve: (w) => w.parentSignatureKind,
    }),
    linkedSignatureType: t.field({
      type: SignatureTypeRef,
      description: 'How the child’s linking signature was verified.',
      resolve: (w) => w.linkedSignatureKind,
    }),
  }),
});

const SIGNATURE_DOC = '0x-prefixed hex: a 65- or 64-byte account signature (EIP-191), or a contract wallet’s (ERC-1271, ERC-6492).';

const PROOF = {
  parentWalletAddress: { required: true, description: 'The parent wallet’s address, 0x-prefixed hex in any case.' },
  parentWalletMessage: {
    required: true,
    description: 'The text the parent signed: the one this operation names, plain or as the statement of an EIP-4361 message.',
  },
  parentWalletSignature: { required: true, description: `The parent’s signature of parentWalletMessage, ${SIGNATURE_DOC}` },
  linkedWalletAddress: { required: true, description: 'The child wallet’s address, 0x-prefixed hex in any case.' },
  signatureChainId: { required: true, description: 'Chain id (or configured name) the signatures are verified on.' },
} as const;

builder.queryFields((t) => ({
  linkedWallets: t.field({
    nullable: true,
    type: [LinkedWalletRef],
    description:
      'Wallets linked to a parent in the access key’s project; the parent signs `parent wallet with address <parent>`, or presents its session token (createWalletSession / GetAuthToken) with no message and signature.',
    args: {
      parentWalletAddress: t.arg.string(PROOF.parentWalletAddress),
      parentWalletMessage: t.arg.string({ ...PROOF.parentWalletMessage, required: false, description: `${PROOF.parentWalletMessage.description} Absent with a session token.` }),
      parentWalletSignature: t.arg.string({ ...PROOF.parentWalletSignature, required: false, description: `${PROOF.parentWalletSignature.description} Absent with a session token.` }),
      signatureChainId: t.arg.string({ ...PROOF.signatureChainId, required: false, description: `${PROOF.signatureChainId.description} Absent with a session token.` }),
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
      linkedWalletAddress: t.arg.string(PROOF.linkedWalletAddress),
      linkedWalletMessage: t.arg.string({
        required: true,
        description: 'The text the child signed: `Link to parent wallet with address <parent>`, plain or as the statement of an EIP-4361 message.',
      }),
      linkedWalletSignature: t.arg.string({ required: true, description: `The child’s signature of linkedWalletMessage, ${SIGNATURE_DOC}` }),
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
      linkedWalletAddress: t.arg.string(PROOF.linkedWalletAddress),
      linkedWalletMessage: t.arg.string({
        description: 'Optional, verified when sent: the text the child signed, `Unlink from parent wallet with address <parent>` (plain or EIP-4361).',
      }),
      linkedWalletSignature: t.arg.string({ description: `Optional, verified when sent: the child’s signature of linkedWalletMessage, ${SIGNATURE_DOC}` }),
      signatureChainId: t.arg.string(PROOF.signatureChainId),
    },
    resolve: (_, args, ctx) => ctx.services.wallets.remove(ctx.credentials, args),
  }),
}));
