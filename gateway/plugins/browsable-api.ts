// The browsable API (Django REST framework's, for a browser): a GET route that answers a
// JSON object (its 200 response schema is a joi object: the root index, every
// collection's list, a row) answers a browser's `Accept: text/html` with an HTML page
// instead. The page is a shell that knows nothing but the path, its methods and the
// POST body's documented example: it is served before authentication, and its script
// fetches the same URL as JSON with the bearer token the docs login stored
// (localStorage `docsAccessToken`) and the scope chosen on the page, then shows the
// JSON pretty-printed with its URLs as links, the page links (next/previous) and, where
// the path takes a POST, a form that posts a JSON body. Everything from the data is put into the page as DOM text, never
// as markup, so a hostile string shows as itself. Everyone else (no Accept, JSON, */*,
// or JSON and HTML equally preferred) gets the JSON exactly as before; `?format=json`
// and `?format=api` choose either way, as in DRF. See docs/conventions.md.
import Accept from '@hapi/accept';
import type { Plugin, Request, RequestRoute, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import type Boom from '@hapi/boom';
import { htmlPage, pagePolicy } from '../http/security-headers.js';
import { SERVICE } from '../routes/root/service-index.js';
import { BROWSABLE_SCRIPT, BROWSABLE_STYLE } from '../views/browsable-api.js';

interface JoiLike {
  type?: string;
  describe(): { examples?: unknown[]; keys?: Record<string, unknown> };
}

const isJoiObject = (schema: unknown): boolean => !!schema && typeof (schema as JoiLike).describe === 'function' && (schema as JoiLike).type === 'object';

interface Browsable {
  /** the route's own query takes a `format` (then only Accept chooses) */
  ownsFormat: boolean;
}
const known = new WeakMap<RequestRoute, Browsable | null>();
/** A GET whose documented answer is a JSON object, unless it opted out; null otherwise. */
export function browsable(route: RequestRoute): Browsable | null {
  let facts = known.get(route);
  if (facts === undefined) {
    const answers = (route.settings.response as { status?: Record<string, unknown> } | undefined)?.status;
    const query = (route.settings.validate as { query?: unknown } | undefined)?.query;
    const queryKeys = query && typeof (query as JoiLike).describe === 'function' ? (query as JoiLike).describe().keys : undefined;
    const yes = route.method === 'get' && route.settings.plugins?.platform?.browsable !== false && isJoiObject(answers?.[200]);
    facts = yes ? { ownsFormat: !!queryKeys && 'format' in queryKeys } : null;
    known.set(route, facts);
  }
  return facts;
}

export type Representation = 'json' | 'html';

/** media ranges that can choose text/html over application/json (media types are case-insensitive) */
const MAY_PREFER_HTML = /html|text\/\*/i;

/**
 * Which representation a request asks for: `?format=api` HTML, `?format=json` JSON,
 * otherwise the Accept header's preference (q-values), JSON on a tie or anything unclear.
 */
export function representationOf(accept: string | undefined, format: unknown): Representation {
  if (format === 'api') return 'html';
  if (format === 'json') return 'json';
  // only text/html or text/* can outrank JSON: API clients (no Accept, */*, application/json) skip the parse
  if (!accept || !MAY_PREFER_HTML.test(accept)) return 'json';
  try {
    return Accept.mediaType(accept, ['application/json', 'text/html']) === 'text/html' ? 'html' : 'json';
  } catch {
    return 'json'; // an Accept header that does not parse
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// the page's inline blocks never change (what differs per path is escaped text and
// attributes), so its policy is computed once
const POLICY = pagePolicy(`<style>${BROWSABLE_STYLE}</style><script>${BROWSABLE_SCRIPT}</script>`);

/** The methods routed at this path, and the documented example of its POST body. */
function pathFacts(request: Request): { methods: string[]; postExample: string | null } {
  const routes = request.server.table().filter((r) => r.path === request.route.path);
  const methods = [...new Set(routes.map((r) => r.method.toUpperCase()))].sort();
  const post = routes.find((r) => r.method === 'post');
  if (!post) return { methods, postExample: null };
  const payload = (post.settings.validate as { payload?: unknown } | undefined)?.payload;
  const example = payload && typeof (payload as JoiLike).describe === 'function' ? (payload as JoiLike).describe().examples?.[0] : undefined;
  return { methods, postExample: JSON.stringify(example ?? {}, null, 2) };
}

function shell(request: Request): string {
  const { methods, postExample } = pathFacts(request);
  const path = escapeHtml(request.path);
  const form =
    postExample === null
      ? ''
      : `<section id="post"><h2>POST</h2><form id="post-form"><label for="post-body">JSON body</label><textarea id="post-body" rows="10" spellcheck="false">${escapeHtml(postExample)}</textarea><button type="submit">POST</button></form><div id="post-status" role="status"></div><pre id="post-result"></pre></section>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${path} · ${escapeHtml(SERVICE.name)}</title>
<style>${BROWSABLE_STYLE}</style></head>
<body><header><a href="/api/">${escapeHtml(SERVICE.name)}</a> <a href="/api/docs/">Documentation</a> <span id="who"></span> <a id="login" href="/api/docs-login/">Log in</a> <button id="logout" type="button" hidden>Forget the token</button>
<form id="scope"><label for="scope-type">Scope</label> <select id="scope-type"><option value="self">self</option><option value="team">team</option></select> <label for="scope-team">team id</label> <input id="scope-team" type="number" min="1" step="1"> <button type="submit">Use</button></form></header>
<main id="browsable" data-methods="${escapeHtml(methods.join(' '))}">
<h1>${path}</h1>
<p class="allow">Allow: <code>${escapeHtml(methods.join(', '))}</code> · <a id="as-json" href="?format=json">JSON</a></p>
<div id="status" role="status">Loading…</div>
<nav id="pages" aria-label="pages"></nav>
<pre id="body"></pre>
${form}
</main>
<script>${BROWSABLE_SCRIPT}</script></body></html>`;
}

export const browsableApiPlugin: Plugin<void> = {
  name: 'platform-browsable-api',
  register(server) {
    // before authentication: the shell holds no data, so a browser without a token gets it too
    server.ext('onPreAuth', (request: Request, h: ResponseToolkit) => {
      const facts = request.method === 'get' ? browsable(request.route) : null;
      if (!facts) return h.continue;
      const query = request.query as Record<string, unknown>;
      const format = facts.ownsFormat ? undefined : query.format;
      // the route's own query schema does not know the parameter
      if (format === 'json' || format === 'api') delete query.format;
      if (representationOf(request.headers.accept as string | undefined, format) === 'json') return h.continue;
      return htmlPage(h, shell(request), POLICY).takeover();
    });
    // the same URL answers two representations: caches must key on Accept
    server.ext('onPreResponse', (request: Request, h: ResponseToolkit) => {
      if (request.method !== 'get' || !browsable(request.route)) return h.continue;
      const response = request.response as ResponseObject | Boom.Boom;
      if ('isBoom' in response && response.isBoom) {
        const vary = response.output.headers.Vary;
        response.output.headers.Vary = vary ? `${vary},accept` : 'accept';
      } else (response as ResponseObject).vary('accept');
      return h.continue;
    });
  },
};
