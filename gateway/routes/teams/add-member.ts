import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { email, id, uuid } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { InvitationCreatedOut } from './schemas.js';
import { INVITATIONS_PER_TEAM_PER_HOUR, INVITATION_TTL_DAYS } from '../../../domain/teams/team-membership-service.js';

export default {
  method: 'POST',
  path: '/api/teams/{id}/add-member/',
  options: {
    tags: ['api', 'teams'],
    description: 'Invite a user to the team (owner only); they join when they accept',
    notes: `Identify the invitee by \`email\` or \`user_id\`. Creates an invitation (or refreshes the open one) valid ${INVITATION_TTL_DAYS} days and e-mails the invitee; nobody is added without accepting (POST /api/teams/invitations/{id}/accept/). The answer is 202 and the same for registered and unknown addresses or ids, and for users who belong to another team (one team per user is checked when they accept). 409 already_member only for members of this team (they are on your member list). 403 not_team_owner for members; 404 for teams the caller is not in; 429 beyond ${INVITATIONS_PER_TEAM_PER_HOUR} invitations per team per hour.`,
    validate: {
      params: Joi.object({ id: id.required() }),
      payload: Joi.object({ email, user_id: uuid, role: Joi.string().valid('member').default('member') }).xor('email', 'user_id').label('AddMemberIn'),
    },
    response: { status: { 202: InvitationCreatedOut } },
    plugins: errorDocs(400, 401, 403, 404, 409, 429),
  },
  async handler(request, h) {
    const invitation = await request.server.app.services.teamMembership.invite(actor(request), (request.params as { id: number }).id, request.payload as never);
    return h.response({ message: 'Invitation sent. The user joins the team once they accept it.', invitation }).code(202);
  },
} satisfies ServerRoute;
