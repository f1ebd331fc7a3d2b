// Wire shapes of the Metadata tasks (published clients' Task, TaskStatus), renaming only.
import type * as Ops from '../generated/operations';
import { chainIdIn, type Body } from './common';

type TaskFields = NonNullable<Ops.GetTaskQuery['metadataTask']>;

/**
 * The published TaskStatus is QUEUED | PAUSED | FAILED | DONE: a running task is still "not finished", so it reads
 * QUEUED on the wire (GraphQL says RUNNING), keeping to the closed set clients switch over.
 */
export const taskStatusOut = (s: TaskFields['status']): string => (s === 'RUNNING' ? 'QUEUED' : s);

export const taskOut = (t: TaskFields) => ({
  id: t.id,
  queue: t.queue,
  status: taskStatusOut(t.status),
  try: t.tries,
  runAt: t.runAt,
  // Optional in the client: left out until the task has run.
  ...(t.lastRanAt ? { lastRanAt: t.lastRanAt } : {}),
  createdAt: t.createdAt,
  payload: t.payload,
  result: t.result,
});

export const refreshTokenMetadataIn = (b: Body) => ({
  chainID: chainIdIn(b.chainID),
  contractAddress: b.contractAddress,
  tokenIDs: b.tokenIDs,
  newMints: b.newMints,
});

export const refreshContractsIn = (b: Body) => ({ chainID: chainIdIn(b.chainID), contractAddresses: b.contractAddresses });
