// One pino logger per process, configured from Config; everything logs through it.
import pino from 'pino';
import type { Config } from './index';

export type Logger = pino.Logger;

export const createLogger = (config: Pick<Config, 'logLevel'>): Logger =>
  pino({ level: config.logLevel, base: { service: 'strata' } });
