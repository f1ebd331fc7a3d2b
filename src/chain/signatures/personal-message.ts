// The EIP-191 personal-sign digest of a message (what wallets sign for personal_sign).
import { hashMessage } from 'ethers';

export const hashPersonalMessage = (message: string): string => hashMessage(message);
