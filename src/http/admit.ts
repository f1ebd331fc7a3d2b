// Admission (graphql/admission.ts) of a Node request, taken once per request by whichever route handles it first, before
// any body is read. The server admits a POST /graphql before reading it; the direct POST path and yoga, which may take
// the same request over, find it admitted and use the same credentials object and limit headers (one check, one
// charge). One credentials object per request also makes a wrong key one failed attempt however many resolvers check it.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Credentials } from '../domain/auth/credentials';
import { isDomainError, refusalHeadersOf, type DomainError } from '../domain/errors';
import type { Admission, AdmissionNeeds, Admitted } from '../graphql/admission';
import { graphqlCodeOf } from '../graphql/errors';
import { peerAddressOf, type ClientAddressOf } from './client-address';
import { credentialsFromNodeHeaders } from './credentials';

export type RequestAdmission = {
  /** The request's credentials: its headers and client address, one object per request. */
  credentials(req: IncomingMessage): Credentials;
  /** Admits the request once (later calls get the first answer); rejects with the refusal. */
  admit(req: IncomingMessage, needs?: AdmissionNeeds): Promise<Admitted>;
};

export const createRequestAdmission = (admission: Admission, clientAddressOf: ClientAddressOf = peerAddressOf): RequestAdmission => {
  const credentials = new WeakMap<IncomingMessage, Credentials>();
  const admitted = new WeakMap<IncomingMessage, Promise<Admitted>>();
  const credentialsOf = (req: IncomingMessage) => {
    let c = credentials.get(req);
    if (!c) credentials.set(req, (c = { ...credentialsFromNodeHeaders(req.headers), clientAddress: clientAddressOf(req) }));
    return c;
  };
  return {
    credentials: credentialsOf,
    admit(req, needs) {
      let answer = admitted.get(req);
      if (!answer) admitted.set(req, (answer = admission(credentialsOf(req), needs)));
      return answer;
    },
  };
};

/**
 * Answers a request refused before its body was read, and closes the connection after the reply: what the client is
 * still sending is not read into memory, and the socket does not stay open for it.
 */
export const refuseUnread = (req: IncomingMessage, res: ServerResponse, status: number, body: unknown, headers: Readonly<Record<string, string>> = {}) => {
  const json = typeof body === 'string' ? body : JSON.stringify(body);
  res.shouldKeepAlive = false;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.writeHead(status, { 'content-length': Buffer.byteLength(json), connection: 'close' });
  res.end(json, () => {
    // Once the reply is out the rest of the upload is dropped with the socket (Node would otherwise read it to the end).
    if (!req.complete) req.socket.destroy();
  });
};

/**
 * Admits a request of a route that answers plain JSON (the asset routes, hosted documents, the console): true when
 * admitted; otherwise the refusal is answered unread as `{ error: CODE, message }` with `statusOf` its status (429 and
 * Retry-After for the throttle and a key's limits).
 */
export const admitOrRefuse = async (
  requests: RequestAdmission,
  req: IncomingMessage,
  res: ServerResponse,
  { needs, statusOf = () => 400 }: { needs?: AdmissionNeeds; statusOf?: (err: DomainError) => number } = {},
): Promise<boolean> => {
  try {
    await requests.admit(req, needs);
    return true;
  } catch (err) {
    if (!isDomainError(err)) throw err;
    const headers = refusalHeadersOf(err);
    const body = { error: graphqlCodeOf(err.kind), message: err.message, ...(err.field ? { field: err.field } : {}) };
    refuseUnread(req, res, headers ? 429 : statusOf(err), body, headers);
    return false;
  }
};
