import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { TokenPairOut } from '../auth/login.js';
import { clientAddress } from '../../../plugins/client-address.js';

export default {
  method: 'POST',
  path: '/api/token/refresh/',
  options: {
    auth: false,
    tags: ['api', 'auth'],
    description: 'Exchange a refresh token for a new access token',
    notes: 'Rotates: the answer carries a new refresh token and the one sent is spent. Sending a spent refresh token again revokes the whole login (token_reused), except a repeat from the same client address within REFRESH_REUSE_GRACE_SECONDS (concurrent refreshes), which gets a pair of its own. Limited per client address (REFRESH_IP_LIMIT_PER_MINUTE; 429 rate_limited).',
    validate: { payload: Joi.object({ refresh: Joi.string().max(200).required() }).label('RefreshIn') },
    response: { status: { 200: TokenPairOut } }, plugins: errorDocs(400, 401, 429),
  },
  async handler(request) {
    const { accounts, tokens } = request.server.app.services;
    const address = clientAddress(request);
    await accounts.refreshAllowed(address);
    return tokens.rotate((request.payload as { refresh: string }).refresh, address);
  },
} satisfies ServerRoute;
