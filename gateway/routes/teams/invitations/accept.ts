import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../../schemas.js';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { TeamOut } from '../schemas.js';

export default {
  method: 'POST',
  path: '/api/teams/invitations/{id}/accept/',
  options: {
    tags: ['api', 'teams'],
    description: 'Accept a team invitation: join the team as a member',
    notes: 'Answers the team. 404 invitation_not_found when it is not an open invitation addressed to the caller (unknown, expired, withdrawn, answered, or someone else\'s); 409 already_in_team when the caller belongs to a team (one team per user: leave it first).',
    validate: { params: Joi.object({ id: id.required() }), payload: Joi.any().allow(null) },
    response: { status: { 200: TeamOut } },
    plugins: errorDocs(400, 401, 404, 409),
  },
  async handler(request) {
    const { teams, teamMembership } = request.server.app.services;
    const me = actor(request);
    const teamId = await teamMembership.accept(me, (request.params as { id: number }).id);
    return teams.get(me, teamId);
  },
} satisfies ServerRoute;
