import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../../gateway/http/errors.js';
import { kycOf, sdkApplicantOf } from '../../plugins/auth.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/inhouse/applicant/submit',
  options: {
    auth: 'sdk-token',
    tags: ['kyc'],
    description: 'In-house engine: submit for review (in_review), then the automatic checks run',
    notes: 'Checks: required fields (400 incomplete_submission), document expiry, age of majority, ICAO 9303 MRZ check digits when given, a document number used by another applicant. A failed check rejects (RETRY, or FINAL for underage and duplicates); otherwise a staff member reviews.',
    payload: { failAction: 'ignore' },
    response: { status: { 200: MessageOutSchema } },
    plugins: errorDocs(400, 401, 409, 429),
  },
  handler: (request) => kycOf(request).inhouse.submit({ applicant: sdkApplicantOf(request) }),
} satisfies ServerRoute;
