import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { ADMIN_STRATEGY, safeNext } from '../../plugins/admin-app.js';
import { PAGE_TAGS } from './routes-shared.js';

// The sign-in page; a staff member already signed in goes straight on.
export default {
  method: 'GET',
  path: '/admin/login/',
  options: {
    auth: { strategy: ADMIN_STRATEGY, mode: 'try' },
    tags: PAGE_TAGS,
    description: 'Staff admin: the sign-in page',
    validate: { query: Joi.object({ next: Joi.string().max(500).allow('') }).unknown(false) },
  },
  handler(request, h) {
    const next = safeNext(request.query.next);
    if (request.auth.isAuthenticated) return h.redirect(next).code(303);
    return h.view('login', { title: 'Sign in', next, email: '' });
  },
} satisfies ServerRoute;
