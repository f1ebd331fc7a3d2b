// Token approvals of an owner (current state and event history): caller checks, validation, limits.
import type { Db } from '../../db';
import type { Credentials } from '../auth/credentials';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import { resolvePageRequest, type Page, type PageLimits, type PageRequest } from '../paging';
import { requireAddress } from '../validate';
import { optionalAddress } from '../indexer/requests';
import { readApprovalEvents, readApprovals } from './read';
import type { Approval, ApprovalEvent } from './types';

export type ApprovalsRequest = { chainId?: unknown; ownerAddress: unknown; contractAddress?: unknown };

export const APPROVAL_EVENTS_PAGE: PageLimits = { default: 100, max: 1000 };

export type ApprovalsService = {
  /** The owner's live approvals: allowances above zero, approved tokens, operators (at most MAX_APPROVALS of each). */
  approvals(creds: Credentials, req: ApprovalsRequest): Promise<Approval[]>;
  /** The owner's Approval / ApprovalForAll events, newest first. */
  approvalHistory(creds: Credentials, req: ApprovalsRequest & { page?: PageRequest | null }): Promise<Page<ApprovalEvent>>;
};

export const createApprovalsService = ({ db, auth, chains }: { db: Db; auth: AuthService; chains: ChainsService }): ApprovalsService => {
  const queryOf = (req: ApprovalsRequest) => ({
    chainId: chains.resolveOrOnly('chainId', req.chainId).chainId,
    owner: requireAddress('ownerAddress', req.ownerAddress),
    contract: optionalAddress('contractAddress', req.contractAddress),
  });
  return {
    async approvals(creds, req) {
      await auth.requireAccessKey(creds);
      return readApprovals(db, queryOf(req));
    },
    async approvalHistory(creds, req) {
      await auth.requireAccessKey(creds);
      return readApprovalEvents(db, { ...queryOf(req), page: resolvePageRequest(req.page, APPROVAL_EVENTS_PAGE) });
    },
  };
};
