// Real HTTP(S) servers on 127.0.0.1 for the web-layer tests; each records every TCP connection it accepts.
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';

export type LocalServer = {
  port: number;
  origin: string;
  /** TCP connections accepted so far. */
  connections: number;
  /** Request paths seen, in order. */
  requests: Array<{ path: string; host: string | undefined }>;
  close(): Promise<void>;
};

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export const startServer = async (handler: Handler, tlsOptions?: https.ServerOptions): Promise<LocalServer> => {
  const server = tlsOptions ? https.createServer(tlsOptions) : http.createServer();
  const state: LocalServer = {
    port: 0,
    origin: '',
    connections: 0,
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('connection', () => state.connections++);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    state.requests.push({ path: req.url ?? '', host: req.headers.host });
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  state.origin = `${tlsOptions ? 'https' : 'http'}://127.0.0.1:${state.port}`;
  return state;
};

export const json = (res: http.ServerResponse, body: unknown, status = 200) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

/** Streams up to `total` bytes in 64 KiB chunks, honouring backpressure; reports what it wrote. */
export const streamBytes = (res: http.ServerResponse, total: number, sent: { bytes: number; closed: boolean }) => {
  const chunk = Buffer.alloc(64 * 1024, 0x61);
  res.on('close', () => {
    sent.closed = true;
  });
  const pump = () => {
    while (sent.bytes < total && !sent.closed) {
      sent.bytes += chunk.length;
      if (!res.write(chunk)) {
        res.once('drain', pump);
        return;
      }
    }
    if (!sent.closed) res.end();
  };
  pump();
};

export const getFreePortWithNothingListening = async (): Promise<number> => {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
