// POST /api/<payment_processor>/webhook/ (sandbox, stripe): only the configured
// processor's path answers (another is 404). The body is taken raw: the signature
// covers the exact bytes. 200 as soon as the event is recorded; a job applies it.
import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { clientAddress } from '../../plugins/client-address.js';
import { requestIdOf } from '../../plugins/request-log.js';
import { PROCESSORS } from '../../../domain/billing/processor.js';
import { Invalid } from '../../../jobs/runtime/errors.js';

const Received = Joi.object({ received: Joi.boolean().required(), event_id: Joi.string().required(), duplicate: Joi.boolean().required().description('already recorded: acknowledged, not applied again') }).label('WebhookReceived');

export default PROCESSORS.map(
  (name): ServerRoute => ({
    method: 'POST',
    path: `/api/${name}/webhook/`,
    options: {
      auth: false,
      tags: ['api', 'billing-webhooks'],
      description: `Payment processor webhook (${name})`,
      notes: `Signed ${name === 'stripe' ? 'Stripe-Signature' : 'Sandbox-Signature'}: t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> with BILLING_WEBHOOK_SECRET (any of its comma-separated values; several v1 accepted). 400 missing_signature, invalid_signature, signature_expired (more than BILLING_WEBHOOK_TOLERANCE_SECONDS from now) or invalid_event. An event id already recorded answers 200 with duplicate=true and is not applied again. Unknown event types are recorded and acknowledged. 404 unless ${name} is BILLING_PROCESSOR. Limited to BILLING_WEBHOOK_IP_LIMIT_PER_MINUTE requests per client address and gateway process, and as many refused (400) deliveries per client address across all gateway processes (429).`,
      payload: { parse: false, output: 'data', maxBytes: 512 * 1024 },
      response: { status: { 200: Received } },
      plugins: errorDocs(400, 404, 429),
    },
    async handler(request) {
      const { services, platform } = request.server.app;
      const limit = { name: 'billing-webhook-ip', points: platform.config.billing.webhookIpLimitPerMinute, durationSeconds: 60 };
      const address = clientAddress(request);
      // every delivery spends from this process's budget (memory, no round trip) ...
      await services.limits.consumeLocal(limit, address);
      const header = request.headers[services.billing.webhooks.signatureHeaderOf(name)];
      const raw = Buffer.isBuffer(request.payload) ? request.payload : Buffer.alloc(0);
      try {
        const receipt = await services.billing.webhooks.receive(name, raw, typeof header === 'string' ? header : undefined, requestIdOf(request));
        return { received: true, ...receipt };
      } catch (err) {
        // ... and a refused one (bad signature or body) from the budget all gateway processes share
        if (err instanceof Invalid) await services.limits.consume({ ...limit, name: 'billing-webhook-ip-refused' }, address);
        throw err;
      }
    },
  }),
);
