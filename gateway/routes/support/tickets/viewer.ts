// The reader of support data for a request: services take the Actor and the request's
// Accept-Language; the domain adds the profile's language and time zone (domain/support/locale.ts).
import type { Request } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import type { Viewer } from '../../../../domain/support/ticket-presenter.js';

export function acceptLanguage(request: Request): string | undefined {
  const header = request.headers['accept-language'];
  return typeof header === 'string' ? header : undefined;
}

/** The caller's languages and staff flag, for the translated help categories and ticket types. */
export function supportViewer(request: Request): Promise<Viewer> {
  return request.server.app.services.support.tickets.viewer(actor(request), acceptLanguage(request));
}
