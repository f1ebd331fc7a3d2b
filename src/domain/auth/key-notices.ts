// Revoking, rotating or changing an access key reaches every server: each forgets the key at once (not when its cache
// entry expires) and ends the open streams the key no longer admits, with the error a new request would get. A stream
// opened with a bearer token as well ends, with that token's error, when the token expires or is revoked.
//
// The notice travels on the event bus (in-process, or Redis across replicas), so it arrives within milliseconds; the
// CLI publishes it on Redis too when REDIS_URL is set. Redis publish/subscribe delivers at most once, and a process
// without Redis never hears of a change made by another process (`strata key revoke`, a revocation by SQL): so nothing
// relies on the notice alone. The key cache expires within KEY_CACHE_TTL_MS (auth/service.ts), a bearer token is read
// again after BEARER_RECHECK_MS, and each server re-reads the credentials of its open streams every STREAM_KEY_SWEEP_MS:
// a revoked key or token stops working everywhere within a second in any case. Polling the credentials in use, rather
// than a table of revocations, needs no write besides the revocation itself, so no path can forget to write a notice.
import { In } from 'typeorm';
import type { Db } from '../../db';
import { AccessKeyEntity, accessKeyHash, readingFromPrimary } from '../../db';
import type { PubSub } from '../../pubsub';
import jwt from 'jsonwebtoken';
import { DomainError, isDomainError } from '../errors';
import { originsOfRow } from './access-keys';
import { bearerTokenOf, expiryOfClaims, type Credentials } from './credentials';

/** How often a server re-reads the credentials of its open streams, in case a notice was lost or could not reach it. */
export const STREAM_KEY_SWEEP_MS = 1_000;
/** setTimeout's longest delay; a token expiring later is caught by a sweep that runs after the timer would have. */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** Keys read per statement by the sweep. */
const SWEEP_BATCH = 500;

export type KeyNotices = {
  /** A key was revoked, rotated or changed here: this server forgets it now, and every server hears of it. */
  announce(keyHash: string): Promise<void>;
  /**
   * `stream`, ended with the key's error (AccessKeyNotFound once revoked or rotated, InvalidOrigin once its origins
   * exclude the stream's) when the access key of `creds` stops admitting them, or with the bearer token's
   * (SessionExpired at its expiry, Unauthorized once revoked) when `creds` carry one. Without either: `stream` unchanged.
   */
  guard<T>(creds: Credentials, stream: AsyncIterableIterator<T>): AsyncIterableIterator<T>;
};

type Watcher = { creds: Credentials; end: (err: DomainError) => void };
/** The expiry of a bearer token in ms (no signature check: the stream's admission checked it), null without one. */
const expiryOf = (creds: Credentials): number | null => {
  const token = bearerTokenOf(creds);
  return token ? expiryOfClaims(jwt.decode(token)) : null;
};
type KeyRow = { keyHash: string; originsJson: string | null };

/** Why a key (read again: `row`, or null when gone) no longer admits these credentials; null when it still does. */
const refusalOf = (row: KeyRow | null, creds: Credentials): DomainError | null => {
  if (!row) return new DomainError('AccessKeyNotFound', 'access key not found: it was revoked or rotated');
  const origins = originsOfRow(row);
  const origin = creds.origin?.trim().toLowerCase();
  if (origins.length && origin && !origins.includes(origin)) return new DomainError('InvalidOrigin', `origin ${origin} is not allowed for this access key`);
  return null;
};

/** An iterator that `stop` ends with an error at once, even while a `next()` waits for the source's next item. */
const stoppable = <T>(source: AsyncIterableIterator<T>, onFinish: () => void) => {
  let failure: DomainError | null = null;
  let reported = false;
  let rejectWaiting: ((err: DomainError) => void) | null = null;
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    onFinish();
  };
  const iterator: AsyncIterableIterator<T> = {
    [Symbol.asyncIterator]: () => iterator,
    next() {
      if (failure) {
        if (reported) return Promise.resolve({ value: undefined, done: true });
        reported = true;
        return Promise.reject(failure);
      }
      return new Promise<IteratorResult<T>>((resolve, reject) => {
        rejectWaiting = (err) => {
          reported = true;
          reject(err);
        };
        source.next().then(
          (r) => {
            rejectWaiting = null;
            if (r.done) finish();
            resolve(r);
          },
          (err) => {
            rejectWaiting = null;
            finish();
            reject(err);
          },
        );
      });
    },
    async return() {
      finish();
      await source.return?.();
      return { value: undefined, done: true };
    },
    async throw(err: unknown) {
      finish();
      await source.return?.();
      throw err;
    },
  };
  const stop = (err: DomainError) => {
    if (failure || finished) return;
    failure = err;
    finish();
    // The source releases its subscription; a pending next() gets the error now rather than the source's end.
    void source.return?.();
    const reject = rejectWaiting;
    rejectWaiting = null;
    reject?.(err);
  };
  return { iterator, stop };
};

