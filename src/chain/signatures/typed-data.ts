// The EIP-712 digest of typed data as wallets send it ({domain, types, primaryType?, message}): ethers' encoder, with
// the EIP712Domain entry of `types` left out (ethers derives it from `domain`).
import { TypedDataEncoder, type TypedDataField } from 'ethers';

/** The digest, or an Error saying what is wrong with the typed data (fit for an InvalidArgument message). */
export const typedDataDigest = (typedData: unknown): string => {
  if (!typedData || typeof typedData !== 'object' || Array.isArray(typedData)) throw new Error('must be an object with domain, types and message');
  const { domain, types, message, primaryType } = typedData as Record<string, unknown>;
  if (!domain || typeof domain !== 'object') throw new Error('domain must be an object');
  if (!types || typeof types !== 'object') throw new Error('types must be an object');
  if (!message || typeof message !== 'object') throw new Error('message must be an object');
  const own = Object.fromEntries(Object.entries(types as Record<string, TypedDataField[]>).filter(([name]) => name !== 'EIP712Domain'));
  try {
    const encoder = TypedDataEncoder.from(own);
    if (typeof primaryType === 'string' && primaryType && encoder.primaryType !== primaryType) {
      throw new Error(`primaryType ${primaryType} is not the root type of types (${encoder.primaryType})`);
    }
    return TypedDataEncoder.hash(domain as Record<string, unknown>, own, message as Record<string, unknown>);
  } catch (err) {
    throw new Error(`the typed data cannot be encoded (EIP-712): ${(err as Error).message.split(' (')[0]}`);
  }
};
