// The reader of support data for a request: the caller, their Accept-Language and
// their profile's language and time zone (domain/support/locale.ts).
import type { Request } from '@hapi/hapi';
import { actor } from '../../../plugins/scope.js';
import type { Viewer } from '../../../../domain/support/ticket-presenter.js';

export function supportViewer(request: Request): Promise<Viewer> {
  const { userId, isStaff } = actor(request);
  const header = request.headers['accept-language'];
  return request.server.app.services.support.tickets.viewer({ userId, isStaff }, typeof header === 'string' ? header : undefined);
}
