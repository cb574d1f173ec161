import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../plugins/errors.js';
import { actor } from '../../plugins/scope.js';
import { TeamOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/teams/',
  options: {
    tags: ['api', 'teams'],
    description: "Create the caller's only team; the caller becomes its owner",
    notes: '409 already_in_team when the caller already owns or belongs to a team.',
    validate: { payload: Joi.object({ name: Joi.string().trim().min(1).max(150).required(), description: Joi.string().max(2000).allow('').default('') }).label('TeamIn') },
    response: { status: { 201: TeamOut } }, plugins: errorDocs(400, 401, 409),
  },
  async handler(request, h) {
    const team = await request.server.app.services.teams.create(actor(request).userId, request.payload as never);
    return h.response(team).code(201);
  },
} satisfies ServerRoute;
