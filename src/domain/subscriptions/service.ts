// Live subscriptions to balances, token events and receipts: caller checks, filters, resume points; and the live
// notices of changed spam verdicts.
import type { Credentials } from '../auth/credentials';
import type { KeyNotices } from '../auth/key-notices';
import type { AuthService } from '../auth/service';
import type { ChainsService } from '../chains';
import type { Db } from '../../db';
import { subscribeIterator, type BalanceEvent, type LogEvent, type PositionedTopic, type PubSub, type ReceiptEvent, type Topics, type VerdictNotice } from '../../pubsub';
import { resumePoint } from './cursor';
import { balanceFilter, eventFilter, receiptFilter, type EventFilterRequest, type ReceiptFilterRequest } from './filters';
import { openEventStream, type EventStream, type StreamRequest } from './stream';
import { optionalAddressList, type Maybe } from '../validate';


/** Where to start: `fromBlock` (that block's events on) or the `cursor` of the last message received; neither: live. */
export type ResumeRequest = { fromBlock?: Maybe<number>; cursor?: Maybe<string> };

export type SubscriptionsService = {
  balanceUpdates(creds: Credentials, req: { chainId?: Maybe<string>; contractAddress: string } & ResumeRequest): Promise<AsyncIterableIterator<BalanceEvent>>;
  events(creds: Credentials, req: { chainId?: Maybe<string>; filter: EventFilterRequest } & ResumeRequest): Promise<AsyncIterableIterator<LogEvent>>;
  receipts(creds: Credentials, req: { chainId?: Maybe<string>; filter?: Maybe<ReceiptFilterRequest> } & ResumeRequest): Promise<AsyncIterableIterator<ReceiptEvent>>;
  /**
   * Each change of a stored spam verdict on the chain (of the given contracts, or all), as it is written: live only, no
   * resume point (after a reconnect, read the verdicts again).
   */
  verdictChanges(creds: Credentials, req: { chainId?: Maybe<string>; contractAddresses?: Maybe<string[]> }): Promise<AsyncIterableIterator<VerdictNotice>>;
  /**
   * This server is stopping: every open stream ends, at its next read, with StreamEndedError carrying the cursor that
   * resumes it on another server. Returns how many were open.
   */
  endAll(): number;
};

/** `fromBlock` also holds back live events of earlier blocks; a cursor only says what was already received. */
const floorOf = (req: ResumeRequest, start: { block: number } | null) => (start && req.fromBlock != null ? start.block + 1 : null);

export const createSubscriptionsService = ({
  auth,
  chains,
  pubsub,
  db,
  keyNotices,
}: {
  auth: AuthService;
  chains: ChainsService;
  pubsub: PubSub;
  db: Db;
  /** Ends a stream once its access key is revoked, rotated or no longer allows its origin, on any server. */
  keyNotices: Pick<KeyNotices, 'guard'>;
}): SubscriptionsService => {
  const open = new Set<EventStream<unknown>>();
  const openTracked = <T extends PositionedTopic>(req: StreamRequest<T>): EventStream<Topics[T]> => {
    const stream: EventStream<Topics[T]> = openEventStream({ ...req, onClose: () => open.delete(stream) });
    open.add(stream);
    return stream;
  };
  return {
    async balanceUpdates(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      const filter = balanceFilter(chain.chainId, req.contractAddress);
      const start = resumePoint('balances', chain.chainId, req);
      return keyNotices.guard(creds, openTracked({ db, pubsub, chain, topic: 'balances', filter: filter.match, hints: { contracts: [filter.contract] }, start, floor: floorOf(req, start) }));
    },
    async events(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      const filter = eventFilter(chain.chainId, req.filter);
      const start = resumePoint('logs', chain.chainId, req);
      return keyNotices.guard(creds, openTracked({ db, pubsub, chain, topic: 'logs', filter: filter.match, hints: { contracts: filter.contracts }, start, floor: floorOf(req, start) }));
    },
    async receipts(creds, req) {
      await auth.requireAccessKey(creds);
      const chain = chains.resolveOrOnly('chainId', req.chainId);
      const filter = receiptFilter(chain.chainId, req.filter);
      const start = resumePoint('receipts', chain.chainId, req);
      return keyNotices.guard(creds, openTracked({ db, pubsub, chain, topic: 'receipts', filter, hints: {}, start, floor: floorOf(req, start) }));
    },
    async verdictChanges(creds, req) {
      await auth.requireAccessKey(creds);
      const { chainId } = chains.resolveOrOnly('chainId', req.chainId);
      const contracts = new Set(optionalAddressList('contractAddresses', req.contractAddresses));
      const match = (n: VerdictNotice) => n.chainId === chainId && (!contracts.size || contracts.has(n.contractAddress));
      return keyNotices.guard(creds, subscribeIterator(pubsub, 'verdicts', match));
    },
    endAll() {
      const n = open.size;
      for (const stream of open) stream.end();
      return n;
    },
  };
};
