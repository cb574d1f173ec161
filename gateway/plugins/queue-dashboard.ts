// /admin/queues: bull-board over every BullMQ queue (counts, jobs, failed jobs with
// their errors, retry, clean), for staff only: a staff bearer token, or the staff
// admin's session cookie (the admin app links here). Its page is our copy of bull-board's
// template without the Google Fonts link (the dashboard works offline) under a CSP of
// its own: scripts only from this origin.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin, Request, ResponseObject, ResponseToolkit } from '@hapi/hapi';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HapiAdapter } from '@bull-board/hapi';
import { QUEUE_NAMES } from '../../jobs/catalog.js';

/** the staff admin's session strategy (gateway/plugins/admin-app.ts; a string here: that file imports this one) */
const ADMIN_STRATEGY = 'admin-session';

export const QUEUE_DASHBOARD_PATH = '/admin/queues';
const here = path.dirname(fileURLToPath(import.meta.url));
// tsc does not copy the template: compiled code (dist/gateway/plugins/) reads the source folder
const VIEWS = [path.resolve(here, '../views/queue-dashboard'), path.resolve(here, '../../../gateway/views/queue-dashboard')].find((dir) => fs.existsSync(path.join(dir, 'index.ejs')))!;
// React sets style attributes and the template has an inline <style>: styles need 'unsafe-inline'
const POLICY = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

export const queueDashboardPlugin: Plugin<void> = {
  name: 'platform-queue-dashboard',
  async register(server) {
    const adapter = new HapiAdapter();
    adapter.setBasePath(QUEUE_DASHBOARD_PATH);
    createBullBoard({
      queues: QUEUE_NAMES.map((name) => new BullMQAdapter(server.app.platform.producer.queue(name))),
      serverAdapter: adapter,
      options: { uiConfig: { boardTitle: 'Queues' } },
    });
    // after createBullBoard, which sets bull-board's own views folder
    adapter.setViewsPath(VIEWS);
    // these options become the route options of every dashboard route: the page, its files and its API
    await server.register({ plugin: adapter.registerPlugin(), options: { auth: { strategies: ['bearer', ADMIN_STRATEGY], access: { scope: 'staff' } } } as never }, { routes: { prefix: QUEUE_DASHBOARD_PATH } });
    server.ext(
      'onPreResponse',
      (request: Request, h: ResponseToolkit) => {
        const response = request.response as ResponseObject & { isBoom?: boolean };
        if (!request.path.startsWith(QUEUE_DASHBOARD_PATH) || response.isBoom) return h.continue;
        if (response.statusCode >= 400 && request.path.startsWith(`${QUEUE_DASHBOARD_PATH}/api/`)) documentedError(response);
        // bull-board's page is a view (its content type is set only when it is sent)
        if ((response as { variety?: string }).variety === 'view') response.header('Content-Security-Policy', POLICY).header('X-Frame-Options', 'DENY');
        return h.continue;
      },
      { before: ['platform-security-headers'] },
    );
  },
};

/**
 * bull-board answers its API's errors as {"error": {"key": "ERRORS.QUEUE_NOT_FOUND",
 * "options": {...}}} (its page translates the key). The documented error body is added
 * beside it — code, message and details from the key — and the key and options stay
 * for the dashboard's own page.
 */
function documentedError(response: ResponseObject): void {
  const source = response.source as { error?: unknown } | null;
  if (!source || typeof source !== 'object' || !('error' in source)) return;
  if (!source || typeof source !== 'object' || Buffer.isBuffer(source)) return;
  const error = source.error;
  if (error && typeof error === 'object' && typeof (error as { code?: unknown }).code === 'string') return;
  const key = typeof error === 'object' && error && typeof (error as { key?: unknown }).key === 'string' ? (error as { key: string }).key : null;
  const options = key ? ((error as { options?: unknown }).options ?? null) : null;
  const name = (key ?? 'ERRORS.QUEUE_DASHBOARD_ERROR').replace(/^ERRORS\./, '').toLowerCase();
  const message = typeof error === 'string' ? error : `${name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())}.`;
  source.error = { ...(typeof error === 'object' && error ? error : {}), code: name, message, details: key ? { key, options } : null };
}
