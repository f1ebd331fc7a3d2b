// RPC entries of the Metadata refresh tasks: Refresh* queue a task and answer its id; GetTask / GetTaskStatus read it;
// the Admin sweeps queue tasks for what is older than a time.
import { loadRpcDocument } from './documents';
import type { ServiceName } from './errors';
import type * as Ops from './generated/operations';
import type { RpcEntry } from './table';
import { chainIdIn } from './wire/common';
import { refreshContractsIn, refreshTokenMetadataIn, taskOut, taskStatusOut } from './wire/metadata-tasks';

const entry = <Data>(service: ServiceName, operation: string, e: Pick<RpcEntry<Data>, 'variables' | 'reply'>): RpcEntry<Data> => ({
  service,
  operation,
  document: loadRpcDocument(`${service}.${operation}`),
  ...e,
});

export const metadataTaskEntries = (): RpcEntry[] => [
  entry<Ops.GetTaskQuery>('Metadata', 'GetTask', {
    variables: (b) => ({ taskId: b.taskId }),
    reply: (d) => ({ task: taskOut(d.metadataTask) }),
  }),
  entry<Ops.GetTaskStatusQuery>('Metadata', 'GetTaskStatus', {
    variables: (b) => ({ taskId: b.taskId }),
    reply: (d) => ({ status: taskStatusOut(d.metadataTask.status) }),
  }),
  entry<Ops.RefreshTokenMetadataMutation>('Metadata', 'RefreshTokenMetadata', {
    variables: refreshTokenMetadataIn,
    reply: (d) => ({ taskID: d.queueTokenMetadataRefresh.id }),
  }),
  entry<Ops.RefreshContractInfoMutation>('Metadata', 'RefreshContractInfo', {
    variables: (b) => ({ chainID: chainIdIn(b.chainID), contractAddress: b.contractAddress }),
    reply: (d) => ({ taskID: d.queueContractInfoRefresh.id }),
  }),
  entry<Ops.RefreshContractInfoBatchMutation>('Metadata', 'RefreshContractInfoBatch', {
    variables: refreshContractsIn,
    reply: (d) => ({ taskID: d.queueContractInfoRefresh.id }),
  }),
  entry<Ops.RefreshContractInfoUpdatedBeforeMutation>('Admin', 'RefreshContractInfoUpdatedBefore', {
    variables: (b) => ({ before: b.before, maxContractNumber: b.maxContractNumber }),
    reply: (d) => ({ taskIDs: d.queueContractInfoRefreshUpdatedBefore.map((t) => t.id) }),
  }),
  entry<Ops.RefreshTokenMetadataUpdatedBeforeMutation>('Admin', 'RefreshTokenMetadataUpdatedBefore', {
    variables: (b) => ({ before: b.before, maxTokenNumber: b.maxTokenNumber }),
    reply: (d) => ({ taskIDs: d.queueTokenMetadataRefreshUpdatedBefore.map((t) => t.id) }),
  }),
];
