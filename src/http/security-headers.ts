// Security headers on every reply, by helmet (its middleware takes Node's req/res as they are). The one
// HTML page Strata serves is GraphiQL, rendered by yoga with its assets bundled inline, so the policy
// allows inline scripts and styles from this origin only, no other origin at all, and no framing.
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

const middleware = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", "'unsafe-inline'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // blob: for the console's preview of an image before it is uploaded.
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      // GraphiQL's editor starts web workers from blob: URLs; queries and graphql-ws go to this origin.
      workerSrc: ["'self'", 'blob:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Cross-origin API clients must be able to read replies (CORS decides who); these would block them.
  crossOriginResourcePolicy: false,
  crossOriginEmbedderPolicy: false,
  // HTTPS is the reverse proxy's business; a header here would pin browsers to it on plain-HTTP installs.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  xFrameOptions: { action: 'deny' },
});

export const applySecurityHeaders = (req: IncomingMessage, res: ServerResponse): void =>
  middleware(req, res, () => {});
