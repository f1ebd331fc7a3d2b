// The abort signal of a request served over Node's HTTP (GraphQLRequest.signal, GraphQLContext.signal), for the paths
// that execute without yoga (the RPC, the direct POST path; yoga's Fetch request carries its own).
import type { ServerResponse } from 'node:http';

/**
 * Aborts when the client goes away before its reply is written (its connection closed): what the request still waits
 * for (a receipt wait) ends, and stops calling the node.
 */
export const abortedWhenGone = (res: ServerResponse): AbortSignal => {
  const controller = new AbortController();
  const gone = () => {
    if (!res.writableFinished) controller.abort();
  };
  // Gone already (while its body was read): 'close' was emitted before this listener.
  if (res.destroyed) gone();
  else res.once('close', gone);
  return controller.signal;
};
