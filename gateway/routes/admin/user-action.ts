import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { actor } from '../../plugins/scope.js';
import { clientAddress } from '../../plugins/client-address.js';
import { USER_ACTIONS, type UserAction } from '../../../domain/admin/admin-user-actions.js';
import { formOptions, validationFailAction } from './routes-shared.js';

/** What the user's page says after an action (by its name: no free text travels in the URL). */
export const USER_ACTION_DONE: Record<UserAction, string> = {
  verify: 'The e-mail address is marked verified.',
  deactivate: 'The account is deactivated and every login of it revoked.',
  reactivate: 'The account is active again.',
  promote: 'The account is staff now.',
  demote: 'The account is no longer staff.',
  'revoke-logins': 'Every login of the account is revoked (tokens, API tokens, sockets, admin sessions).',
};

/** The buttons a user's page offers, by the account's state (none that turn on oneself). */
export function userActionButtons(row: Record<string, unknown>, me: string) {
  const self = row.id === me;
  const buttons: { action: UserAction; label: string; danger?: boolean }[] = [];
  if (!row.email_verified_at) buttons.push({ action: 'verify', label: 'Mark e-mail verified' });
  if (!self) {
    buttons.push(row.is_active ? { action: 'deactivate', label: 'Deactivate', danger: true } : { action: 'reactivate', label: 'Reactivate' });
    buttons.push(row.is_staff ? { action: 'demote', label: 'Remove staff', danger: true } : { action: 'promote', label: 'Make staff' });
    buttons.push({ action: 'revoke-logins', label: 'Revoke all logins', danger: true });
  }
  return buttons.map((b) => ({ ...b, href: `/admin/users/${encodeURIComponent(String(row.id))}/${b.action}/` }));
}

// An account action from the user's page (a form with its CSRF token); audited.
export default {
  method: 'POST',
  path: '/admin/users/{id}/{action}/',
  options: {
    ...formOptions,
    description: 'Staff admin: an account action',
    validate: { params: Joi.object({ id: Joi.string().guid().required(), action: Joi.string().valid(...USER_ACTIONS).required() }), payload: Joi.object({}).allow(null), failAction: validationFailAction },
  },
  async handler(request, h) {
    const { id, action } = request.params as { id: string; action: UserAction };
    await request.server.app.services.admin.users.apply(actor(request), id, action, clientAddress(request));
    return h.redirect(`/admin/users/${id}/?done=${action}`).code(303);
  },
} satisfies ServerRoute;
