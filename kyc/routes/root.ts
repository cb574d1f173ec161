import Joi from 'joi';
import type { Request, ServerRoute } from '@hapi/hapi';
import { INTERFACE_VERSION, VERIFICATION_DESCRIPTION } from '../../jobs/kyc-contract.js';

const index = (request: Request) => {
  const { config } = request.server.app.platform;
  return {
    name: 'Identity verification service',
    service: 'kyc',
    interface_version: INTERFACE_VERSION,
    description: VERIFICATION_DESCRIPTION,
    status: 'ok',
    default_engine: config.kyc.engine === 'inhouse' ? 'inhouse' : config.kyc.providerName,
    authentication: 'X-Api-Key identifies the project; X-Api-Secret is required on every project call. In-house SDK calls use the newest SDK token of the applicant.',
    endpoints: {
      branding: 'GET /api/v1/kyc/branding',
      access_token: 'POST /api/v1/kyc/access-token',
      status: 'GET /api/v1/kyc/status/{external_user_id}',
      refresh: 'POST /api/v1/kyc/refresh',
      reset: 'POST /api/v1/kyc/reset',
      webhook: `POST /api/v1/kyc/webhook/${config.kyc.providerName}/`,
      inhouse: 'POST {api_base}/applicant/documents | /applicant/data | /applicant/submit (Authorization: Bearer <sdk token>)',
      review: 'GET /api/v1/kyc/review/applicants, GET /api/v1/kyc/review/applicants/{applicant_id}, POST /api/v1/kyc/review/applicants/{applicant_id}/decision',
    },
  };
};

async function health(request: Request, h: import('@hapi/hapi').ResponseToolkit) {
  try {
    await request.server.app.platform.knex.raw('select 1');
    return { status: 'ok', service: 'kyc', interface_version: INTERFACE_VERSION };
  } catch {
    return h.response({ status: 'unavailable', service: 'kyc', interface_version: INTERFACE_VERSION, failed: ['database'] }).code(503);
  }
}

const open = { auth: false as const, tags: ['kyc'] };
const Index = Joi.object().unknown(true).label('KycServiceIndex');

export default [
  { method: 'GET', path: '/', options: { ...open, description: 'Service index: interface version 2.0.0 and endpoints', response: { status: { 200: Index } } }, handler: index },
  { method: 'GET', path: '/api/v1/kyc', options: { ...open, description: 'Service index: interface version 2.0.0 and endpoints', response: { status: { 200: Index } } }, handler: index },
  { method: 'GET', path: '/health', options: { ...open, description: 'Health (database)' }, handler: health },
  { method: 'GET', path: '/api/v1/kyc/health', options: { ...open, description: 'Health (database)' }, handler: health },
] satisfies ServerRoute[];
