import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';

export default {
  method: 'GET',
  path: '/api/teams/recent-activity/',
  options: {
    tags: ['api', 'teams'],
    description: "Recent activity in the caller's collaboration scope",
    notes: "The team's audit trail when the caller belongs to a team (or selects one with X-Profile-Type: team), otherwise the caller's own.",
    validate: { query: Joi.object({ limit: Joi.number().integer().min(1).max(200).default(50) }) },
    plugins: errorDocs(401, 403),
  },
  handler: (request) => request.server.app.services.teams.recentActivity(actor(request), (request.query as { limit: number }).limit),
} satisfies ServerRoute;
