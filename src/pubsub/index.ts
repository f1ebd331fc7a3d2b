export * from './types';
export * from './pubsub';
export * from './iterator';
export * from './positions';
export * from './redis';
