// New-head notifications: eth_subscribe("newHeads") over WebSocket, or polling the latest block over HTTP.
import { headSchema } from './rpc-schemas';
import type { ChainLogger, Transport } from './transport';
import type { Block, Head } from './types';

export type OnHead = (head: Head) => void | Promise<void>;
export type Unsubscribe = () => Promise<void>;

const toHead = (b: Block): Head => ({ number: b.number, hash: b.hash, parentHash: b.parentHash, timestamp: b.timestamp });

// A throwing or rejecting listener must not stop the stream.
const deliver = (onHead: OnHead, head: Head, logger: ChainLogger): void => {
  try {
    Promise.resolve(onHead(head)).catch((err) => logger.warn({ err, head: head.number }, 'newHeads listener failed'));
  } catch (err) {
    logger.warn({ err, head: head.number }, 'newHeads listener failed');
  }
};

export const subscribeWsHeads = async (
  transport: Transport & { subscribe: NonNullable<Transport['subscribe']> },
  onHead: OnHead,
  { timeoutMs, logger }: { timeoutMs: number; logger: ChainLogger },
): Promise<Unsubscribe> =>
  transport.subscribe(
    ['newHeads'],
    (result) => {
      const parsed = headSchema.safeParse(result);
      if (!parsed.success) return logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'ignoring malformed newHeads notification');
      deliver(onHead, parsed.data, logger);
    },
    timeoutMs,
  );

/**
 * Polls `latest` every `intervalMs` and reports it whenever its hash changes (new block or reorg).
 * The head current at subscription time is the baseline and is not reported, like eth_subscribe.
 * Several blocks mined between two polls are reported as one head: treat heads as a wake-up signal.
 */
export const pollHeads = async (
  latest: () => Promise<Block | null>,
  onHead: OnHead,
  { intervalMs, logger }: { intervalMs: number; logger: ChainLogger },
): Promise<Unsubscribe> => {
  let lastHash = (await latest())?.hash;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> = Promise.resolve();

  const tick = async (): Promise<void> => {
    try {
      const block = await latest();
      if (!stopped && block && block.hash !== lastHash) {
        lastHash = block.hash;
        deliver(onHead, toHead(block), logger);
      }
    } catch (err) {
      logger.warn({ err }, 'polling for new heads failed; will retry');
    } finally {
      if (!stopped) timer = setTimeout(() => (inFlight = tick()), intervalMs);
    }
  };
  timer = setTimeout(() => (inFlight = tick()), intervalMs);

  return async () => {
    stopped = true;
    clearTimeout(timer);
    await inFlight;
  };
};
