// The staff web application's machinery (/admin/, docs/areas/admin.md): its session
// cookie (@hapi/cookie, strategy `admin-session`), CSRF tokens on every form
// (@hapi/crumb: a POST without the right token is 403), the server-rendered pages
// (@hapi/vision + handlebars, which escapes every value), and what every admin page
// answers: its CSP (no script at all), no caching, HTML error pages, and a redirect
// to the sign-in page when the session is missing or over.
//
// The cookie holds only the session's opaque id (sealed by iron); the session is a
// Redis entry (domain/admin/admin-session-service.ts) read again on every request,
// together with the user's row, so a deactivated or demoted user is out at once.
import fs from 'node:fs';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Request, ResponseObject, ResponseToolkit, Server } from '@hapi/hapi';
import type Boom from '@hapi/boom';
import Cookie from '@hapi/cookie';
import Crumb from '@hapi/crumb';
import Handlebars from 'handlebars';
import type { Config } from '../../jobs/runtime/config.js';
import type { Principal } from '../../domain/accounts/token-service.js';
import { ADMIN_RESOURCES } from '../../domain/admin/admin-resources.js';
import { httpStatusOf, translateError } from '../http/errors.js';
import { Forbidden } from '../../jobs/runtime/errors.js';
import { QUEUE_DASHBOARD_PATH } from './queue-dashboard.js';

export const ADMIN_STRATEGY = 'admin-session';
export const ADMIN_COOKIE = 'admin_sid';
export const ADMIN_CRUMB = 'admin_crumb';
export const ADMIN_LOGIN_PATH = '/admin/login/';
/** route options of a signed-in admin page */
export const ADMIN_AUTH = { strategy: ADMIN_STRATEGY, access: { scope: 'staff' } } as const;

/** No script runs on an admin page; styles only from this origin; forms post only here. */
export const ADMIN_POLICY = "default-src 'none'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

// shared by every request's credentials, hence frozen
const STAFF_SCOPE = Object.freeze(['user', 'staff']) as string[];

const here = path.dirname(fileURLToPath(import.meta.url));
// tsc does not copy templates: compiled code (dist/gateway/plugins/) reads the source folder
export const ADMIN_VIEWS = [path.resolve(here, '../views/admin'), path.resolve(here, '../../../gateway/views/admin')].find((dir) => fs.existsSync(path.join(dir, 'layout.hbs')))!;

/** An admin page (the queue dashboard has its own page, policy and API). */
export const isAdminPage = (p: string) => (p === '/admin' || p.startsWith('/admin/')) && !p.startsWith(QUEUE_DASHBOARD_PATH);

/** The navigation every signed-in page shows: resources by group, then the queue dashboard. */
const NAV = Object.entries(
  ADMIN_RESOURCES.reduce<Record<string, { name: string; title: string }[]>>((groups, r) => {
    (groups[r.group] ??= []).push({ name: r.name, title: r.title });
    return groups;
  }, {}),
).map(([group, links]) => ({ group, links }));

/** A local admin path to go back to after sign-in, or the home page (no open redirect). */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/admin\/[A-Za-z0-9/_.?=&%-]*$/.test(next) && !next.startsWith('//') && !next.includes('/../') ? next : '/admin/';
}

