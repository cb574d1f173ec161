// The gateway's OpenAPI 3.0 document at /api/openapi.json (generated from the routes'
// joi schemas, see http/openapi/), Swagger UI's files at /api/swaggerui/ for the page
// at /api/docs/ (routes/docs/ui.ts).
import type { Server } from '@hapi/hapi';
import { registerOpenApiDocument, warmOpenApiDocument } from '../http/openapi/register.js';
import { SERVICE } from '../routes/root/service-index.js';
import type { OpenApiTag } from '../routes/area.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** swagger-ui-dist's files, self-hosted (the page itself is routes/docs/ui.ts) */
export const SWAGGER_UI_ASSETS = '/api/swaggerui/';

export async function registerOpenApi(server: Server, tags: readonly OpenApiTag[]): Promise<void> {
  await registerOpenApiDocument(server, {
    info: {
      title: SERVICE.name,
      version: SERVICE.version,
      description: `${SERVICE.description}\n\nErrors: every endpoint answers failures as {"error": {"code", "message", "details"}}; validation errors list field paths in details. Authenticate with "Authorization: Bearer <access token>" (sign in at /api/docs-login/: this page then carries the token). Scope with X-Profile-Type: self|team and X-Team-Id.\n\nBrowsable API: text/html is an alternative representation of every GET that answers a JSON object (the root index /api/, the lists, the rows). A browser (Accept preferring text/html to application/json, or ?format=api) gets an HTML page that fetches the JSON with the docs login's token and shows it with links, page links and, where the path takes a POST, a form; ?format=json forces JSON. Other clients get the JSON documented here.`,
    },
    jsonPath: OPENAPI_JSON_PATH,
    swaggerUIPath: SWAGGER_UI_ASSETS,
    routeTag: 'api',
    scopeHeaders: true,
    security: {
      schemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token from POST /api/auth/login/ (or an API token)' } },
      requirement: () => ({ bearer: [] }),
    },
    // declared by the route areas (gateway/routes/<area>/index.ts), so none lacks a description
    tags: [...tags],
  });
}

/** Builds the document before the web process listens (test apps build it on first request). */
export const warmGatewayOpenApi = (server: Server) => warmOpenApiDocument(server, OPENAPI_JSON_PATH);
