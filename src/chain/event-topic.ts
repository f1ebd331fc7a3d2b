// topic0 of an event signature, e.g. `Transfer(address,address,uint256)`.
import { id } from 'ethers';
import type { Hex } from './types';

export const eventTopic = (canonicalSignature: string): Hex => id(canonicalSignature).toLowerCase();
