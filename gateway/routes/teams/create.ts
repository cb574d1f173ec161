import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { errorDocs } from '../../http/errors.js';
import { actor } from '../../plugins/scope.js';
import { TeamOut } from './schemas.js';

export default {
  method: 'POST',
  path: '/api/teams/',
  options: {
    tags: ['api', 'teams'],
    description: "Create the caller's only team; the caller becomes its owner",
    notes: '409 already_in_team when the caller already owns or belongs to a team.',
    validate: {
      payload: Joi.object({
        // a name is one line of visible text: no control characters (CR/LF, BEL, ...) and no bidi overrides that reorder what readers see
        name: Joi.string().trim().min(1).max(150).pattern(/^[^\p{Cc}\u202a-\u202e\u2066-\u2069]*$/u).required().messages({ 'string.pattern.base': 'name may not contain control characters or text-direction overrides' }),
        // a description may break lines and hold tabs, nothing else invisible
        description: Joi.string().max(2000).pattern(/^[^\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]*$/u).allow('').default('').messages({ 'string.pattern.base': 'description may not contain control characters other than tabs and line breaks, or text-direction overrides' }),
      }).label('TeamIn'),
    },
    response: { status: { 201: TeamOut } }, plugins: errorDocs(400, 401, 409),
  },
  async handler(request, h) {
    const team = await request.server.app.services.teams.create(actor(request), request.payload as never);
    return h.response(team).code(201);
  },
} satisfies ServerRoute;
