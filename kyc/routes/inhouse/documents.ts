import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../../gateway/http/errors.js';
import type { DocumentIn as DocumentInput } from '../../services/inhouse-service.js';
import { kycOf, sdkApplicantOf } from '../../plugins/auth.js';
import { DocumentIn } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/inhouse/applicant/documents',
  options: {
    auth: 'sdk-token',
    tags: ['kyc'],
    description: 'In-house engine: upload the identity document (multipart: document_type, issuing_country, document_number, expiry_date, mrz, front, back)',
    notes: 'Authorization: Bearer <sdk token from access-token>. Images are checked by their bytes (JPEG/PNG/WebP/PDF, else 415) and must decode completely (400 invalid_image; over 48 megapixels 400 image_too_large), then sealed at rest. 409 already_submitted after submit.',
    payload: { output: 'data', parse: true, multipart: true, allow: 'multipart/form-data', maxBytes: 12 * 1024 * 1024 },
    validate: { payload: DocumentIn },
    response: { status: { 200: MessageOutSchema } },
    plugins: { ...errorDocs(400, 401, 409, 413, 415, 429), 'hapi-swagger': { payloadType: 'form' } },
  },
  handler: (request) => kycOf(request).inhouse.uploadDocument({ applicant: sdkApplicantOf(request) }, request.payload as DocumentInput),
} satisfies ServerRoute;
