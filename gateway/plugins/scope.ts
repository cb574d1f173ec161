// Resolves X-Profile-Type / X-Team-Id once per authenticated request into
// request.app.scope, which every later handler uses. Unknown or foreign teams stop
// here (400 / 403), so no handler has to think about it.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { resolveScope, selfScope, type Scope } from '../../domain/shared/scope.js';
import { Unauthorized } from '../../jobs/runtime/errors.js';
import type { Actor } from '../../domain/shared/actor.js';

export const scopePlugin: Plugin<void> = {
  name: 'platform-scope',
  register(server) {
    server.ext('onPostAuth', (request: Request, h: ResponseToolkit) => {
      const principal = request.auth.credentials?.user;
      if (!request.auth.isAuthenticated || !principal) return h.continue;
      const profileType = headerValue(request, 'x-profile-type');
      const teamId = headerValue(request, 'x-team-id');
      // most requests name no scope: the self scope needs no database, so no await
      if (profileType === undefined && teamId === undefined) {
        request.app.scope = selfScope(principal.userId);
        return h.continue;
      }
      return resolveScope(server.app.platform.knex, principal.userId, profileType, teamId).then((scope) => {
        request.app.scope = scope;
        return h.continue;
      });
    });
  },
};

function headerValue(request: Request, name: string): string | undefined {
  const v = request.headers[name];
  return v === undefined || v === '' ? undefined : String(v);
}

/** Who acts in a handler of an authenticated route: the user, staff or not, and the resolved scope. */
export function actor(request: Request): Actor {
  const p = request.auth.credentials?.user;
  if (!p || !request.app.scope) throw new Unauthorized();
  return { userId: p.userId, isStaff: p.isStaff, scope: request.app.scope, requestId: request.app.requestId };
}

/** Who acts on a socket: the connection's user, in their own scope (a socket names no team). */
export function socketActor(principal: { userId: string; isStaff: boolean }): Actor {
  return { userId: principal.userId, isStaff: principal.isStaff, scope: selfScope(principal.userId) };
}
