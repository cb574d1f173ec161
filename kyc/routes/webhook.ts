import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { MessageOutSchema } from '../../jobs/kyc-contract.js';
import { errorDocs } from '../../gateway/http/errors.js';
import { NotFound } from '../../jobs/runtime/errors.js';
import { verifyDigest } from '../services/webhook-service.js';
import { kycOf } from '../plugins/auth.js';

export default {
  method: 'POST',
  path: '/api/v1/kyc/webhook/{provider}/',
  options: {
    auth: false,
    tags: ['kyc'],
    description: 'Provider webhook: digest-checked over the raw body, answered at once, then the applicant is re-pulled',
    notes: 'X-Payload-Digest = hex HMAC of the raw body with the webhook secret; X-Payload-Digest-Alg HMAC_SHA256_HEX (default), HMAC_SHA1_HEX or HMAC_SHA512_HEX. A mismatch is 400 invalid_signature and changes nothing.',
    // the digest covers the exact bytes received: no parsing before it is checked
    payload: { parse: false, output: 'data', maxBytes: 256 * 1024 },
    validate: { params: Joi.object({ provider: Joi.string().max(40).required() }) },
    response: { status: { 200: MessageOutSchema } },
    plugins: errorDocs(400, 404),
  },
  async handler(request) {
    const { config } = request.server.app.platform;
    const provider = (request.params as { provider: string }).provider;
    if (provider !== config.kyc.providerName) throw new NotFound(`Webhook provider ${provider}`, 'unknown_provider');
    const raw = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
    const h = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : undefined);
    const alg = verifyDigest(config.kyc.webhookSecret, raw, h('x-payload-digest'), h('x-payload-digest-alg'));
    const receipt = await kycOf(request).webhooks.receive(provider, raw, alg);
    return { detail: receipt.applicant_id ? 'accepted; re-pull queued' : 'accepted; unknown applicant', status: 'ok' };
  },
} satisfies ServerRoute;
