import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../gateway/http/errors.js';
import { kycOf, projectOf } from '../../plugins/auth.js';

export default {
  method: 'GET',
  path: '/api/v1/kyc/review/applicants/{applicant_id}/images/{side}',
  options: {
    auth: 'project-staff',
    tags: ['kyc'],
    description: "Staff: one side's image (JPEG, PNG, WebP or PDF) of the applicant's current attempt, unsealed",
    notes: 'The bytes with the type they were recognised as at upload; never cached (Cache-Control: no-store). 404 image_not_found when that side was not uploaded.',
    validate: { params: Joi.object({ applicant_id: Joi.string().guid().required(), side: Joi.string().valid('front', 'back').required() }) },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request, h) {
    const { applicant_id, side } = request.params as { applicant_id: string; side: 'front' | 'back' };
    const image = await kycOf(request).reviews.image(projectOf(request), applicant_id, side);
    return h.response(image.bytes).type(image.contentType).header('Cache-Control', 'no-store').header('Content-Disposition', `inline; filename="${side}"`);
  },
} satisfies ServerRoute;
