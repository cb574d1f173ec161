import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../../http/errors.js';
import { actor } from '../../../plugins/scope.js';
import { ReceivedInvitationOut, listOf } from '../schemas.js';

export default {
  method: 'GET',
  path: '/api/teams/invitations/',
  options: {
    tags: ['api', 'teams'],
    description: "The caller's open team invitations",
    notes: 'Invitations to the caller\'s (verified) e-mail address or user id that are pending and unexpired, newest first, with the team and who invited. Accept or decline each.',
    response: { status: { 200: listOf(ReceivedInvitationOut, 'TeamInvitationReceivedList') } },
    plugins: errorDocs(401),
  },
  async handler(request) {
    const results = await request.server.app.services.teamMembership.received(actor(request));
    return { count: results.length, next: null, previous: null, results };
  },
} satisfies ServerRoute;
