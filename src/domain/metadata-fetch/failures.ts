// How the Metadata jobs record and report a failed fetch or chain read.
import { preview } from '../../web';
import { DomainError } from '../errors';

/** A failure as stored with the row and logged: one line, at most 480 characters. */
export const shortError = (err: unknown): string => preview(err instanceof Error ? err.message : String(err), 480);

/** The chain's node did not answer a read the reply needs. */
export const unavailable = (chainId: number) => new DomainError('Unavailable', `chain ${chainId}: the node did not answer; try again later`);
