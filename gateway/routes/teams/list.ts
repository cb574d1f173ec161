import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { TeamOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/teams/',
  options: {
    tags: ['api', 'teams'],
    description: "List the caller's team (zero or one: a user belongs to one team at most)",
    response: { status: { 200: Joi.object({ count: Joi.number(), next: Joi.any(), previous: Joi.any(), results: Joi.array().items(TeamOut) }).label('TeamList') } }, plugins: errorDocs(401),
  },
  async handler(request) {
    const results = await request.server.app.services.teams.listVisible(actor(request));
    return { count: results.length, next: null, previous: null, results };
  },
} satisfies ServerRoute;
