import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { SentInvitationOut, listOf } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/teams/{id}/invitations/',
  options: {
    tags: ['api', 'teams'],
    description: "The team's open invitations (owner only)",
    notes: 'Pending, unexpired invitations as they were sent (the e-mail or user id given, nothing looked up). 403 not_team_owner for members; 404 for teams the caller is not in.',
    validate: { params: Joi.object({ id: id.required() }) },
    response: { status: { 200: listOf(SentInvitationOut, 'TeamInvitationSentList') } },
    plugins: errorDocs(400, 401, 403, 404),
  },
  async handler(request) {
    const results = await request.server.app.services.teamMembership.sent(actor(request), (request.params as { id: number }).id);
    return { count: results.length, next: null, previous: null, results };
  },
} satisfies ServerRoute;
