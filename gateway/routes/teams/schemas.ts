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

export const SentInvitationOut = Joi.object({
  id: Joi.number().integer(),
  team_id: Joi.number().integer(),
  email: Joi.string().allow(null).description('the address invited (as given), or null when invited by user id'),
  user_id: Joi.string().guid().allow(null).description('the user id invited (as given), or null when invited by e-mail'),
  status: Joi.string().valid('pending'),
  expires_at: Joi.string().isoDate(),
  created_at: Joi.string().isoDate(),
}).label('TeamInvitationSent');

export const InvitationCreatedOut = Joi.object({
  message: Joi.string(),
  invitation: SentInvitationOut,
}).label('TeamInvitationCreated');

export const ReceivedInvitationOut = Joi.object({
  id: Joi.number().integer(),
  team: Joi.object({ id: Joi.number().integer(), name: Joi.string() }).label('InvitingTeam'),
  invited_by: Joi.object({ name: Joi.string().allow('') }).label('Inviter'),
  expires_at: Joi.string().isoDate(),
  created_at: Joi.string().isoDate(),
}).label('TeamInvitationReceived');

export const listOf = (item: Joi.ObjectSchema, label: string) =>
  Joi.object({ count: Joi.number().integer(), next: Joi.any(), previous: Joi.any(), results: Joi.array().items(item) }).label(label);
