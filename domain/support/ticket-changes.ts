// The column changes of a ticket update, one concern each, for TicketService.update:
// the type (rules 1-3), the status and resolution (ticket-rules.ts) and the encrypted,
// indexed content. Only what the input names changes (rule 6).
import type { Knex } from 'knex';
import { Invalid } from '../../jobs/runtime/errors.js';
import type { TicketCrypto } from './ticket-crypto.js';
import type { TicketRow } from './ticket-presenter.js';
import { checkStatusMove, type SupportActor, type TicketStatus } from './ticket-rules.js';
import { DEFAULT_TYPE, FALLBACK_TYPE, type TicketTypeService } from './ticket-type-service.js';

type Columns = Record<string, unknown>;

/** Rules 1-2 when ticket_type is sent; without it neither the type nor other_ticket_type move (rule 3), except other_ticket_type of an `other` ticket. */
export async function typeColumns(trx: Knex.Transaction, types: TicketTypeService, row: TicketRow, input: { ticket_type?: string; other_ticket_type?: string | null }): Promise<Columns> {
  if (input.ticket_type !== undefined) {
    const { type, otherText } = await types.resolve(trx, input.ticket_type.trim() || DEFAULT_TYPE);
    return { ticket_type_id: type.id, other_ticket_type: type.slug === FALLBACK_TYPE ? (otherText ?? (input.other_ticket_type?.trim() || null)) : null };
  }
  if (input.other_ticket_type === undefined) return {};
  const current = (await types.byIds(trx, [row.ticket_type_id])).get(row.ticket_type_id);
  return current?.slug === FALLBACK_TYPE ? { other_ticket_type: input.other_ticket_type?.trim() || null } : {};
}

/**
 * Resolution and status: a move is checked (pending is staff-only; resolved needs a
 * resolution, sent or stored) and a resolved ticket never loses its text. Resolving
 * stamps resolved_at/resolved_by; leaving `resolved` keeps them (the latest resolution).
 */
export function statusColumns(trx: Knex.Transaction, actor: SupportActor, row: TicketRow, input: { status?: TicketStatus; resolution?: string | null }): { columns: Columns; moved: boolean } {
  const columns: Columns = {};
  if (input.resolution !== undefined) columns.resolution = input.resolution?.trim() ? input.resolution : null;
  const resolution = (columns.resolution !== undefined ? columns.resolution : row.resolution) as string | null;
  if (input.status !== undefined) checkStatusMove(actor, input.status, resolution);
  if ((input.status ?? row.status) === 'resolved' && !(resolution ?? '').trim()) {
    throw Invalid.field('resolution', 'A resolved ticket keeps a resolution text.', 'resolution_required');
  }
  const moved = input.status !== undefined && input.status !== row.status;
  if (moved) {
    columns.status = input.status;
    if (input.status === 'resolved') Object.assign(columns, { resolved_at: trx.fn.now(), resolved_by: actor.userId });
    columns.closed_at = input.status === 'closed' ? trx.fn.now() : null;
  }
  return { columns, moved };
}

/** Subject and description: the description encrypted again when sent, the blind index rebuilt when either is. */
export function contentColumns(crypto: TicketCrypto, row: TicketRow, input: { subject?: string; description?: string }): Columns {
  const columns: Columns = {};
  if (input.subject !== undefined) columns.subject = input.subject;
  if (input.description === undefined && input.subject === undefined) return columns;
  const description = input.description ?? crypto.description.decrypt(row.description_enc, row.id);
  if (input.description !== undefined) {
    const sealed = crypto.description.encrypt(input.description, row.id);
    Object.assign(columns, { description_enc: sealed.value, enc_key_id: sealed.keyId });
  }
  const index = crypto.indexTicket(row.ticket_number, input.subject ?? row.subject, description);
  return Object.assign(columns, { search_tokens: index.tokens, search_key_id: index.keyId });
}
