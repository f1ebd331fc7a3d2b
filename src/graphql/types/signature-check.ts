// SignatureCheck: whether a wallet signed a digest, a personal message or EIP-712 typed data, with the
// `isValidSignature`, `isValidMessageSignature`, `isValidTypedDataSignature` and `isValidETHAuthProof` queries
// (X-Access-Key).
import { builder } from '../builder';
import type { SignatureCheck } from '../../domain/identity/signatures';
import { SignatureTypeRef } from './linked-wallet';

const SignatureCheckRef = builder.objectRef<SignatureCheck>('SignatureCheck').implement({
  description: 'The verdict on a signature: EOA recovery, ERC-1271 isValidSignature, or ERC-6492 for a counterfactual wallet.',
  fields: (t) => ({
    isValid: t.exposeBoolean('valid', { description: 'The wallet signed it.' }),
    signatureType: t.field({ type: SignatureTypeRef, description: 'How it was (or would have been) checked.', resolve: (c) => c.kind }),
    reason: t.exposeString('reason', { description: 'Why, in words.' }),
  }),
});

const SIGNED = {
  chainId: { required: true, description: 'Chain id or configured name: contract wallets are asked on this chain.' },
  walletAddress: { required: true, description: 'The wallet, 0x-prefixed hex in any case.' },
  signature: { required: true, description: '0x-prefixed hex: a 65- or 64-byte ECDSA signature, or a contract wallet’s (ERC-1271, ERC-6492).' },
} as const;

builder.queryFields((t) => ({
  isValidSignature: t.field({
    nullable: true,
    type: SignatureCheckRef,
    description: 'Whether the wallet signed a 32-byte digest as it is (X-Access-Key).',
    args: {
      chainId: t.arg.string(SIGNED.chainId),
      walletAddress: t.arg.string(SIGNED.walletAddress),
      digest: t.arg.string({ required: true, description: 'The 32-byte hash signed, 0x-prefixed hex.' }),
      signature: t.arg.string(SIGNED.signature),
    },
    resolve: (_, args, ctx) => ctx.services.signatureChecks.digest(ctx.credentials, args),
  }),
  isValidMessageSignature: t.field({
    nullable: true,
    type: SignatureCheckRef,
    description: 'Whether the wallet signed a personal message (EIP-191, as personal_sign; the message is text) (X-Access-Key).',
    args: {
      chainId: t.arg.string(SIGNED.chainId),
      walletAddress: t.arg.string(SIGNED.walletAddress),
      message: t.arg.string({ required: true, description: 'The text signed.' }),
      signature: t.arg.string(SIGNED.signature),
    },
    resolve: (_, args, ctx) => ctx.services.signatureChecks.message(ctx.credentials, args),
  }),
  isValidTypedDataSignature: t.field({
    nullable: true,
    type: SignatureCheckRef,
    description: 'Whether the wallet signed EIP-712 typed data (as eth_signTypedData_v4) (X-Access-Key).',
    args: {
      chainId: t.arg.string(SIGNED.chainId),
      walletAddress: t.arg.string(SIGNED.walletAddress),
      typedData: t.arg({ type: 'JSONObject', required: true, description: '{domain, types, primaryType, message} as the wallet was given it.' }),
      signature: t.arg.string(SIGNED.signature),
    },
    resolve: (_, args, ctx) => ctx.services.signatureChecks.typedData(ctx.credentials, args),
  }),
  isValidETHAuthProof: t.field({
    nullable: true,
    type: SignatureCheckRef,
    description: 'Whether an ETHAuth proof (`eth.<address>.<claims>.<signature>`) is the wallet’s and holds now (not expired) (X-Access-Key).',
    args: {
      chainId: t.arg.string(SIGNED.chainId),
      walletAddress: t.arg.string(SIGNED.walletAddress),
      ethAuthProofString: t.arg.string({ required: true, description: 'The proof as @0xsequence/ethauth encodes it.' }),
    },
    resolve: (_, args, ctx) => ctx.services.signatureChecks.ethAuthProof(ctx.credentials, args),
  }),
}));
