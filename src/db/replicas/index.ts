// Read replicas: which reads may use one (scope), which one (monitor), and how reads get there (route).
export { readingFromReplicas, readingFromPrimary, replicaReadsAllowed } from './scope';
export { isLostConnection } from './failures';
export { startReplicaMonitor } from './start';
export type { ReplicaMonitor } from './monitor';
export type { ReplicaState } from './status';
