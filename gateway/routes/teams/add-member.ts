import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, id, uuid } from '../schemas.js';
import { errorDocs } from '../../plugins/errors.js';
import { actor } from '../../plugins/scope.js';
import { MemberOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/teams/{id}/add-member/',
  options: {
    tags: ['api', 'teams'],
    description: 'Add a user to the team (owner only)',
    notes: 'Identify the user by `email` or `user_id`. 403 not_team_owner for members; 404 for unknown users or teams the caller is not in; 409 already_in_team when the user belongs to a team already.',
    validate: {
      params: Joi.object({ id: id.required() }),
      payload: Joi.object({ email, user_id: uuid, role: Joi.string().valid('member').default('member') }).xor('email', 'user_id').label('AddMemberIn'),
    },
    response: { status: { 201: MemberOut } }, plugins: errorDocs(400, 401, 403, 404, 409),
  },
  async handler(request, h) {
    const member = await request.server.app.services.teams.addMember(actor(request).userId, (request.params as { id: number }).id, request.payload as never);
    return h.response(member).code(201);
  },
} satisfies ServerRoute;
