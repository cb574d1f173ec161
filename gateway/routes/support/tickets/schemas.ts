// Support ticket shapes: the read record (spec "Support tickets"), the reply record,
// the create/update bodies (JSON or multipart; the request plumbing of the files is
// gateway/plugins/ticket-attachments.ts) and the list query.
import Joi from 'joi';
import { TICKET_ORDERING } from '../../../../domain/support/ticket-search.js';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../../domain/support/ticket-rules.js';
import { HelpCategoryOut } from '../help-categories/schemas.js';
import { pageQuery } from '../../schemas.js';
import { text } from './text.js';
import { attachmentParts } from '../../../plugins/ticket-attachments.js';

const TIME = /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}[+-]\d{4}$/;
const time = Joi.string().pattern(TIME).example('22/11/2026 09:05:03+0000');

export const ReplyOut = Joi.object({
  id: Joi.string().guid().required(),
  ticket: Joi.string().guid().required(),
  message: Joi.string().allow('').required(),
  is_internal: Joi.boolean().required().description('staff-only note; never shown to a non-staff reader'),
  is_staff_reply: Joi.boolean().required().description('written by a staff user'),
  author: Joi.string().guid().allow(null).required().description('user id of the author (null once that user is deleted)'),
  author_name: Joi.string().allow('').required(),
  created_at: time.required(),
  updated_at: time.required(),
}).label('SupportTicketReply');

export const TicketOut = Joi.object({
  id: Joi.string().guid().required(),
  ticket_number: Joi.string().pattern(/^TKT-[A-Z2-9]{8}$/).required(),
  subject: Joi.string().required(),
  description: Joi.string().allow('').required().description('stored encrypted, decrypted on read'),
  ticket_type: Joi.string().required().description('the resolved slug'),
  ticket_type_label: Joi.string().required().description('translated display name'),
  other_ticket_type: Joi.string().allow(null).required().description('set only when the type fell back to other'),
  help_categories: Joi.array().items(HelpCategoryOut).required(),
  status: Joi.string().valid(...TICKET_STATUSES).required(),
  priority: Joi.string().valid(...TICKET_PRIORITIES).required(),
  resolution: Joi.string().allow(null).required(),
  resolved_at: Joi.string().isoDate().allow(null).required().description('ISO 8601 (UTC) of the latest resolution'),
  resolved_by: Joi.string().guid().allow(null).required().description('user id of who resolved it'),
  assigned_to: Joi.string().guid().allow(null).required().description('staff user id'),
  attachment_paths: Joi.array().items(Joi.string()).required(),
  attachment_urls: Joi.array().items(Joi.string().uri()).required().description('absolute; owner or staff with a bearer token'),
  replies: Joi.array().items(ReplyOut).required(),
  reply_count: Joi.number().integer().min(0).required(),
  user: Joi.string().guid().required(),
  user_email: Joi.string().allow('').required(),
  user_name: Joi.string().allow('').required(),
  created_at: time.required().description("DD/MM/YYYY HH:MM:SS±HHMM in the reader's profile time zone (UTC by default)"),
  updated_at: time.required(),
}).label('SupportTicket');

export const TicketList = Joi.object({
  count: Joi.number().integer().required(),
  next: Joi.string().uri().allow(null).required(),
  previous: Joi.string().uri().allow(null).required(),
  results: Joi.array().items(TicketOut).required(),
}).label('SupportTicketList');

export const ticketId = Joi.object({ id: Joi.string().max(100).required() }).label('SupportTicketId');

/** help_category_ids as a JSON array, or in multipart as repeated parts, a JSON array string or a comma list. */
const idList = Joi.extend({
  type: 'idList',
  base: Joi.array(),
  coerce: {
    from: 'string',
    method(value: string) {
      const s = value.trim();
      if (s.startsWith('[')) {
        try {
          return { value: JSON.parse(s) };
        } catch {
          return { value: s };
        }
      }
      return { value: s ? s.split(',').map((x) => x.trim()) : [] };
    },
  },
}) as Joi.Root & { idList(): Joi.ArraySchema };

const statusList = Joi.string().pattern(new RegExp(`^(${TICKET_STATUSES.join('|')})(,(${TICKET_STATUSES.join('|')}))*$`)).allow('').messages({ 'string.pattern.base': `status must be a comma list of ${TICKET_STATUSES.join(', ')}` });
const priorityList = Joi.string().pattern(new RegExp(`^(${TICKET_PRIORITIES.join('|')})(,(${TICKET_PRIORITIES.join('|')}))*$`)).allow('').messages({ 'string.pattern.base': `priority must be a comma list of ${TICKET_PRIORITIES.join(', ')}` });
const orderNames = Object.keys(TICKET_ORDERING).flatMap((n) => [n, `-${n}`]);

export const TicketListQuery = Joi.object({
  ...pageQuery,
  search: Joi.string().trim().max(200).allow('').description('whole words of ticket_number, subject and description; every word must occur'),
  status: statusList,
  priority: priorityList,
  ticket_type: Joi.string().trim().max(500).allow('').description('comma list of type slugs'),
  assigned_to: Joi.alternatives(Joi.string().guid(), Joi.string().valid('me', 'none')).description('a staff user id, me or none'),
  user: Joi.string().guid().description("staff only: one owner's tickets (ignored for others)"),
  ordering: Joi.string()
    .pattern(new RegExp(`^(${orderNames.join('|')})(,(${orderNames.join('|')}))*$`))
    .description('comma list of created_at, updated_at, priority (by severity: low < medium < high < urgent), status (by life cycle: open < in_progress < pending < resolved < closed); - for descending; default -created_at')
    .messages({ 'string.pattern.base': `ordering must be a comma list of ${orderNames.join(', ')}` }),
}).label('SupportTicketListQuery');

const fields = {
  subject: text(200).min(1),
  description: text(20000).min(1),
  ticket_type: text(100).allow('').description('slug or (translated) name of a type, any case; unknown text is stored as other with the text in other_ticket_type; default general'),
  other_ticket_type: text(100).allow('', null).description('kept only when the type is other'),
  help_category_ids: idList.idList().items(Joi.string().guid()).max(20).description('write-only; replaces the whole set, [] clears it'),
  priority: Joi.string().valid(...TICKET_PRIORITIES).description('default medium'),
  attachments: Joi.any().meta({ swaggerType: 'file' }).description('multipart only: one or more file parts (images, PDF, plain text)'),
};

const updateFields = {
  ...fields,
  status: Joi.string().valid(...TICKET_STATUSES),
  resolution: text(5000).allow('', null).description('required (here or already on the ticket) for status resolved'),
  assigned_to: Joi.string().guid().allow(null).description('staff only: a staff user id, or null'),
};


export const TicketCreateIn = Joi.object({ ...fields, subject: fields.subject.required(), description: fields.description.required() }).pattern(attachmentParts, Joi.any()).label('SupportTicketCreateIn');
export const TicketPatchIn = Joi.object(updateFields).pattern(attachmentParts, Joi.any()).label('SupportTicketPatchIn');
export const TicketPutIn = Joi.object({ ...updateFields, subject: fields.subject.required(), description: fields.description.required() }).pattern(attachmentParts, Joi.any()).label('SupportTicketPutIn');

export const ReplyIn = Joi.object({
  message: text(20000).min(1).required(),
  is_internal: Joi.boolean().default(false).description('staff only (403 staff_only for others): a note the ticket owner never sees'),
}).label('SupportTicketReplyIn');
