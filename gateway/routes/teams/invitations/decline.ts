import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id, MessageOnly } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/teams/invitations/{id}/decline/',
  options: {
    tags: ['api', 'teams'],
    description: 'Decline a team invitation',
    notes: '404 invitation_not_found when it is not an open invitation addressed to the caller.',
    validate: { params: Joi.object({ id: id.required() }), payload: Joi.any().allow(null) },
    response: { status: { 200: MessageOnly } },
    plugins: errorDocs(400, 401, 404),
  },
  async handler(request) {
    await request.server.app.services.teamMembership.decline(actor(request), (request.params as { id: number }).id);
    return { message: 'Invitation declined.' };
  },
} satisfies ServerRoute;
