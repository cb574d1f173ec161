import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { id } from '../schemas.js';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { TeamOut } from './schemas.js';

export default {
  method: 'GET',
  path: '/api/teams/{id}/',
  options: {
    tags: ['api', 'teams'],
    description: 'Read a team the caller belongs to',
    validate: { params: Joi.object({ id: id.required() }) },
    response: { status: { 200: TeamOut } }, plugins: errorDocs(401, 404),
  },
  handler: (request) => request.server.app.services.teams.get(actor(request), (request.params as { id: number }).id),
} satisfies ServerRoute;
