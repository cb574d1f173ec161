import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id, uuid, MessageOnly } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'POST',
  path: '/api/teams/{id}/remove-member/',
  options: {
    tags: ['api', 'teams'],
    description: 'Remove a member from the team (owner only)',
    notes: 'The member loses the team scope, its data and its pushes at once. 403 not_team_owner for members; 404 for teams the caller is not in and for users who are not members; 409 owner_cannot_leave for the owner themselves.',
    validate: { params: Joi.object({ id: id.required() }), payload: Joi.object({ user_id: uuid.required() }).label('RemoveMemberIn') },
    response: { status: { 200: MessageOnly } },
    plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request) {
    await request.server.app.services.teamMembership.remove(actor(request), (request.params as { id: number }).id, (request.payload as { user_id: string }).user_id);
    return { message: 'Member removed.' };
  },
} satisfies ServerRoute;
