// The ordered list of migrations. Migrations are timestamped and never edited once landed.
import { Foundation1763784000000 } from './1763784000000-foundation';
import { ChainData1763787600000 } from './1763787600000-chain-data';
import { WalletLinks1763791200000 } from './1763791200000-wallet-links';
import { TokenMetadata1763794800000 } from './1763794800000-token-metadata';
import { MarketAnalytics1763798400000 } from './1763798400000-market-analytics';
import { HashedAccessKeys1764000000000 } from './1764000000000-hashed-access-keys';
import { DeploymentId1764003600000 } from './1764003600000-deployment-id';
import { EventStreamPositions1764090000000 } from './1764090000000-event-stream-positions';
import { ChainUndoLog1764180000000 } from './1764180000000-chain-undo-log';
import { ChainSources1764270000000 } from './1764270000000-chain-sources';
import { LongReceiptLogs1764360000000 } from './1764360000000-long-receipt-logs';
import { HoldersIndex1764450000000 } from './1764450000000-holders-index';
import { AccessKeyManagement1764540000000 } from './1764540000000-access-key-management';
import { Assets1764630000000 } from './1764630000000-assets';
import { AccessKeyLimits1764720000000 } from './1764720000000-access-key-limits';
import { ClusteredBalances1764810000000 } from './1764810000000-clustered-balances';
import { ContractCollectionIds1795771843514 } from './1795771843514-contract-collection-ids';
import { MetadataTasks1795771896563 } from './1795771896563-metadata-tasks';
import { MetadataTaskLookup1795774729938 } from './1795774729938-metadata-task-lookup';
import { BalanceChangesAccount1795790000000 } from './1795790000000-balance-changes-account';
import { BearerTokens1795800000000 } from './1795800000000-bearer-tokens';
import { CheckpointEventsIndexed1795800000001 } from './1795800000001-checkpoint-events-indexed';
import { Webhooks1795784001195 } from './1795784001195-webhooks';
import { TokenTraitsAndOverrides1795771878158 } from './1795771878158-token-traits-and-overrides';
import { TokenTraitValues1795774342478 } from './1795774342478-token-trait-values';
import { CompactChainTables1795810000000 } from './1795810000000-compact-chain-tables';
import { UnsignedPositions1795820000000 } from './1795820000000-unsigned-positions';
import { ConsoleCharts1795820000200 } from './1795820000200-console-charts';
import { TokenDirectory1795830000000 } from './1795830000000-token-directory';
import { WalletSessions1795840004400 } from './1795840004400-wallet-sessions';
import { MediaCache1795850000000 } from './1795850000000-media-cache';
import { Approvals1795860000000 } from './1795860000000-approvals';
import { ContractVerdicts1795890000000 } from './1795890000000-contract-verdicts';

export const migrations = [
  Foundation1763784000000,
  ChainData1763787600000,
  WalletLinks1763791200000,
  TokenMetadata1763794800000,
  MarketAnalytics1763798400000,
  HashedAccessKeys1764000000000,
  DeploymentId1764003600000,
  EventStreamPositions1764090000000,
  ChainUndoLog1764180000000,
  ChainSources1764270000000,
  LongReceiptLogs1764360000000,
  HoldersIndex1764450000000,
  AccessKeyManagement1764540000000,
  Assets1764630000000,
  AccessKeyLimits1764720000000,
  ClusteredBalances1764810000000,
  ContractCollectionIds1795771843514,
  TokenTraitsAndOverrides1795771878158,
  MetadataTasks1795771896563,
  TokenTraitValues1795774342478,
  MetadataTaskLookup1795774729938,
  Webhooks1795784001195,
  BalanceChangesAccount1795790000000,
  BearerTokens1795800000000,
  CheckpointEventsIndexed1795800000001,
  CompactChainTables1795810000000,
  UnsignedPositions1795820000000,
  ConsoleCharts1795820000200,
  TokenDirectory1795830000000,
  WalletSessions1795840004400,
  MediaCache1795850000000,
  Approvals1795860000000,
  ContractVerdicts1795890000000,
];
