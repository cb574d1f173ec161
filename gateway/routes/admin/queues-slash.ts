import type { ServerRoute } from '@hapi/hapi';
import { QUEUE_DASHBOARD_PATH } from '../../plugins/queue-dashboard.js';

// bull-board serves its page without the trailing slash every other admin path has
export default {
  method: 'GET',
  path: `${QUEUE_DASHBOARD_PATH}/`,
  options: { auth: false, tags: ['admin'], description: 'Staff admin: the queue dashboard, without the trailing slash' },
  handler: (_request, h) => h.redirect(QUEUE_DASHBOARD_PATH).code(301),
} satisfies ServerRoute;
