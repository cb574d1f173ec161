// Bearer authentication with opaque access tokens (TokenService). Every route needs
// it unless it says `auth: false`; staff-only routes say `auth: { access: { scope: 'staff' } }`.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import Boom from '@hapi/boom';
import { Forbidden, Unauthorized } from '../../jobs/runtime/errors.js';
import type { Principal } from '../../domain/accounts/token-service.js';
import type { Actor } from '../../domain/shared/actor.js';
import { actor } from './scope.js';

// shared by every request's credentials, hence frozen
const USER_SCOPE = Object.freeze(['user']) as string[];
const STAFF_SCOPE = Object.freeze(['user', 'staff']) as string[];

export const authPlugin: Plugin<void> = {
  name: 'platform-auth',
  register(server) {
    server.auth.scheme('opaque-bearer', () => ({
      authenticate(request: Request, h: ResponseToolkit) {
        const header = request.headers.authorization;
        if (!header) throw Boom.unauthorized(null, 'Bearer');
        const m = /^Bearer\s+(\S+)\s*$/i.exec(String(header));
        if (!m) throw new Unauthorized('The Authorization header must be "Bearer <access token>".', 'token_invalid');
        const { tokens } = server.app.services;
        const authenticated = (principal: Principal | null) => {
          if (!principal) throw new Unauthorized('The access token is invalid or has expired.', 'token_invalid');
          return h.authenticated({ credentials: { user: principal, scope: principal.isStaff ? STAFF_SCOPE : USER_SCOPE } });
        };
        // a token seen in the last 30 s is answered without an await (the common case)
        const known = tokens.peek(m[1]);
        return known ? authenticated(known) : tokens.authenticate(m[1]).then(authenticated);
      },
    }));
    server.auth.strategy('bearer', 'opaque-bearer');
    server.auth.default('bearer');
  },
};

/**
 * The login behind a request that manages credentials (change password, log out,
 * personal API tokens): a personal API token may not do these, so a leaked token
 * cannot mint siblings, lock the owner out or outlive its own revocation.
 */
export function sessionPrincipal(request: Request): Principal {
  const principal = request.auth.credentials?.user;
  if (!principal) throw new Unauthorized();
  if (principal.kind !== 'session') throw new Forbidden('This endpoint needs a login session (POST /api/auth/login/), not a personal API token.', 'session_required');
  return principal;
}

/** The actor of a request that manages credentials: a login session's, never an API token's. */
export function sessionActor(request: Request): Actor {
  sessionPrincipal(request);
  return actor(request);
}
