// The microservice's callers: a project by X-Api-Key plus X-Api-Secret (always
// required, compared in constant time), or an SDK client of the in-house engine by its
// short-lived bearer token (the newest one of its applicant).
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import type { ApplicantRow, ProjectRow } from '../services/rows.js';
import type { KycServices } from '../services/index.js';
import { Unauthorized } from '../../jobs/runtime/errors.js';
import '../types.js';

const header = (request: Request, name: string): string | undefined => {
  const v = request.headers[name];
  return v === undefined || v === '' ? undefined : String(v);
};

export const kycAuthPlugin: Plugin<void> = {
  name: 'kyc-auth',
  register(server) {
    const services = () => server.app.kyc as KycServices;
    server.auth.scheme('kyc-project', () => ({
      async authenticate(request: Request, h: ResponseToolkit) {
        const project = await services().projects.authenticate(header(request, 'x-api-key'), header(request, 'x-api-secret'));
        return h.authenticated({ credentials: { project } });
      },
    }));
    server.auth.scheme('kyc-sdk-token', () => ({
      async authenticate(request: Request, h: ResponseToolkit) {
        const session = await services().inhouse.authenticate(header(request, 'authorization'));
        return h.authenticated({ credentials: { applicant: session.applicant } });
      },
    }));
    server.auth.strategy('project', 'kyc-project');
    // staff review: the same credentials (kept as its own name for the review routes)
    server.auth.strategy('project-staff', 'kyc-project');
    server.auth.strategy('sdk-token', 'kyc-sdk-token');
    server.auth.default('project');
  },
};

export function projectOf(request: Request): ProjectRow {
  const project = request.auth.credentials?.project;
  if (!project) throw new Unauthorized('The X-Api-Key header is required.', 'api_key_missing');
  return project;
}

export function sdkApplicantOf(request: Request): ApplicantRow {
  const applicant = request.auth.credentials?.applicant;
  if (!applicant) throw new Unauthorized('An SDK token is required.', 'sdk_token_invalid');
  return applicant;
}

export function kycOf(request: Request): KycServices {
  return request.server.app.kyc as KycServices;
}
