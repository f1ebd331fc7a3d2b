// Market analytics: who may ask (anyone; a bearer token, when sent, must be valid and match projectId) and what a filter counts.
import type { Db } from '../../db';
import type { AuthService } from '../auth/service';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { invalidArgument, permissionDenied } from '../errors';
import type { ProjectsService } from '../projects/service';
import { rollUp } from './periods';
import { linkedContracts, salesPerDay, type Scope } from './queries';
import type { MarketFilterInput, MarketStat, MarketStatsOptions } from './types';
import { parseMarketFilter } from './validate-filter';

export type AnalyticsService = {
  /**
   * Market transaction events (src/domain/analytics/definition.ts) per DAY, WEEK or MONTH between
   * `startDate` and `endDate`, oldest first; periods without events are omitted unless asked for.
   */
  marketTxnEventTotal(creds: Credentials, filter: MarketFilterInput | null | undefined, opts?: MarketStatsOptions): Promise<MarketStat[]>;
};

export const createAnalyticsService = ({
  db,
  auth,
  chains,
  projects,
}: {
  db: Db;
  auth: AuthService;
  chains: ChainsService;
  projects: ProjectsService;
}): AnalyticsService => ({
  async marketTxnEventTotal(creds, filter, opts = {}) {
    // No credential is needed (the published clients send none), but one that is sent must hold.
    const caller = creds.authorization?.trim() ? await auth.requireBearer(creds) : null;
    const q = parseMarketFilter(filter);
    if (caller && q.projectId !== null && q.projectId !== caller.projectId) {
      throw permissionDenied(`bearer token does not grant access to project ${q.projectId}`);
    }
    const projectId = q.projectId ?? caller?.projectId ?? null;
    if (!q.collections.length && projectId === null) {
      throw invalidArgument('filter.collections', 'give the collections (contract addresses) to count, or a projectId');
    }
    if (projectId !== null) await projects.requireExists(projectId);

    const chainIds = q.chain === null ? chains.all().map((c) => c.chainId) : [chains.resolve('filter.chainId', q.chain).chainId];
    const scope: Scope = q.collections.length
      ? new Map(chainIds.map((id) => [id, q.collections]))
      : await linkedContracts(db, projectId!, chainIds);
    const daily = await salesPerDay(db, scope, q, q.tokenId);
    return rollUp(daily, q.interval, q, Boolean(opts.includeEmptyPeriods));
  },
});
