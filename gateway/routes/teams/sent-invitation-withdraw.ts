import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'DELETE',
  path: '/api/teams/{id}/invitations/{invitation_id}/',
  options: {
    tags: ['api', 'teams'],
    description: 'Withdraw an open invitation (owner only)',
    notes: '404 invitation_not_found when it is not an open invitation of this team.',
    validate: { params: Joi.object({ id: id.required(), invitation_id: id.required() }) },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request, h) {
    const p = request.params as { id: number; invitation_id: number };
    await request.server.app.services.teamMembership.revoke(actor(request), p.id, p.invitation_id);
    return h.response().code(204);
  },
} satisfies ServerRoute;
