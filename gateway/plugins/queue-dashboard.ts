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
        // bull-board's page is a view (its content type is set only when it is sent)
        if ((response as { variety?: string }).variety === 'view') response.header('Content-Security-Policy', POLICY).header('X-Frame-Options', 'DENY');
        return h.continue;
      },
      { before: ['platform-security-headers'] },
    );
  },
};
