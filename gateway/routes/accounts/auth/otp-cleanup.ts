import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/auth/otp/cleanup/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'auth', 'admin'],
    description: 'Remove expired OTPs (staff only)',
    response: { status: { 200: Joi.object({ message: Joi.string(), deleted: Joi.number().integer() }).label('OtpCleanupOut') } }, plugins: errorDocs(401, 403),
  },
  async handler(request) {
    const deleted = await request.server.app.services.otps.cleanup(actor(request).userId);
    return { message: `Removed ${deleted} expired one-time code(s).`, deleted };
  },
} satisfies ServerRoute;
