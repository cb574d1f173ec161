// OpenAPI generated from the routes' joi schemas (hapi-swagger), Swagger UI at
// /api/docs/, the JSON at /api/openapi.json.
import type { Server } from '@hapi/hapi';
import Inert from '@hapi/inert';
import Vision from '@hapi/vision';
import HapiSwagger from 'hapi-swagger';
import { SERVICE } from '../routes/root/index.js';

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
        documentationPath: '/api/docs/',
        jsonPath: '/api/openapi.json',
        swaggerUIPath: '/api/swaggerui/',
        grouping: 'tags',
        tags: [
          { name: 'auth', description: 'Registration, e-mail codes, login and tokens' },
          { name: 'teams', description: 'One team per user; owners manage members' },
          { name: 'profiles', description: "The caller's profile" },
          { name: 'jobs', description: 'Long-running work: poll or receive over /ws/notifications/' },
          { name: 'platform', description: 'Health and service index' },
        ],
        securityDefinitions: { bearer: { type: 'apiKey', name: 'Authorization', in: 'header', description: 'Bearer <access token>' } },
        security: [{ bearer: [] }],
        auth: false,
        sortEndpoints: 'ordered',
        uiOptions: { persistAuthorization: true },
      },
    },
  ]);
}
