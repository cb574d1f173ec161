import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { clientAddress } from '../../plugins/client-address.js';
import { ADMIN_LOGIN_PATH } from '../../plugins/admin-app.js';
import { formOptions } from './routes-shared.js';

// Sign-out: the session is ended on the server (its cookie names nothing any more) and the cookie cleared.
export default {
  method: 'POST',
  path: '/admin/logout/',
  options: { ...formOptions, description: 'Staff admin: sign out', validate: { payload: Joi.object({}).allow(null) } },
  async handler(request, h) {
    const session = request.app.adminSession;
    if (session) await request.server.app.services.admin.sessions.signOut(session, clientAddress(request));
    request.cookieAuth.clear();
    return h.redirect(ADMIN_LOGIN_PATH).code(303);
  },
} satisfies ServerRoute;
