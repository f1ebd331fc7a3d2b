// The builder console at /console: a Preact app (console/src) bundled by esbuild in this process the first time it
// is asked for, then served from memory, compressed, with ETags. Bundling here rather than at install keeps one
// path for `npm start`, the compiled dist/ and an install without dev dependencies (esbuild is a run-time
// dependency); it takes well under a second and happens once per process. Nothing is loaded from elsewhere: the
// page, its script and its styles all come from this server, and it speaks only the public GraphQL API.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { build } from 'esbuild';
import { projectPath } from '../config/paths';
import type { Logger } from '../config/logger';
import { admitOrRefuse, type RequestAdmission } from './admit';
import { sendJson } from './listener';
import { createStaticBody, type StaticBody } from './static-body';

const CONSOLE_PATH = '/console';

/** `/console` and everything under it. */
export const isConsolePath = (path: string) => path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`);

// `data:,` as the icon: the browser asks for no /favicon.ico (a 404 there is an error in its console).
const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Strata console</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${CONSOLE_PATH}/app.css">
</head>
<body>
<div id="app"></div>
<noscript>The Strata console needs JavaScript.</noscript>
<script type="module" src="${CONSOLE_PATH}/app.js"></script>
</body>
</html>
`;

type Bundle = { page: StaticBody; script: StaticBody; styles: StaticBody };

const bundle = async (): Promise<Bundle> => {
  const result = await build({
    entryPoints: [projectPath('console', 'src', 'main.tsx')],
    tsconfig: projectPath('console', 'tsconfig.json'),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2020',
    jsx: 'automatic',
    jsxImportSource: 'preact',
    outdir: 'console-out',
    entryNames: 'app',
    write: false,
    legalComments: 'none',
    logLevel: 'silent',
  });
  const output = (ext: string) => {
    const file = result.outputFiles.find((f) => f.path.endsWith(ext));
    if (!file) throw new Error(`the console bundle has no ${ext} output`);
    return Buffer.from(file.contents);
  };
  return {
    page: createStaticBody(Buffer.from(PAGE), 'text/html; charset=utf-8'),
    script: createStaticBody(output('.js'), 'text/javascript; charset=utf-8'),
    styles: createStaticBody(output('.css'), 'text/css; charset=utf-8'),
  };
};

export type ConsoleRoutes = (req: IncomingMessage, res: ServerResponse, path: string) => Promise<boolean>;

/** Answers GET/HEAD under /console; false for any other path. */
export const createConsoleRoutes = (logger: Logger, requests?: RequestAdmission): ConsoleRoutes => {
  let built: Promise<Bundle> | null = null;
  return async (req, res, path) => {
    if (!isConsolePath(path)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(res, 405, { error: 'the console is read with GET' });
      return true;
    }
    // Admitted as every request (admission.ts): its files are public, but a failing credential past the throttle's limit
    // is refused here too, and a key sent along is charged.
    if (requests && !(await admitOrRefuse(requests, req, res))) return true;
    built ??= bundle().catch((err: unknown) => {
      built = null; // tried again on the next request
      throw err;
    });
    let b: Bundle;
    try {
      b = await built;
    } catch (err) {
      logger.error({ err }, 'the console could not be bundled');
      sendJson(res, 503, { error: 'the console is not available: its bundle failed to build (see the server log)' });
      return true;
    }
    const rest = path.slice(CONSOLE_PATH.length);
    if (rest === '' || rest === '/') b.page.serve(req, res);
    else if (rest === '/app.js') b.script.serve(req, res);
    else if (rest === '/app.css') b.styles.serve(req, res);
    else sendJson(res, 404, { error: 'not found' });
    return true;
  };
};
