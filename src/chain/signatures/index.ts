// Signature verification for wallet proofs: EIP-191 recovery, ERC-1271 and ERC-6492 (deployless, one eth_call).
export {
  DEFAULT_TIMEOUT_MS,
  ERC1271_GAS,
  ERC6492_GAS,
  ERC6492_MAGIC_SUFFIX,
  MAX_SIGNATURE_BYTES,
  verifyMessageSignature,
  type SignatureCheck,
  type SignatureClient,
  type SignatureKind,
  type VerifyMessageSignatureInput,
} from './verify';
