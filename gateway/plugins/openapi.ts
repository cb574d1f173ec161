// The gateway's OpenAPI 3.0 document at /api/openapi.json (generated from the routes'
// joi schemas, see http/openapi/), Swagger UI's files at /api/swaggerui/ for the page
// at /api/docs/ (routes/docs/ui.ts).
import type { Server } from '@hapi/hapi';
import { registerOpenApiDocument, warmOpenApiDocument } from '../http/openapi/register.js';
import { SERVICE } from '../routes/root/index.js';

export const OPENAPI_JSON_PATH = '/api/openapi.json';
/** swagger-ui-dist's files, self-hosted (the page itself is routes/docs/ui.ts) */
export const SWAGGER_UI_ASSETS = '/api/swaggerui/';

export async function registerOpenApi(server: Server): Promise<void> {
  await registerOpenApiDocument(server, {
    info: {
      title: SERVICE.name,
      version: SERVICE.version,
      description: `${SERVICE.description}\n\nErrors: every endpoint answers failures as {"error": {"code", "message", "details"}}; validation errors list field paths in details. Authenticate with "Authorization: Bearer <access token>" (sign in at /api/docs-login/: this page then carries the token). Scope with X-Profile-Type: self|team and X-Team-Id.`,
    },
    jsonPath: OPENAPI_JSON_PATH,
    swaggerUIPath: SWAGGER_UI_ASSETS,
    routeTag: 'api',
    scopeHeaders: true,
    security: {
      schemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An access token from POST /api/auth/login/ (or an API token)' } },
      requirement: () => ({ bearer: [] }),
    },
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
  });
}

/** Builds the document before the web process listens (test apps build it on first request). */
export const warmGatewayOpenApi = (server: Server) => warmOpenApiDocument(server, OPENAPI_JSON_PATH);
