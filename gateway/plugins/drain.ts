// The drain on SIGTERM: for DRAIN_MS every new request (readiness included) is answered
// 503 with Connection: close, so a load balancer takes the instance out of rotation while
// requests already running finish; then the server stops listening.
import type { Plugin, Server } from '@hapi/hapi';
import { errorBody } from '../http/errors.js';

export const drainPlugin: Plugin<void> = {
  name: 'platform-drain',
  register(server) {
    server.ext('onRequest', (request, h) => {
      if (!server.app.draining) return h.continue;
      return h
        .response(errorBody('shutting_down', 'This instance is shutting down; retry (another instance will answer).'))
        .code(503)
        .header('Retry-After', '1')
        .header('Connection', 'close')
        .takeover();
    });
  },
};

/** Answers 503 to new requests for `ms`, then resolves (the caller stops the server). */
export async function drain(server: Server, ms: number): Promise<void> {
  server.app.draining = true;
  await new Promise((resolve) => setTimeout(resolve, ms));
}
