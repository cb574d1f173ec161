// The ticket's life cycle and who may do what, as plain functions.
//
//   status       meaning                                    set by
//   open         new, or reopened; waiting for support      create; owner or staff; an owner's reply to a pending/resolved ticket
//   in_progress  support is working on it                   owner or staff, from any status
//   pending      support is waiting for the requester       staff only
//   resolved     answered; resolution text required         owner or staff, from any status (stamps resolved_at, resolved_by)
//   closed       finished; read-only until a status move    owner or staff; the support sweep closes tickets resolved
//                reopens it                                 for TICKET_AUTO_CLOSE_DAYS (default 7) without activity
//
// A closed ticket takes no replies and no edits except a status move out of `closed`
// (which may come with other fields). resolution, resolved_at and resolved_by
// describe the latest resolution: moving away from `resolved` leaves them (rule 6).
import crypto from 'node:crypto';
import type { Actor } from '../shared/actor.js';
import { Conflict, Forbidden, Invalid } from '../../jobs/runtime/errors.js';

export const TICKET_STATUSES = ['open', 'in_progress', 'pending', 'resolved', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export const DEFAULT_PRIORITY: TicketPriority = 'medium';

/** Who acts on support data: the platform's Actor without its scope (tickets belong to a user, not to a team). */
export type SupportActor = Pick<Actor, 'userId' | 'isStaff'>;

/** Checks a status move; `resolution` is the value the ticket will have after the update. */
export function checkStatusMove(actor: SupportActor, to: TicketStatus, resolution: string | null): void {
  if (to === 'pending' && !actor.isStaff) throw new Forbidden('Only staff set a ticket to pending (waiting on the requester).', 'staff_only');
  if (to === 'resolved' && !(resolution ?? '').trim()) {
    throw Invalid.field('resolution', 'A resolution text is required to resolve a ticket.', 'resolution_required');
  }
}

/** A closed ticket changes only by a status move out of `closed`. */
export function checkClosedTicket(current: TicketStatus, nextStatus: TicketStatus | undefined, changesOtherFields: boolean): void {
  if (current !== 'closed') return;
  if (nextStatus !== undefined && nextStatus !== 'closed') return;
  if (changesOtherFields) throw new Conflict('This ticket is closed; reopen it (status open or in_progress) to change it, or open a new ticket.', 'ticket_closed');
}

/** The status an owner's public reply moves a ticket to (Zendesk-style reopen), or null. */
export function statusAfterOwnerReply(current: TicketStatus): TicketStatus | null {
  return current === 'pending' || current === 'resolved' ? 'open' : null;
}

/** Unambiguous: no 0/O and no 1/I. 32 symbols, so eight of them are 40 random bits. */
export const TICKET_NUMBER_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function randomTicketNumber(): string {
  let s = 'TKT-';
  for (let i = 0; i < 8; i += 1) s += TICKET_NUMBER_ALPHABET[crypto.randomInt(TICKET_NUMBER_ALPHABET.length)];
  return s;
}
