// Metadata refresh tasks for callers: queue a refresh of tokens or contracts (access key, or the console's bearer
// token), sweep stale ones (operator), read a task. Tasks run in the background (due-tasks.ts); the caller polls it.
import { LessThan } from 'typeorm';
import { ContractEntity, TokenMetadataEntity, type Db } from '../../db';
import { requireAdmin, requireReader } from '../auth/admin';
import type { Credentials } from '../auth/credentials';
import type { ChainsService } from '../chains';
import { requireAddressList } from '../contracts/address';
import { invalidArgument, notFound } from '../errors';
import { requireAddress, requireId, requireUint256, type Maybe } from '../validate';
import { getTask, queueTasks, recentTasksOf, type NewTask } from './task-store';
import { TASK_MAX_ITEMS, type MetadataTask } from './task-types';

/** RefreshContractInfoBatch takes at most this many addresses (one task). */
export const REFRESH_CONTRACTS_MAX = 1_000;
/** The operators' sweeps take at most this many rows per call. */
export const SWEEP_ROWS_MAX = 100_000;

// The signed-in console (operator or project bearer token) queues and polls refreshes without an access key.
type Auth = { requireAccessKey(c: Credentials): Promise<unknown>; requireBearer(c: Credentials): Promise<unknown> };

export type MetadataTasksService = {
  /** RefreshTokenMetadata: the listed tokens, or every cached token of the contract (however many: the task pages, task-runner.ts) and its info; newMints adds minted tokens never fetched. */
  refreshTokens(creds: Credentials, req: { chainId?: Maybe<string>; contractAddress: string; tokenIds?: Maybe<string[]>; newMints?: Maybe<boolean> }): Promise<MetadataTask>;
  /** RefreshContractInfo(Batch): the contracts' info, read again from the chain and their contractURI documents. */
  refreshContracts(creds: Credentials, req: { chainId?: Maybe<string>; contractAddresses: string[] }): Promise<MetadataTask>;
  /** Admin: contracts whose info is older than `before`, oldest first; one task per chain and 1,000 contracts. */
  refreshContractsUpdatedBefore(creds: Credentials, req: { before: Date; max: number }): Promise<MetadataTask[]>;
  /** Admin: token documents older than `before`, oldest first; one task per contract and 10,000 tokens. */
  refreshTokensUpdatedBefore(creds: Credentials, req: { before: Date; max: number }): Promise<MetadataTask[]>;
  get(creds: Credentials, id: unknown): Promise<MetadataTask>;
  /** The newest tasks of a contract, newest first: how an app finds the refresh an on-chain event queued. */
  recent(creds: Credentials, req: { chainId?: Maybe<string>; contractAddress: string; last?: Maybe<number> }): Promise<MetadataTask[]>;
};

/** `last` of recent(): default and cap. */
export const RECENT_TASKS_DEFAULT = 20;
export const RECENT_TASKS_MAX = 100;

const requireMax = (field: string, v: unknown): number => {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 1 || v > SWEEP_ROWS_MAX) throw invalidArgument(field, `must be an integer from 1 to ${SWEEP_ROWS_MAX}`);
  return v;
};

const requireBefore = (v: unknown): Date => {
  if (!(v instanceof Date) || Number.isNaN(v.getTime())) throw invalidArgument('before', 'must be an RFC 3339 timestamp');
  return v;
};

