import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../gateway/http/errors.js';
import { kycOf, projectOf } from '../../plugins/auth.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/review/applicants/{applicant_id}',
  options: {
    auth: 'project-staff',
    tags: ['kyc'],
    description: 'Staff: one in-house applicant with its decrypted document details, personal data and check results',
    validate: { params: Joi.object({ applicant_id: Joi.string().guid().required() }) },
    plugins: errorDocs(400, 401, 404),
  },
  handler: (request) => kycOf(request).reviews.details(projectOf(request), (request.params as { applicant_id: string }).applicant_id),
} satisfies ServerRoute;
