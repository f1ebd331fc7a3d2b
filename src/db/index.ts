// The storage layer's public face.
export * from './data-source';
export * from './entities';
export * from './locks';
export * from './leases';
export * from './failover';
export * from './migrate';
export * from './chain-keys';
export * from './read-query';
export * from './deployment';
export * from './access-key-hash';
export * from './replicas';
export * from './query-indexes';
export * from './sqlite-rows';
export * from './binary';
