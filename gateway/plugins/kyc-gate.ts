// Feature gating on identity verification: a route with the option
//   options: { plugins: { kyc: { verified: true } } }   (or `plugins: requireVerifiedKyc`)
// answers 403 kyc_required unless the caller's mirror says verified. The check reads
// the local mirror only, so a gated route never waits on the microservice.
import type { Plugin, Request, ResponseToolkit } from '@hapi/hapi';
import { Forbidden, Unauthorized } from '../../jobs/runtime/errors.js';

declare module '@hapi/hapi' {
  interface PluginSpecificConfiguration {
    kyc?: { verified?: boolean };
  }
}

export const requireVerifiedKyc = { kyc: { verified: true } } as const;

export const kycGatePlugin: Plugin<void> = {
  name: 'platform-kyc-gate',
  register(server) {
    // synchronous for the routes that are not gated (nearly all): no promise per request
    server.ext('onPreHandler', (request: Request, h: ResponseToolkit) => (request.route.settings.plugins?.kyc?.verified ? requireVerified(request, h) : h.continue));

    async function requireVerified(request: Request, h: ResponseToolkit) {
      const principal = request.auth.credentials?.user;
      if (!principal) throw new Unauthorized();
      if (!(await server.app.services.kyc.mirror.isVerified(principal.userId))) {
        throw new Forbidden('Identity verification is required for this action: complete it under /api/v1/kyc/.', 'kyc_required');
      }
      return h.continue;
    }
  },
};
