import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id, MessageOnly } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/teams/{id}/leave/',
  options: {
    tags: ['api', 'teams'],
    description: 'Leave the team (members)',
    notes: 'Afterwards the caller may join or create another team. 404 for teams the caller is not in; 409 owner_cannot_leave for the owner (remove the members instead).',
    validate: { params: Joi.object({ id: id.required() }), payload: Joi.any().allow(null) },
    response: { status: { 200: MessageOnly } },
    plugins: errorDocs(400, 401, 404, 409),
  },
  async handler(request) {
    await request.server.app.services.teamMembership.leave(actor(request), (request.params as { id: number }).id);
    return { message: 'You left the team.' };
  },
} satisfies ServerRoute;
