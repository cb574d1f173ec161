// OpenAPI 3.0 generated from a server's routes and their joi schemas (hapi-swagger in
// its v3.0 mode), completed by finish.ts, built once and served from memory. Both the
// gateway and the KYC microservice publish theirs through this.
import type { Request, ResponseObject, Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import { finishDocument, type OpenApiDocument, type SecurityOptions } from './finish.js';

export interface OpenApiOptions {
  info: { title: string; version: string; description: string };
  jsonPath: string;
  /** only routes carrying this tag are documented */
  routeTag: string;
  tags: { name: string; description: string }[];
  security: SecurityOptions;
  /** self-hosted swagger-ui-dist files (the gateway's /api/docs/ page uses them) */
  swaggerUIPath?: string;
  /** the headers that scope every authenticated request, documented on each */
  scopeHeaders?: boolean;
}

export async function registerOpenApiDocument(server: Server, options: OpenApiOptions): Promise<void> {
  await server.register([
    Inert,
    Vision,
    {
      plugin: HapiSwagger,
      options: {
        OAS: 'v3.0',
        info: options.info,
        // our own page (gateway/routes/docs/ui.ts): the plugin's template loads any spec named by ?url=
        documentationPage: false,
        swaggerUI: options.swaggerUIPath !== undefined,
        ...(options.swaggerUIPath ? { swaggerUIPath: options.swaggerUIPath } : {}),
        // in v3.0 mode the route path defaults to /openapi.json whatever jsonPath says
        jsonPath: options.jsonPath,
        jsonRoutePath: options.jsonPath,
        routeTag: options.routeTag,
        grouping: 'tags',
        tags: options.tags,
        securityDefinitions: options.security.schemes,
        // each operation states its own (finish.ts): public ones none
        auth: false,
        sortEndpoints: 'ordered',
        uiOptions: { persistAuthorization: true },
      },
    },
  ]);
  cacheOpenApiDocument(server, options);
}

/**
 * hapi-swagger builds the document from every route's joi schemas on each request:
 * seconds of CPU on the event loop with a few hundred routes, on an unauthenticated
 * path. The route table does not change once the server runs, so the document is built
 * once (by the entry before it listens) and served from memory; a route added later
 * (the table grows) builds it again.
 */
function cacheOpenApiDocument(server: Server, options: OpenApiOptions): void {
  let cached: { routes: number; source: unknown } | null = null;
  const isDocument = (request: Request) => request.method === 'get' && request.path === options.jsonPath;
  server.ext('onRequest', (request, h) => {
    if (isDocument(request) && cached && cached.routes === server.table().length) {
      return h.response(cached.source as object).type('application/json; charset=utf-8').takeover();
    }
    return h.continue;
  });
  server.ext('onPreResponse', (request, h) => {
    const response = request.response;
    if (isDocument(request) && !('isBoom' in response && response.isBoom) && (response as ResponseObject).statusCode === 200) {
      // completed in place: the answer being sent is the same object
      const document = finishDocument((response as ResponseObject).source as OpenApiDocument, server, options);
      cached = { routes: server.table().length, source: document };
    }
    return h.continue;
  });
}

/** Builds the document before the process listens, so no request waits behind the build. */
export async function warmOpenApiDocument(server: Server, jsonPath: string): Promise<void> {
  await server.inject({ method: 'GET', url: jsonPath });
}
