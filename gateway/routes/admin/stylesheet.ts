import type { ServerRoute } from '@hapi/hapi';
import fs from 'node:fs';
import path from 'node:path';
import { ADMIN_VIEWS } from '../../plugins/admin-app.js';

// the admin pages' only stylesheet (their CSP allows styles from this origin, nothing inline)
const css = fs.readFileSync(path.join(ADMIN_VIEWS, 'admin.css'), 'utf8');

export default {
  method: 'GET',
  path: '/admin/static/admin.css',
  options: { auth: false, tags: ['admin'], description: 'The admin pages\' stylesheet' },
  handler: (_request, h) => h.response(css).type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600'),
} satisfies ServerRoute;
