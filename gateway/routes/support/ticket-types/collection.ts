// /api/support-ticket-types/: the ticket types (translated; staff manage them).
import { translatedList } from '../translated-list.js';
import { TicketTypeCreateIn, TicketTypeOut, TicketTypePatchIn, typeSlug } from './schemas.js';

export const ticketTypes = translatedList({
  tag: 'support-ticket-types',
  label: 'SupportTicketType',
  key: 'slug',
  keySchema: typeSlug,
  service: (s) => s.support.types,
  schemas: { out: TicketTypeOut, createIn: TicketTypeCreateIn, patchIn: TicketTypePatchIn },
  texts: {
    list: {
      description: 'Ticket types (active ones, translated, by sort_order)',
      notes: 'An array of {slug, name, description, sort_order} (no pages). Names and descriptions are translated: the first of the Accept-Language languages (by q), the profile language, English. Staff may add include_inactive=true to see inactive types with is_active and translations.',
    },
    read: { description: 'One ticket type by slug (staff also see inactive ones, with translations)' },
    create: { description: 'Create a ticket type (staff)', notes: 'Tickets match a type by slug or any of its names, case-insensitively, in sort_order.' },
    update: { description: 'Change a ticket type (staff)', notes: '`general` and `other` cannot be renamed or deactivated (409 protected_ticket_type).' },
    delete: { description: 'Delete an unused ticket type (staff)', notes: '409 ticket_type_in_use when tickets have it (deactivate it instead); 409 protected_ticket_type for general and other.' },
  },
  deleteConflicts: true,
});
