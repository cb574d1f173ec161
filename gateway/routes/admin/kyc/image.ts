import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import { pageOptions, validationFailAction } from '../routes-shared.js';

// A document image of the applicant's current attempt, the microservice's bytes passed
// through for the applicant page's <img>: staff only, never cached; a PDF is a download.
export default {
  method: 'GET',
  path: '/admin/kyc/{applicant_id}/images/{side}',
  options: {
    ...pageOptions,
    description: 'Staff admin: a KYC document image',
    validate: { params: Joi.object({ applicant_id: Joi.string().max(64).required(), side: Joi.string().max(16).required() }), failAction: validationFailAction },
  },
  async handler(request, h) {
    const { applicant_id, side } = request.params as { applicant_id: string; side: string };
    const image = await request.server.app.services.kycReview.image(actor(request), applicant_id, side);
    const pdf = image.contentType === 'application/pdf';
    return h
      .response(image.bytes)
      .type(image.contentType)
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', `${pdf ? 'attachment' : 'inline'}; filename="${side}.${pdf ? 'pdf' : image.contentType.split('/')[1] ?? 'bin'}"`);
  },
} satisfies ServerRoute;
