import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../../gateway/http/errors.js';
import type { PersonalDataIn as PersonalData } from '../../services/inhouse-service.js';
import { kycOf, sdkApplicantOf } from '../../plugins/auth.js';
import { PersonalDataIn } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/inhouse/applicant/data',
  options: {
    auth: 'sdk-token',
    tags: ['kyc'],
    description: 'In-house engine: personal data (JSON), sealed at rest',
    validate: { payload: PersonalDataIn },
    response: { status: { 200: MessageOutSchema } },
    plugins: errorDocs(400, 401, 409, 429),
  },
  handler: (request) => kycOf(request).inhouse.saveData({ applicant: sdkApplicantOf(request) }, request.payload as PersonalData),
} satisfies ServerRoute;
