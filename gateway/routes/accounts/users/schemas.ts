import Joi from 'joi';
import { UserOut } from '../../schemas.js';

export const UserAdminOut = UserOut.keys({
  is_active: Joi.boolean(),
  last_login_at: Joi.string().isoDate().allow(null),
  team_id: Joi.number().integer().allow(null),
}).label('UserDetail');

export const userId = Joi.object({ id: Joi.string().guid().required() });
