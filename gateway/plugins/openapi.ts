// OpenAPI generated from the routes' joi schemas (hapi-swagger), Swagger UI at
// /api/docs/, the JSON at /api/openapi.json.
import type { Request, ResponseObject, Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import { SERVICE } from '../routes/root/service-index.js';
import type { OpenApiTag } from '../routes/area.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** swagger-ui-dist's files, self-hosted (the page itself is routes/docs/ui.ts) */
export const SWAGGER_UI_ASSETS = '/api/swaggerui/';

export async function registerOpenApi(server: Server, tags: readonly OpenApiTag[]): Promise<void> {
  await server.register([
    Inert,
    Vision,
    {
      plugin: HapiSwagger,
      options: {
        info: {
          title: SERVICE.name,
          version: SERVICE.version,
          description: `${SERVICE.description}\n\nErrors: every endpoint answers failures as {"error": {"code", "message", "details"}}; validation errors list field paths in details. Authenticate with "Authorization: Bearer <access token>" (log in at /api/docs-login/). Scope with X-Profile-Type: self|team and X-Team-Id.`,
        },
        // our own page (routes/docs/ui.ts): the plugin's template loads any spec named by ?url=
        documentationPage: false,
        swaggerUI: true,
        jsonPath: OPENAPI_JSON_PATH,
        swaggerUIPath: SWAGGER_UI_ASSETS,
        grouping: 'tags',
        // declared by the route areas (gateway/routes/<area>/index.ts), so none lacks a description
        tags: [...tags],
        securityDefinitions: { bearer: { type: 'apiKey', name: 'Authorization', in: 'header', description: 'Bearer <access token>' } },
        security: [{ bearer: [] }],
        auth: false,
        sortEndpoints: 'ordered',
        uiOptions: { persistAuthorization: true },
      },
    },
  ]);
  cacheOpenApiDocument(server);
}

/**
 * hapi-swagger builds the document from every route's joi schemas on each request:
 * seconds of CPU on the event loop with a few hundred routes, on an unauthenticated
 * path. The route table does not change once the server runs, so the document is built
 * once (by the web entry before it listens) and served from memory; a route added later
 * (the table grows) builds it again.
 */
function cacheOpenApiDocument(server: Server): void {
  let cached: { routes: number; source: unknown } | null = null;
  const isDocument = (request: Request) => request.method === 'get' && request.path === OPENAPI_JSON_PATH;
  server.ext('onRequest', (request, h) => {
    if (isDocument(request) && cached && cached.routes === server.table().length) {
      return h.response(cached.source as object).type('application/json; charset=utf-8').takeover();
    }
    return h.continue;
  });
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (isDocument(request) && !('isBoom' in response && response.isBoom) && (response as ResponseObject).statusCode === 200) {
      cached = { routes: server.table().length, source: (response as ResponseObject).source };
    }
    return h.continue;
  });
}

/**
 * Builds the document before the process listens (the `web` entry calls it), so no
 * request ever waits behind the build. Test apps skip it: their first request for the
 * document builds it.
 */
export async function warmOpenApiDocument(server: Server): Promise<void> {
  await server.inject({ method: 'GET', url: OPENAPI_JSON_PATH });
}
