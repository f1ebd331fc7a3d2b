// Public surface of src/chain: the only way other layers reach a node.
export * from './types';
export {
  RetryableChainError,
  ChainRequestError,
  LogRangeTooLargeError,
  InvalidResponseError,
  ChainIdMismatchError,
  type ChainError,
  type RetryReason,
} from './errors';
export { createChainClient, type ChainClient, type ChainClientOptions, type RequestOptions } from './client';
export { redactUrl } from './transport';
export type { ChainLogger } from './transport';
export type { OnHead, Unsubscribe } from './new-heads';
export { TOPICS, SELECTORS, INTERFACE_IDS, ERC1271_MAGIC_VALUE, encodeCall } from './abis';
export { decodeTransferLog, isSkipped, TRANSFER_TOPICS, type DecodedTransfer, type SkippedLog, type TransferLogInput } from './decode-transfers';
export { CONTRACT_TYPES, TOKEN_STANDARDS, TRANSFER_KINDS, type ContractType, type TokenStandard, type TransferKind } from './contract-type';
export { NATIVE_CONTRACT, NATIVE_LOG_INDEX_BASE, isNativePosition, nativeTransfersOf, valueTransactions } from './native-transfers';
export { INTERNAL_LOG_INDEX_BASE, TRACE_FORMS, internalTransfersOf, isInternalPosition, movementsOf, tracesMismatch, type BlockTraces, type TraceForm } from './internal-transfers';
export type { TransferLog } from './transfer-log';
export { APPROVAL_TOPICS, decodeApprovalLog, decodeApprovalLogs, isApprovalLog, type ApprovalKind, type ApprovalLog, type DecodedApproval } from './decode-approvals';
export { readAllowances, type AllowanceKey } from './allowance-reads';
export {
  readContractBasics,
  readTokenURI,
  readERC1155Uri,
  readContractURI,
  readTotalSupply,
  cleanText,
  type ContractBasics,
  type ReadOptions,
} from './contract-reads';
export { bloomMayMatch } from './bloom';
export { uniqueLogs } from './unique-logs';
export { readTokenBalance, type BalanceStandard } from './balance-reads';
export { decodeMetadataUpdateLog, isMetadataUpdateLog, METADATA_UPDATE_TOPICS, METADATA_TOPICS, type MetadataUpdate } from './decode-metadata-updates';
export { findDeploymentBlock, NoContractError } from './deployment-block';
export { ENS_EVENT_TOPICS, ensNode, normalizeEnsName, readEnsAddr, readEnsChangedNodes, readEnsNameRecord, readEnsResolver, reverseNode } from './ens';
