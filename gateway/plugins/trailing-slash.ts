// Every path is published with a trailing slash; a request without it is served by
// the same route (the spec asks this of reset-password, clients expect it everywhere).
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';

export const trailingSlashPlugin: Plugin<void> = {
  name: 'platform-trailing-slash',
  register(server) {
    server.ext('onRequest', (request: Request, h: ResponseToolkit) => {
      const path = request.path;
      if (!path.endsWith('/') && !/\.[a-z0-9]+$/i.test(path)) {
        const method = request.method === 'head' ? 'get' : request.method;
        if (!server.match(method, path) && server.match(method, `${path}/`)) {
          request.setUrl(`${path}/${request.url.search}`);
        }
      }
      return h.continue;
    });
  },
};