export const createKeyNotices = ({
  db,
  pubsub,
  forget,
  verify,
  sweepMs = STREAM_KEY_SWEEP_MS,
}: {
  db: Db;
  pubsub: PubSub;
  /** Drops a key from this process's credential cache (auth.forgetAccessKey). */
  forget: (keyHash: string) => void;
  /** Checks every credential presented (auth.verify): how a stream's bearer token is found expired or revoked. */
  verify: (creds: Credentials) => Promise<void>;
  sweepMs?: number;
}): KeyNotices => {
  const keys = db.getRepository(AccessKeyEntity);
  const watchers = new Map<string, Set<Watcher>>();
  // Streams opened with a bearer token (besides their key): checked whole, by verify, at each sweep.
  const bearing = new Set<Watcher>();
  let sweeper: NodeJS.Timeout | null = null;

  /** Ends the stream when its credentials fail; a failure that is not the credentials' (the store unreachable) changes nothing. */
  const recheckBearer = (w: Watcher) =>
    verify(w.creds).then(
      () => undefined,
      (err) => {
        if (isDomainError(err)) w.end(err);
      },
    );

  const read = (hashes: string[]): Promise<KeyRow[]> =>
    readingFromPrimary(() => keys.find({ select: { keyHash: true, originsJson: true }, where: { keyHash: In(hashes) } }));

  /** Reads the keys again and ends the streams they no longer admit. A failed read changes nothing (the next sweep retries). */
  const recheck = async (hashes: string[]) => {
    for (let i = 0; i < hashes.length; i += SWEEP_BATCH) {
      const batch = hashes.slice(i, i + SWEEP_BATCH).filter((h) => watchers.has(h));
      if (!batch.length) continue;
      let rows: KeyRow[];
      try {
        rows = await read(batch);
      } catch {
        continue;
      }
      const byHash = new Map(rows.map((r) => [r.keyHash, r]));
      for (const hash of batch) {
        for (const w of [...(watchers.get(hash) ?? [])]) {
          const refusal = refusalOf(byHash.get(hash) ?? null, w.creds);
          if (refusal) w.end(refusal);
        }
      }
    }
  };

  // Listens as long as the bus is open (closing the app closes the bus, and open streams end with their connections).
  pubsub.subscribe('keys', ({ keyHash }) => {
    forget(keyHash);
    if (watchers.has(keyHash)) void recheck([keyHash]);
  });

  // Runs only while streams are open, so an idle server reads nothing.
  const sweep = () => {
    void recheck([...watchers.keys()]);
    for (const w of [...bearing]) void recheckBearer(w);
  };
  const watch = (hash: string | null, w: Watcher, expiresAt: number | null) => {
    let set: Set<Watcher> | undefined;
    if (hash) {
      set = watchers.get(hash);
      if (!set) watchers.set(hash, (set = new Set()));
      set.add(w);
    }
    // The token's own end, to the moment; its revocation is found by the sweep.
    const delay = expiresAt === null ? null : Math.max(0, expiresAt - Date.now());
    const expiry = delay !== null && delay <= MAX_TIMER_MS ? setTimeout(() => void recheckBearer(w), delay) : null;
    expiry?.unref();
    if (bearerTokenOf(w.creds)) bearing.add(w);
    if (!sweeper) {
      sweeper = setInterval(sweep, sweepMs);
      sweeper.unref();
    }
    return () => {
      if (expiry) clearTimeout(expiry);
      bearing.delete(w);
      if (hash && set) {
        set.delete(w);
        if (!set.size) watchers.delete(hash);
      }
      if (!watchers.size && !bearing.size && sweeper) {
        clearInterval(sweeper);
        sweeper = null;
      }
    };
  };

  return {
    async announce(keyHash) {
      forget(keyHash);
      // The change is in the database already: a notice that cannot be published (Redis unreachable) must not turn it
      // into an error; every server finds it by reading again (see the top of this file).
      await pubsub.publish('keys', [{ keyHash }]).catch(() => undefined);
    },
    guard(creds, stream) {
      const key = creds.accessKey?.trim();
      if (!key && !bearerTokenOf(creds)) return stream;
      let unwatch = () => {};
      const { iterator, stop } = stoppable(stream, () => unwatch());
      unwatch = watch(key ? accessKeyHash(key) : null, { creds, end: stop }, expiryOf(creds));
      return iterator;
    },
  };
};
