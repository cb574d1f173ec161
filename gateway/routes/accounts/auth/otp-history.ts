import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, pageQuery } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { pageLinks } from '../../../../domain/shared/listing.js';
import { pageAt } from '../../collection-routes.js';

export default {
  method: 'GET',
  path: '/api/auth/otp/history/',
  options: {
    auth: { access: { scope: 'staff' } },
    tags: ['api', 'auth', 'admin'],
    description: 'OTP history (staff only)',
    notes: 'Codes themselves are never stored or shown; status is active, used, invalidated or expired; attempts counts wrong guesses (limited per client address, not per code).',
    validate: { query: Joi.object({ ...pageQuery, email, purpose: Joi.string().valid('verify_email', 'reset_password') }).label('OtpHistoryQuery') },
    plugins: errorDocs(401, 403),
  },
  async handler(request) {
    const { page, page_size, ...filter } = request.query as { page: number; page_size: number; email?: string; purpose?: never };
    const { count, results } = await request.server.app.services.otps.history(filter, page, page_size);
    return { count, ...pageLinks(pageAt(request), count, page, page_size), results };
  },
} satisfies ServerRoute;
