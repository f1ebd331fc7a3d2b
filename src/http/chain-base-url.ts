// A base URL per chain: `<base>/chains/<chainId or name>/rpc/<Service>/<Operation>` serves the per-chain services
// (Indexer, Metadata) with that chain as the request's `chainID`. The published per-chain clients send no chain id and
// expect one chain per base URL (the hosted service has one host per network); the plain paths stay as they are.
// Only this file knows about the prefix: below http/ the request is an ordinary RPC call that names its chain.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ChainConfig } from '../config';
import type { ChainsService } from '../domain/chains';
import { DomainError, isDomainError } from '../domain/errors';
import { badRoute, domainToWebrpc, type ServiceName, type WebrpcError } from '../rpc/errors';
import { WEBRPC_HEADER } from '../rpc/handler';

/** The services whose every request concerns one chain. */
const PER_CHAIN: ReadonlySet<string> = new Set<ServiceName>(['Indexer', 'Metadata']);

const PREFIX = /^\/chains\/([^/]{1,64})(\/rpc\/([^/]+)\/[^/]*)$/;

export type ChainScope = { chain: string; path: string; service: string };

/** The chain segment and the plain RPC path of a `/chains/<chain>/rpc/...` path; null for any other path. */
export const chainScopeOf = (path: string): ChainScope | null => {
  const m = PREFIX.exec(path);
  if (!m) return null;
  let chain: string;
  try {
    chain = decodeURIComponent(m[1]);
  } catch {
    chain = m[1];
  }
  return { chain, path: m[2], service: m[3] };
};

const sendError = (res: ServerResponse, err: WebrpcError) => {
  const json = JSON.stringify(err);
  res.writeHead(err.status, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json), Webrpc: WEBRPC_HEADER });
  res.end(json);
};

const describe = (c: ChainConfig) => (c.name ? `${c.chainId} (${c.name})` : String(c.chainId));

/**
 * Serves a chain-scoped RPC request through `rpc` (the plain RPC handler): the URL becomes the plain path and the body
 * gets the chain's id as `chainID`. A body that names another chain is refused rather than silently answered for one
 * of the two; a body that is not a JSON object goes through untouched for the RPC handler to refuse.
 */
export const createChainBaseUrl = ({
  chains,
  rpc,
  admit = async () => undefined,
}: {
  chains: ChainsService;
  rpc: (req: IncomingMessage, res: ServerResponse, body: () => Promise<Buffer>) => Promise<void>;
  /** The request's admission (http/admit.ts), taken once: here before the body is read, found taken by the RPC handler. */
  admit?: (req: IncomingMessage) => Promise<unknown>;
}) => {
  const resolveIn = (service: ServiceName, field: string, value: unknown): ChainConfig | WebrpcError => {
    try {
      return chains.resolve(field, value);
    } catch (err) {
      if (!isDomainError(err)) throw err;
      return domainToWebrpc(service, err);
    }
  };

  return async (req: IncomingMessage, res: ServerResponse, scope: ChainScope, readBody: () => Promise<Buffer>): Promise<void> => {
    if (!PER_CHAIN.has(scope.service)) return sendError(res, badRoute(`/chains/${scope.chain}${scope.path}`));
    const service = scope.service as ServiceName;
    const configured = chains.all();
    const chain = configured.find((c) => c.name === scope.chain.toLowerCase() || String(c.chainId) === scope.chain);
    if (!chain) {
      const known = configured.length ? configured.map(describe).join(', ') : 'none';
      const err = new DomainError('ChainNotFound', `base URL /chains/${scope.chain}/: that chain is not configured on this server (configured: ${known})`, 'chainID');
      return sendError(res, domainToWebrpc(service, err));
    }
    const query = (req.url ?? '').includes('?') ? (req.url ?? '').slice((req.url ?? '').indexOf('?')) : '';
    req.url = scope.path + query;
    // Admitted before the body is read, as on the plain RPC path: a refusal is answered by the RPC handler (in its
    // service's webrpc form), which finds the admission taken and reads nothing.
    if (!(await admit(req).then(() => true, () => false))) return rpc(req, res, readBody);
    // Read first: a body naming another chain is answered before the RPC handler runs.
    const raw = await readBody();
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8') || '{}');
    } catch {
      return rpc(req, res, async () => raw);
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) return rpc(req, res, async () => raw);
    const b = body as Record<string, unknown>;
    const named = b.chainID;
    if (named !== undefined && named !== null && named !== '') {
      const other = resolveIn(service, 'chainID', named);
      if (!('chainId' in other)) return sendError(res, other);
      if (other.chainId !== chain.chainId) {
        const msg = `chainID: the request names chain ${describe(other)} but its base URL is chain ${describe(chain)}`;
        return sendError(res, domainToWebrpc(service, new DomainError('InvalidArgument', msg, 'chainID')));
      }
    }
    const scoped = Buffer.from(JSON.stringify({ ...b, chainID: String(chain.chainId) }));
    return rpc(req, res, async () => scoped);
  };
};
