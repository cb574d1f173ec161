// What the admin's route files share: the route options of a signed-in page and of
// a form post, and the schemas of the generic paths.
import Joi from 'joi';
import { ADMIN_AUTH } from '../../plugins/admin-app.js';
import { validationFailAction } from '../../http/errors.js';

/** admin pages are browser pages: not in the OpenAPI document */
export const PAGE_TAGS = ['admin'];

/** A signed-in page (GET). */
export const pageOptions = { auth: ADMIN_AUTH, tags: PAGE_TAGS };

/** A signed-in form post: its only field is the CSRF token, which crumb checks and removes before this schema. */
export const formOptions = {
  auth: ADMIN_AUTH,
  tags: PAGE_TAGS,
  payload: { parse: true, allow: 'application/x-www-form-urlencoded', maxBytes: 16 * 1024 },
  plugins: { platform: { bodyOptional: true } },
};

export const resourceName = Joi.string().pattern(/^[a-z][a-z-]{0,39}$/).required().description('a resource of the admin (domain/admin/admin-resources.ts)');
export const rowId = Joi.string().max(64).pattern(/^[A-Za-z0-9-]+$/).required();
/** the list page's query: checked against the resource's declaration by the service */
export const listQuery = Joi.object().pattern(Joi.string().max(40), Joi.string().max(200).allow(''));
export { validationFailAction };
