// The spec publishes the microservice paths without a trailing slash (the webhook
// with one). A request with the other form is served by the same route when only
// that form exists, except the webhook, whose trailing slash is required.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';

export const kycSlashesPlugin: Plugin<void> = {
  name: 'kyc-slashes',
  register(server) {
    server.ext('onRequest', (request: Request, h: ResponseToolkit) => {
      const path = request.path;
      if (path.includes('/webhook/')) return h.continue;
      const method = request.method === 'head' ? 'get' : request.method;
      if (server.match(method, path)) return h.continue;
      const other = path.endsWith('/') ? path.replace(/\/+$/, '') : `${path}/`;
      if (other && server.match(method, other)) request.setUrl(`${other}${request.url.search}`);
      return h.continue;
    });
  },
};
