import Joi from 'joi';

export const MemberOut = Joi.object({
  id: Joi.number().integer(),
  user_id: Joi.string().guid(),
  email: Joi.string(),
  first_name: Joi.string().allow(''),
  last_name: Joi.string().allow(''),
  role: Joi.string().valid('owner', 'member'),
  joined_at: Joi.string().isoDate(),
}).label('TeamMember');

export const TeamOut = Joi.object({
  id: Joi.number().integer(),
  name: Joi.string(),
  description: Joi.string().allow(''),
  owner: Joi.object({ id: Joi.string(), email: Joi.string().allow(''), name: Joi.string().allow('') }).label('TeamOwner'),
  my_role: Joi.string().valid('owner', 'member'),
  member_count: Joi.number().integer(),
  members: Joi.array().items(MemberOut),
  created_at: Joi.string().isoDate(),
  updated_at: Joi.string().isoDate(),
}).label('Team');
