// One pino logger per process, configured from Config; everything logs through it.
//
// In a terminal the lines are pretty (coloured, local time, one line each); anywhere else (a pipe, a file, a log
// shipper) they stay JSON. LOG_FORMAT overrides the guess.
import pino from 'pino';
import pretty from 'pino-pretty';
import type { Config } from './index';

export type Logger = pino.Logger;

export type LogFormat = 'json' | 'pretty' | 'auto';

export const createLogger = (config: Pick<Config, 'logLevel'> & { logFormat?: LogFormat }): Logger => {
  const options = { level: config.logLevel, base: { service: 'strata' } };
  const format = config.logFormat ?? 'auto';
  // Synchronous too: the `stopped` line written just before process.exit must not be left in a buffer.
  if (format === 'json' || (format === 'auto' && !process.stdout.isTTY)) return pino(options, pino.destination({ dest: 1, sync: true }));
  return pino(
    options,
    pretty({
      colorize: format === 'auto' ? true : Boolean(process.stdout.isTTY),
      translateTime: 'SYS:HH:MM:ss.l',
      ignore: 'pid,hostname,service',
      singleLine: true,
      // Synchronous: a line is out before the process exits (start-up failures, shutdown).
      sync: true,
    }),
  );
};
