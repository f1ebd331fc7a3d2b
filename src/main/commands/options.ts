// What the CLI's command modules share: option parsers and how a command reaches the services.
import { InvalidArgumentError } from 'commander';
import type { Services } from '../../domain/services';

/** Runs a one-shot command against the services, printing its result as one JSON line (cli.ts). */
export type WithServices = (fn: (s: Services) => Promise<unknown>) => Promise<void>;

export const positiveInt = (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError('must be a positive integer');
  return Number(v);
};
