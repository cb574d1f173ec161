// Hapi augmentations: what compose() puts on the server and on each request.
import type { Platform } from '../db/platform.js';
import type { Services } from '../domain/index.js';
import type { Scope } from '../domain/shared/scope.js';
import type { Principal } from '../domain/accounts/token-service.js';
import type { SocketHub } from './realtime/socket-hub.js';
import type { AdminSession } from '../domain/admin/admin-session-service.js';

declare module '@hapi/hapi' {
  interface ServerApplicationState {
    platform: Platform;
    services: Services;
    hub: SocketHub;
    /** set on SIGTERM: new requests get 503 until the server stops (gateway/plugins/drain.ts) */
    draining?: boolean;
  }
  interface RequestApplicationState {
    scope?: Scope;
    /** X-Request-Id of this request (gateway/plugins/request-log.ts) */
    requestId?: string;
    /** the staff admin session of an /admin/ page request (gateway/plugins/admin-app.ts) */
    adminSession?: AdminSession;
  }
  interface UserCredentials extends Principal {}
  /** @hapi/cookie's request decoration (the admin's session strategy) */
  interface Request {
    cookieAuth: { set(session: object): void; clear(): void };
  }
  interface PluginSpecificConfiguration {
    /**
     * public: no bearer needed; bodyOptional: the payload schema is an object but no body is fine (gateway/http/input-guard.ts);
     * browsable: false keeps a GET JSON-only for a browser too (gateway/plugins/browsable-api.ts)
     */
    platform?: { public?: boolean; bodyOptional?: boolean; browsable?: boolean };
  }
}

export {};
