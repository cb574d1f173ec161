import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../plugins/scope.js';
import { USER_ACTIONS } from '../../../domain/admin/admin-user-actions.js';
import { detailView } from './present.js';
import { pageOptions, resourceName, rowId, validationFailAction } from './routes-shared.js';
import { userActionButtons, USER_ACTION_DONE } from './user-action.js';

// One row of any declared resource; a user's page also carries the account actions.
export default {
  method: 'GET',
  path: '/admin/{resource}/{id}/',
  options: {
    ...pageOptions,
    description: 'Staff admin: a detail page',
    validate: { params: Joi.object({ resource: resourceName, id: rowId }), query: Joi.object({ done: Joi.string().valid(...USER_ACTIONS) }), failAction: validationFailAction },
  },
  async handler(request, h) {
    const me = actor(request);
    const { resource, row } = await request.server.app.services.admin.read.get(me, String(request.params.resource), String(request.params.id));
    const done = (request.query as { done?: keyof typeof USER_ACTION_DONE }).done;
    return h.view('detail', {
      ...detailView(resource, row),
      notice: done ? USER_ACTION_DONE[done] : null,
      actions: resource.name === 'users' ? userActionButtons(row, me.userId) : [],
    });
  },
} satisfies ServerRoute;
