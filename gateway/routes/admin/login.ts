import Joi from 'joi';
import type { ServerRoute } from '@hapi/hapi';
import { ADMIN_REFUSED } from '../../../domain/admin/admin-session-service.js';
import { DomainError } from '../../../jobs/runtime/errors.js';
import { httpHeadersOf, httpStatusOf } from '../../http/errors.js';
import { clientAddress } from '../../plugins/client-address.js';
import { ADMIN_COOKIE, safeNext } from '../../plugins/admin-app.js';
import { formOptions } from './routes-shared.js';

// Sign-in with e-mail and password: the accounts' password check and throttling; only
// active, verified staff get a session. Every refusal (wrong password, unknown e-mail,
// not staff, inactive, unverified) is the same page with the same words.
export default {
  method: 'POST',
  path: '/admin/login/',
  options: {
    ...formOptions,
    auth: false,
    description: 'Staff admin: sign in',
    validate: {
      payload: Joi.object({ email: Joi.string().trim().max(254).required(), password: Joi.string().max(1024).required(), next: Joi.string().max(500).allow('') }),
      failAction: (_request, h) => h.view('login', { title: 'Sign in', error: 'Enter your e-mail and password.', next: '/admin/', email: '' }).code(400).takeover(),
    },
  },
  async handler(request, h) {
    const { email, password, next } = request.payload as { email: string; password: string; next?: string };
    try {
      const { sessions } = request.server.app.services.admin;
      const { sid } = await sessions.signIn({ email, password }, clientAddress(request));
      // the browser's previous session (if any) ends: a new sign-in never shares an id with an old one
      await sessions.endBySid((request.state[ADMIN_COOKIE] as { sid?: unknown } | undefined)?.sid);
      h.state(ADMIN_COOKIE, { sid });
      return h.redirect(safeNext(next)).code(303);
    } catch (err) {
      if (!(err instanceof DomainError) || (err.kind !== 'unauthenticated' && err.kind !== 'rate_limited')) throw err;
      const res = h.view('login', { title: 'Sign in', error: err.kind === 'unauthenticated' ? ADMIN_REFUSED : err.message, next: safeNext(next), email }).code(httpStatusOf(err));
      for (const [k, v] of Object.entries(httpHeadersOf(err))) if (k !== 'WWW-Authenticate') res.header(k, v);
      return res;
    }
  },
} satisfies ServerRoute;
