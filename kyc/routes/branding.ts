import type { ServerRoute } from '@hapi/hapi';
import { BrandingOutSchema } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { kycOf, projectOf } from '../plugins/auth.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/branding',
  options: {
    tags: ['kyc'],
    description: "The project's branding for theming the verification screens",
    response: { status: { 200: BrandingOutSchema } },
    plugins: errorDocs(401),
  },
  handler: (request) => kycOf(request).projects.branding(projectOf(request)),
} satisfies ServerRoute;
