// Every entity the DataSource knows; add new ones here (one line each).
import { AccessKeyEntity } from './access-key';
import { BalanceEntity } from './balance';
import { BalanceChangeEntity } from './balance-change';
import { BlockEntity } from './block';
import { ChainCheckpointEntity } from './chain-checkpoint';
import { ChainTransactionEntity } from './chain-transaction';
import { CollectionEntity } from './collection';
import { CollectionTokenEntity } from './collection-token';
import { ContractEntity } from './contract';
import { ProjectEntity } from './project';
import { TransferEntity } from './transfer';

export * from './access-key';
export * from './balance';
export * from './balance-change';
export * from './block';
export * from './chain-checkpoint';
export * from './chain-transaction';
export * from './collection';
export * from './collection-token';
export * from './contract';
export * from './project';
export * from './transfer';

export const entities = [
  ProjectEntity,
  AccessKeyEntity,
  CollectionEntity,
  CollectionTokenEntity,
  ChainCheckpointEntity,
  BlockEntity,
  ChainTransactionEntity,
  TransferEntity,
  BalanceEntity,
  BalanceChangeEntity,
  ContractEntity,
];
