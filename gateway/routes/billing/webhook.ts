// POST /api/<payment_processor>/webhook/ (sandbox, stripe): only the configured
// processor's path answers (another is 404). The body is taken raw: the signature
// covers the exact bytes. 200 as soon as the event is recorded; a job applies it.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { clientAddress } from '../../plugins/client-address.js';
import { PROCESSORS } from '../../../domain/billing/processor.js';

const Received = Joi.object({ received: Joi.boolean().required(), event_id: Joi.string().required(), duplicate: Joi.boolean().required().description('already recorded: acknowledged, not applied again') }).label('WebhookReceived');

export default PROCESSORS.map(
  (name): ServerRoute => ({
    method: 'POST',
    path: `/api/${name}/webhook/`,
    options: {
      auth: false,
      tags: ['api', 'billing-webhooks'],
      description: `Payment processor webhook (${name})`,
      notes: `Signed ${name === 'stripe' ? 'Stripe-Signature' : 'Sandbox-Signature'}: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with BILLING_WEBHOOK_SECRET (any of its comma-separated values; several v1 accepted). 400 missing_signature, invalid_signature, signature_expired (more than BILLING_WEBHOOK_TOLERANCE_SECONDS from now) or invalid_event. An event id already recorded answers 200 with duplicate=true and is not applied again. Unknown event types are recorded and acknowledged. 404 unless ${name} is BILLING_PROCESSOR. Limited to BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE requests per client address (429).`,
      payload: { parse: false, output: 'data', maxBytes: 512 * 1024 },
      response: { status: { 200: Received } },
      plugins: errorDocs(400, 404, 429),
    },
    async handler(request) {
      const { services, platform } = request.server.app;
      await services.limits.consume({ name: 'billing-webhook-ip', points: platform.config.billing.webhookIpLimitPerMinute, durationSeconds: 60 }, clientAddress(request));
      const header = request.headers[services.billing.webhooks.signatureHeaderOf(name)];
      const raw = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
      const receipt = await services.billing.webhooks.receive(name, raw, typeof header === 'string' ? header : undefined);
      return { received: true, ...receipt };
    },
  }),
);