export async function registerAdminApp(server: Server, config: Config): Promise<void> {
  const secure = config.publicBaseUrl.startsWith('https:');
  const cookie = { path: '/admin', isHttpOnly: true, isSameSite: 'Strict' as const, isSecure: secure };
  // the cookie is sealed with a key of its own, derived from the install's secret
  const password = createHmac('sha256', config.secretKey).update('admin-session-cookie').digest('hex');

  await server.register([
    { plugin: Cookie },
    {
      plugin: Crumb,
      options: { key: ADMIN_CRUMB, cookieOptions: cookie, skip: (request: Request) => !isAdminPage(request.path) },
    },
  ]);
  server.auth.strategy(ADMIN_STRATEGY, 'cookie', {
    cookie: { name: ADMIN_COOKIE, password, ...cookie, clearInvalid: true },
    redirectTo: false,
    validate: async (request: Request, stored: { sid?: unknown } | null) => {
      const session = await server.app.services.admin.sessions.resolve(stored?.sid);
      if (!session) return { isValid: false };
      request.app.adminSession = session;
      const user: Principal = { userId: session.userId, email: session.email, isStaff: true, kind: 'admin_session', tokenId: 0, familyId: `admin-session:${session.key}`, expiresAt: session.expiresAt };
      return { isValid: true, credentials: { user, scope: STAFF_SCOPE } };
    },
  });

  server.views({
    engines: { hbs: Handlebars.create() },
    path: ADMIN_VIEWS,
    layout: true,
    layoutPath: ADMIN_VIEWS,
    isCached: config.nodeEnv !== 'development',
    context: (request: Request) => ({ crumb: (request.plugins as { crumb?: string }).crumb, me: request.app.adminSession ? { email: request.app.adminSession.email } : null, nav: NAV, queues: QUEUE_DASHBOARD_PATH }),
  });

  // the queue dashboard's API calls carry no crumb: with the admin cookie, a change
  // (retry, clean, pause…) must come from a page of this origin
  server.ext('onPostAuth', (request: Request, h: ResponseToolkit) => {
    if (!request.path.startsWith(QUEUE_DASHBOARD_PATH) || request.method === 'get' || request.method === 'head') return h.continue;
    if (request.auth.credentials?.user?.kind !== 'admin_session') return h.continue;
    if (sameOrigin(request, config.publicBaseUrl)) return h.continue;
    throw new Forbidden('A change through the queue dashboard must come from its own page (Origin of this site).', 'cross_origin');
  });

  server.ext(
    'onPreResponse',
    (request: Request, h: ResponseToolkit) => {
      if (!isAdminPage(request.path)) return h.continue;
      const response = request.response as ResponseObject | Boom.Boom;
      if ('isBoom' in response && response.isBoom) return errorPage(request, h, response);
      return pageHeaders(response as ResponseObject);
    },
    { before: ['platform-errors'] },
  );
}

/** The browser says the request comes from a page of this site (Origin, or Sec-Fetch-Site). */
function sameOrigin(request: Request, publicBaseUrl: string): boolean {
  if (request.headers['sec-fetch-site'] === 'same-origin') return true;
  const origin = request.headers.origin;
  if (!origin) return false;
  return origin === new URL(publicBaseUrl).origin || origin === `${request.server.info.protocol}://${request.info.host}`;
}

const pageHeaders = (res: ResponseObject) =>
  res.header('Content-Security-Policy', ADMIN_POLICY).header('X-Content-Type-Options', 'nosniff').header('X-Frame-Options', 'DENY').header('Referrer-Policy', 'no-referrer').header('Cache-Control', 'no-store');

/** Errors on admin pages are pages too; a missing or ended session goes to the sign-in page. */
function errorPage(request: Request, h: ResponseToolkit, err: Boom.Boom) {
  const domain = translateError(err as Error & { name: string });
  const status = domain ? httpStatusOf(domain) : err.output.statusCode;
  if (status === 401) {
    const next = request.method === 'get' ? `?next=${encodeURIComponent(request.url.pathname + request.url.search)}` : '';
    return pageHeaders(h.redirect(`${ADMIN_LOGIN_PATH}${next}`).code(303).takeover());
  }
  if (status >= 500) request.logger?.error({ err }, 'admin page failed');
  const message =
    status >= 500 ? 'An unexpected error occurred; it has been logged.'
    : status === 403 && !domain ? 'The form was refused: it was sent without its security token (reload the page and try again), or you may not do this.'
    : (domain?.message ?? err.output.payload.message);
  const details = (domain?.details as { path: string; message: string }[] | null) ?? [];
  return pageHeaders(h.view('error', { title: `Error ${status}`, status, message, details }).code(status).takeover());
}
