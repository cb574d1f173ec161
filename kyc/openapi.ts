// The verification microservice's own OpenAPI 3.0 document at /api/v1/kyc/openapi.json,
// generated from its routes' joi schemas like the gateway's.
import type { Server } from '@hapi/hapi';
import { registerOpenApiDocument, warmOpenApiDocument } from '../gateway/http/openapi/register.js';
import { INTERFACE_VERSION, VERIFICATION_DESCRIPTION } from '../jobs/kyc-contract.js';

export const KYC_OPENAPI_PATH = '/api/v1/kyc/openapi.json';

export async function registerKycOpenApi(server: Server): Promise<void> {
  await registerOpenApiDocument(server, {
    info: {
      title: 'Identity verification service',
      version: INTERFACE_VERSION,
      description: `${VERIFICATION_DESCRIPTION}\n\nProject calls send X-Api-Key and X-Api-Secret; in-house SDK calls send the applicant's SDK token as a bearer. Errors: {"error": {"code", "message", "details"}}.`,
    },
    jsonPath: KYC_OPENAPI_PATH,
    routeTag: 'kyc',
    tags: [{ name: 'kyc', description: 'Applicants, SDK tokens, provider webhooks, the in-house engine and staff review' }],
    security: {
      schemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key', description: 'The project key' },
        apiSecret: { type: 'apiKey', in: 'header', name: 'X-Api-Secret', description: 'The project secret' },
        sdkToken: { type: 'http', scheme: 'bearer', description: "The applicant's newest SDK token (in-house engine)" },
      },
      requirement: (strategies): Record<string, string[]> => (strategies.includes('sdk-token') ? { sdkToken: [] } : { apiKey: [], apiSecret: [] }),
    },
  });
}

export const warmKycOpenApi = (server: Server) => warmOpenApiDocument(server, KYC_OPENAPI_PATH);
