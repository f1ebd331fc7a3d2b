// The abort signal of a request served over Node's HTTP (GraphQLRequest.signal, GraphQLContext.signal), for the paths
// that execute without yoga (the RPC, the direct POST path; yoga's Fetch request carries its own).
import type { ServerResponse } from 'node:http';

/**
 * A request's abort signal, made when something first asks for it (GraphQLContext.signal): only a receipt wait does, and
 * an AbortController with its 'close' listener on every request cost the balance reads ~1 % of their CPU and more in
 * garbage. A signal made late is the same signal: a client gone by then gets it aborted at once.
 */
export type SignalOf = () => AbortSignal;

/** The signal of `res`: aborts when the client goes away before its reply is written (its connection closed). */
export const signalWhenGone = (res: ServerResponse): SignalOf => {
  let signal: AbortSignal | undefined;
  return () => (signal ??= abortedWhenGone(res));
};

/** Aborts when the client goes away before its reply is written: what the request still waits for ends, and stops calling the node. */
export const abortedWhenGone = (res: ServerResponse): AbortSignal => {
  const controller = new AbortController();
  const gone = () => {
    if (!res.writableFinished) controller.abort();
  };
  // Gone already (while its body was read, or before the signal was asked for): 'close' was emitted before this listener.
  if (res.destroyed) gone();
  else res.once('close', gone);
  return controller.signal;
};
