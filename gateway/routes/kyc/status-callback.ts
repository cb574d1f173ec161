import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../../jobs/kyc-contract.js';
import { errorDocs } from '../../http/errors.js';

export default {
  method: 'POST',
  path: '/api/v1/internal/kyc/status-callback/',
  options: {
    auth: false,
    tags: ['api', 'kyc'],
    description: 'Inbound status callback from the verification microservice (X-Kyc-Event: status.changed, X-Kyc-Signature)',
    notes:
      'X-Kyc-Signature = hex HMAC-SHA256 of the raw body keyed with KYC_CALLBACK_SECRET, compared in constant time: 401 invalid_signature otherwise; 403 callbacks_disabled when no secret is configured. Idempotent by version: a repeated or older version answers 200 and changes nothing.',
    // the signature covers the exact bytes: take them raw and parse only after checking
    payload: { parse: false, output: 'data', maxBytes: 64 * 1024 },
    response: { status: { 200: MessageOutSchema.keys({ version: Joi.number().integer() }).label('CallbackAccepted') } },
    plugins: errorDocs(400, 401, 403),
  },
  async handler(request) {
    const raw = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    const { outcome, version } = await request.server.app.services.kyc.receiveCallback(raw, header('x-kyc-signature'), header('x-kyc-event'));
    return { detail: outcome === 'applied' || outcome === 'notified_only' ? 'accepted' : `accepted; nothing changed (${outcome})`, status: outcome, version };
  },
} satisfies ServerRoute;
