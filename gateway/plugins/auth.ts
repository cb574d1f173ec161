// Bearer authentication with opaque access tokens (TokenService). Every route needs
// it unless it says `auth: false`; staff-only routes say `auth: { access: { scope: 'staff' } }`.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Boom from '@hapi/boom';
import { Unauthorized } from '../services/errors.js';

export const authPlugin: Plugin<void> = {
  name: 'platform-auth',
  register(server) {
    server.auth.scheme('opaque-bearer', () => ({
      async authenticate(request: Request, h: ResponseToolkit) {
        const header = request.headers.authorization;
        if (!header) throw Boom.unauthorized(null, 'Bearer');
        const m = /^Bearer\s+(\S+)\s*$/i.exec(String(header));
        if (!m) throw new Unauthorized('The Authorization header must be "Bearer <access token>".', 'token_invalid');
        const principal = await server.app.services.tokens.authenticate(m[1]);
        if (!principal) throw new Unauthorized('The access token is invalid or has expired.', 'token_invalid');
        return h.authenticated({ credentials: { user: principal, scope: principal.isStaff ? ['user', 'staff'] : ['user'] } });
      },
    }));
    server.auth.strategy('bearer', 'opaque-bearer');
    server.auth.default('bearer');
  },
};
