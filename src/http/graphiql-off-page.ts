// In production mode GraphiQL is off: a browser opening `/` or `/graphql` gets a short page saying so, what the
// server does serve and how to turn the explorer on, rather than a JSON error ("Must provide query string", "not
// found") that reads like a broken install.
import type { IncomingMessage } from 'node:http';
import { createStaticBody, type StaticBody } from './static-body';

/** A browser navigating to the server's root or to /graphql without a query (a GET query still runs). */
export const isExplorerVisit = (req: IncomingMessage, path: string): boolean => {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (!(req.headers.accept ?? '').includes('text/html')) return false;
  if (path === '/') return true;
  return path === '/graphql' && !new URLSearchParams((req.url ?? '').split('?')[1] ?? '').has('query');
};

export const createGraphiQLOffPage = ({ consolePage }: { consolePage: boolean }): StaticBody =>
  createStaticBody(
    Buffer.from(`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Strata: GraphiQL is off</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:3rem auto;padding:0 1rem;color:#222}code{background:#f2f2f2;padding:0 .2em}</style>
</head>
<body>
<h1>GraphiQL is off</h1>
<p>This Strata server runs in <strong>production mode</strong> (<code>NODE_ENV=production</code> or
<code>STRATA_MODE=production</code>): the GraphiQL explorer, introspection without credentials,
<code>/metrics</code> without its token and cross-origin calls from any site are closed.</p>
<h2>What is served here</h2>
<ul>
<li>GraphQL: <code>POST /graphql</code> (and subscriptions over graphql-ws on <code>/graphql</code>) with an
<code>X-Access-Key</code> header or <code>Authorization: Bearer &lt;token&gt;</code>.</li>
<li>The RPC of the published clients: <code>POST /rpc/&lt;Service&gt;/&lt;Operation&gt;</code>.</li>
${consolePage ? '<li>The builder console: <a href="/console">/console</a>.</li>\n' : ''}<li>Health: <code>/health</code>, <code>/ready</code>.</li>
</ul>
<h2>Turning the explorer on</h2>
<p>Set <code>GRAPHIQL=on</code> (and <code>INTROSPECTION=on</code> to browse the schema without credentials),
or run in development mode: <code>STRATA_MODE=development</code>, or <code>strata dev</code> for a local
devnet. Restart the server after changing either.</p>
</body>
</html>
`),
    'text/html; charset=utf-8',
  );
