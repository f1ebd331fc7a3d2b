// HTTP(S) node connection: plain JSON-RPC over a keep-alive undici pool, one request per HTTP call.
// (ethers' FetchRequest decodes bodies with a JavaScript UTF-8 decoder that dominated backfill CPU time.)
import { Agent, request } from 'undici';
import { withTimeout, type Transport } from './transport';

/** Errors shaped like ethers' (`info.responseStatus`, `error`), so one classifier serves both transports. */
const httpError = (status: number, body: string, retryAfter: string | undefined) =>
  Object.assign(new Error(`HTTP ${status}`), { info: { responseStatus: String(status), responseBody: body, retryAfter } });

export const createHttpTransport = ({ url, timeoutMs }: { url: string; chainId: number; timeoutMs: number }): Transport => {
  const parsed = new URL(url);
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (parsed.username) {
    headers.authorization = `Basic ${Buffer.from(`${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}`).toString('base64')}`;
    parsed.username = '';
    parsed.password = '';
  }
  const target = parsed.toString();
  const agent = new Agent({ keepAliveTimeout: 30_000, headersTimeout: timeoutMs, bodyTimeout: timeoutMs, connections: 64 });
  let nextId = 0;

  const send = async (method: string, params: unknown[]) => {
    const res = await request(target, {
      method: 'POST',
      headers,
      body: JSON.stringify({ jsonrpc: '2.0', id: ++nextId, method, params }),
      dispatcher: agent,
    });
    const text = await res.body.text();
    if (res.statusCode < 200 || res.statusCode >= 300) {
      const retryAfter = res.headers['retry-after'];
      throw httpError(res.statusCode, text, Array.isArray(retryAfter) ? retryAfter[0] : retryAfter);
    }
    let json: { result?: unknown; error?: { code?: number; message: string; data?: unknown } };
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error('response body is not valid JSON');
    }
    if (json.error) throw Object.assign(new Error(json.error.message), { error: json.error });
    if (!('result' in json)) throw new Error('missing response for request');
    return json.result;
  };

  return {
    kind: 'http',
    request: (method, params, ms) => withTimeout(method, send(method, params), ms),
    close: async () => agent.close(),
  };
};