const split = <T>(items: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

export const createMetadataTasksService = ({ db, auth, chains, adminToken }: { db: Db; auth: Auth; chains: ChainsService; adminToken: string | null }): MetadataTasksService => {
  const queued = async (tasks: NewTask[]) => Promise.all((await queueTasks(db, tasks)).map(async (id) => (await getTask(db, id))!));

  return {
    async refreshTokens(creds, req) {
      await requireReader(auth, creds, adminToken);
      const chainId = chains.resolve('chainId', req.chainId).chainId;
      const contract = requireAddress('contractAddress', req.contractAddress);
      const given = req.tokenIds ?? [];
      if (!Array.isArray(given)) throw invalidArgument('tokenIds', 'must be an array of token ids');
      if (given.length > TASK_MAX_ITEMS) throw invalidArgument('tokenIds', `must hold at most ${TASK_MAX_ITEMS} token ids (got ${given.length})`);
      const tokenIds = [...new Set(given.map((id, i) => requireUint256(`tokenIds[${i}]`, id)))];
      const payload = tokenIds.length ? { tokenIds, newMints: !!req.newMints || undefined } : { allCached: true, contractInfo: true, newMints: !!req.newMints || undefined };
      const [task] = await queued([{ queue: 'tokens', origin: 'request', chainId, contract, payload }]);
      return task;
    },

    async refreshContracts(creds, req) {
      await requireReader(auth, creds, adminToken);
      const chainId = chains.resolve('chainId', req.chainId).chainId;
      const contracts = requireAddressList('contractAddresses', req.contractAddresses, REFRESH_CONTRACTS_MAX);
      if (!contracts.length) throw invalidArgument('contractAddresses', 'must name at least one contract');
      const [task] = await queued([{ queue: 'contracts', origin: 'request', chainId, contract: contracts.length === 1 ? contracts[0] : null, payload: { contracts } }]);
      return task;
    },

    async refreshContractsUpdatedBefore(creds, req) {
      requireAdmin(creds, adminToken);
      const before = requireBefore(req.before);
      const max = requireMax('maxContractNumber', req.max);
      const rows = await db.getRepository(ContractEntity).find({
        select: { chainId: true, address: true },
        where: { updatedAt: LessThan(before) },
        order: { updatedAt: 'ASC' },
        take: max,
      });
      const byChain = new Map<number, string[]>();
      for (const r of rows) byChain.set(r.chainId, [...(byChain.get(r.chainId) ?? []), r.address]);
      return queued(
        [...byChain].flatMap(([chainId, addresses]) =>
          split(addresses, REFRESH_CONTRACTS_MAX).map((contracts): NewTask => ({ queue: 'contracts', origin: 'admin', chainId, contract: null, payload: { contracts } })),
        ),
      );
    },

    async refreshTokensUpdatedBefore(creds, req) {
      requireAdmin(creds, adminToken);
      const before = requireBefore(req.before);
      const max = requireMax('maxTokenNumber', req.max);
      const rows = await db.getRepository(TokenMetadataEntity).find({
        select: { chainId: true, contract: true, tokenId: true },
        where: { updatedAt: LessThan(before) },
        order: { updatedAt: 'ASC' },
        take: max,
      });
      const byContract = new Map<string, { chainId: number; contract: string; ids: string[] }>();
      for (const r of rows) {
        const key = `${r.chainId}:${r.contract}`;
        const g = byContract.get(key) ?? { chainId: r.chainId, contract: r.contract, ids: [] };
        g.ids.push(r.tokenId);
        byContract.set(key, g);
      }
      return queued(
        [...byContract.values()].flatMap((g) =>
          split(g.ids, TASK_MAX_ITEMS).map((tokenIds): NewTask => ({ queue: 'tokens', origin: 'admin', chainId: g.chainId, contract: g.contract, payload: { tokenIds } })),
        ),
      );
    },

    async get(creds, id) {
      await requireReader(auth, creds, adminToken);
      const task = await getTask(db, requireId('taskId', id));
      if (!task) throw notFound(`task ${id}`);
      return task;
    },

    async recent(creds, req) {
      await requireReader(auth, creds, adminToken);
      const chainId = chains.resolve('chainId', req.chainId).chainId;
      const contract = requireAddress('contractAddress', req.contractAddress);
      const last = req.last ?? RECENT_TASKS_DEFAULT;
      if (!Number.isSafeInteger(last) || last < 1 || last > RECENT_TASKS_MAX) throw invalidArgument('last', `must be an integer from 1 to ${RECENT_TASKS_MAX}`);
      return recentTasksOf(db, chainId, contract, last);
    },
  };
};
