// Signature verification (wallet proofs, the API's signature checks): EIP-191 recovery, ERC-1271 and ERC-6492 (deployless, one eth_call).
export {
  DEFAULT_TIMEOUT_MS,
  ERC1271_GAS,
  ERC6492_GAS,
  ERC6492_MAGIC_SUFFIX,
  MAX_SIGNATURE_BYTES,
  verifyDigestSignature,
  verifyMessageSignature,
  type SignatureCheck,
  type SignatureClient,
  type SignatureKind,
  type VerifyDigestSignatureInput,
  type VerifyMessageSignatureInput,
} from './verify';
export { typedDataDigest } from './typed-data';
export { hashPersonalMessage } from './personal-message';
export { decodeEthAuthProof, ethAuthClaimsProblem, verifyEthAuthSignature, type EthAuthProof } from './ethauth';
