import type { ServerRoute } from '@hapi/hapi';
import { BrandingOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/branding/',
  options: {
    tags: ['api', 'kyc'],
    description: 'Branding for the verification screens (project name, logo, colour); cached for a minute',
    response: { status: { 200: BrandingOutSchema } },
    plugins: errorDocs(401, 503, 504),
  },
  handler: (request) => request.server.app.services.kyc.branding(),
} satisfies ServerRoute;
