// Request ids and the access log. Every answer (errors too) carries X-Request-Id: the
// caller's when it is well-formed, a new UUID otherwise. Routes hand the id to the
// domain (actor(request).requestId, requestIdOf(request)), so the jobs the request
// enqueues carry it (jobs/request-context.ts), and one info line per request names
// method, route, status, time and id.
import { randomUUID } from 'node:crypto';
import type { Plugin, Request, ResponseObject } from '@hapi/hapi';
import type { Logger } from 'pino';

export const REQUEST_ID_HEADER = 'x-request-id';
// letters, digits and a few separators, at most 128: safe in a log line and a header
const WELL_FORMED = /^[A-Za-z0-9._:-]{8,128}$/;
/** liveness probes and scrapes would drown the log */
const QUIET_PATHS = new Set(['/api/health/', '/metrics']);

export const requestIdOf = (request: Request): string => request.app.requestId ?? request.info.id;

/** Registered before hapi-pino, so its per-request logger can bind the id. */
export const requestIdPlugin: Plugin<void> = {
  name: 'platform-request-id',
  register(server) {
    server.ext('onRequest', (request, h) => {
      const given = request.headers[REQUEST_ID_HEADER];
      const requestId = typeof given === 'string' && WELL_FORMED.test(given) ? given : randomUUID();
      request.app.requestId = requestId;
      return h.continue;
    });
    // after the error mapper and the security headers, which may replace the answer
    server.ext('onPreResponse', (request, h) => {
      const response = request.response;
      const id = requestIdOf(request);
      if ('isBoom' in response && response.isBoom) response.output.headers['X-Request-Id'] = id;
      else (response as ResponseObject).header('X-Request-Id', id);
      return h.continue;
    }, { after: ['platform-errors', 'platform-security-headers'] });
  },
};

export const accessLogPlugin: Plugin<{ log: Logger }> = {
  name: 'platform-access-log',
  register(server, { log }) {
    server.events.on('response', (request) => {
      if (QUIET_PATHS.has(request.path)) return;
      const response = request.response as ResponseObject | null;
      const status = response && 'statusCode' in response ? response.statusCode : (request.raw.res.statusCode ?? 0);
      log.info(
        {
          request_id: requestIdOf(request),
          method: request.method.toUpperCase(),
          route: request.route.path,
          path: request.path,
          status,
          ms: Math.round((request.info.completed || Date.now()) - request.info.received),
        },
        'request',
      );
    });
  },
};
