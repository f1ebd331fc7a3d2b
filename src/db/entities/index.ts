// Every entity the DataSource knows; add new ones here (one line each).
import { AccessKeyEntity } from './access-key';
import { AccessKeyUsageDayEntity } from './access-key-usage-day';
import { AssetEntity } from './asset';
import { BalanceEntity } from './balance';
import { BearerTokenEntity } from './bearer-token';
import { BalanceChangeEntity } from './balance-change';
import { BlockEntity } from './block';
import { ChainCheckpointEntity } from './chain-checkpoint';
import { ChainPaceSampleEntity } from './chain-pace-sample';
import { ChainTransactionEntity } from './chain-transaction';
import { ChainUndoEntity } from './chain-undo';
import { CollectionEntity } from './collection';
import { CollectionLinkEntity } from './collection-link';
import { CollectionTokenEntity } from './collection-token';
import { ContractEntity } from './contract';
import { ContractInfoOverrideEntity } from './contract-info-override';
import { MarketEventEntity } from './market-event';
import { MarketEventDayEntity } from './market-event-day';
import { MediaFileEntity } from './media-file';
import { MetadataTaskEntity } from './metadata-task';
import { TokenMediaEntity } from './token-media';
import { ProjectEntity } from './project';
import { TokenMetadataEntity } from './token-metadata';
import { TokenSearchEntity } from './token-search';
import { TokenTraitEntity } from './token-trait';
import { TokenTraitValueEntity } from './token-trait-value';
import { TokenListEntity } from './token-list';
import { TokenDirectoryEntryEntity } from './token-directory-entry';
import { TokenDirectoryCurationEntity } from './token-directory-curation';
import { TransferEntity } from './transfer';
import { ContractVerdictEntity } from './contract-verdict';
import { VerdictScanEntity } from './verdict-scan';
import { WalletLinkEntity } from './wallet-link';
import { WalletLinkNonceEntity } from './wallet-link-nonce';
import { WalletSessionEntity } from './wallet-session';
import { WatchedContractEntity } from './watched-contract';
import { WebhookDeliveryEntity } from './webhook-delivery';
import { WebhookListenerEntity } from './webhook-listener';
import { AllowanceEntity } from './allowance';
import { TokenApprovalEntity } from './token-approval';
import { OperatorApprovalEntity } from './operator-approval';
import { ApprovalEventEntity } from './approval-event';

export * from './access-key';
export * from './access-key-usage-day';
export * from './asset';
export * from './balance';
export * from './balance-change';
export * from './bearer-token';
export * from './block';
export * from './chain-checkpoint';
export * from './chain-pace-sample';
export * from './chain-transaction';
export * from './chain-undo';
export * from './collection';
export * from './collection-link';
export * from './collection-token';
export * from './contract';
export * from './contract-verdict';
export * from './contract-info-override';
export * from './market-event';
export * from './market-event-day';
export * from './media-file';
export * from './metadata-task';
export * from './token-media';
export * from './project';
export * from './token-metadata';
export * from './token-search';
export * from './token-trait';
export * from './token-trait-value';
export * from './token-list';
export * from './token-directory-entry';
export * from './token-directory-curation';
export * from './transfer';
export * from './verdict-scan';
export * from './wallet-link';
export * from './wallet-link-nonce';
export * from './wallet-session';
export * from './watched-contract';
export * from './webhook-delivery';
export * from './webhook-listener';
export * from './allowance';
export * from './token-approval';
export * from './operator-approval';
export * from './approval-event';

export const entities = [
  ProjectEntity,
  AccessKeyEntity,
  BearerTokenEntity,
  CollectionEntity,
  CollectionTokenEntity,
  ChainCheckpointEntity,
  BlockEntity,
  ChainTransactionEntity,
  TransferEntity,
  BalanceEntity,
  BalanceChangeEntity,
  ContractEntity,
  TokenMetadataEntity,
  CollectionLinkEntity,
  WalletLinkEntity,
  WalletLinkNonceEntity,
  MarketEventEntity,
  MarketEventDayEntity,
  ChainUndoEntity,
  WatchedContractEntity,
  AssetEntity,
  AccessKeyUsageDayEntity,
  TokenSearchEntity,
  TokenTraitEntity,
  TokenTraitValueEntity,
  ContractInfoOverrideEntity,
  MetadataTaskEntity,
  WebhookListenerEntity,
  WebhookDeliveryEntity,
  ChainPaceSampleEntity,
  TokenListEntity,
  TokenDirectoryEntryEntity,
  TokenDirectoryCurationEntity,
  WalletSessionEntity,
  MediaFileEntity,
  TokenMediaEntity,
  ContractVerdictEntity,
  VerdictScanEntity,
  AllowanceEntity,
  TokenApprovalEntity,
  OperatorApprovalEntity,
  ApprovalEventEntity,
];
