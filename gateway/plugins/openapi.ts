// OpenAPI generated from the routes' joi schemas (hapi-swagger), Swagger UI at
// /api/docs/, the JSON at /api/openapi.json.
import type { Request, ResponseObject, Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import { SERVICE } from '../routes/root/index.js';
import { dataProtectionTag } from '../routes/data-protection/index.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** swagger-ui-dist's files, self-hosted (the page itself is routes/docs/ui.ts) */
export const SWAGGER_UI_ASSETS = '/api/swaggerui/';

export async function registerOpenApi(server: Server): Promise<void> {
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
        tags: [
          { name: 'auth', description: 'Registration, e-mail codes, login and tokens' },
          { name: 'teams', description: 'One team per user; owners manage members' },
          { name: 'profiles', description: "The caller's profile" },
          { name: 'jobs', description: 'Long-running work: poll or receive over /ws/notifications/' },
          { name: 'platform', description: 'Health and service index' },
          { name: 'kyc', description: 'Identity verification (interface version 2.0.0): proxy to the verification microservice, per-user mirror, signed status callbacks' },
          { name: 'inventory-icons', description: 'Emoji / PNG icons; seeded defaults are read-only' },
          { name: 'inventory-types', description: 'Kinds of inventory with an icon id; seeded defaults are read-only' },
          { name: 'inventories', description: 'Inventories: the top of inventory -> storages -> storage boxes -> items' },
          { name: 'storages', description: 'Rooms, shelves and areas of an inventory' },
          { name: 'storage-boxes', description: 'Boxes, bins and drawers inside a storage' },
          { name: 'inventory-items', description: 'A product in a box; quantity changes only through transactions' },
          { name: 'inventory-transactions', description: 'The append-only stock ledger: receive, consume, adjust, move, import' },
          { name: 'inventory-alerts', description: 'Low-stock and expiry alerts, raised and resolved by a job, pushed over /ws/notifications/' },
          { name: 'system-audit-logs', description: 'Who changed what and when, per scope (staff: all)' },
          dataProtectionTag,
          { name: 'products', description: 'Products with nested tags and variants (sku unique per scope, GTIN barcodes with check digits) and variant images' },
          { name: 'product-families', description: 'Named groups of products, unique per scope (any case)' },
          { name: 'product-images', description: 'Variant images: multipart upload, type checked by magic bytes, absolute image_url' },
          { name: 'barcode-scans', description: 'POST /api/scan-barcode/ (code or photo) and the caller\'s scan history' },
          { name: 'product-searches', description: "The caller's product-search history" },
          { name: 'ocr', description: 'OCR of an uploaded image as a sandboxed job (POST /api/process-image/)' },
          { name: 'support-tickets', description: 'Support tickets: encrypted descriptions and replies, blind-index search, status moves, staff-internal notes, private attachments, notifications' },
          { name: 'support-ticket-types', description: 'Ticket types (translated; staff manage them)' },
          { name: 'help-categories', description: 'Help categories of tickets and FAQ articles (translated; staff manage them)' },
          { name: 'restqlapi', description: 'Projected catalog API: ?query={id,name,variants{sku,images{alt_text}}} returns only the named fields (one SQL statement per read); nested writes of tags, variants and images with {create, update, delete}; record discovery per app' },
          { name: 'invoice-import', description: 'Invoice documents (PDF, scans, photos, UBL/CII XML, Factur-X, CSV) parsed into preview sessions, applied to stock all or nothing; session history' },
        ],
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
