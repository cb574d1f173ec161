// Size: one ticket's whole life cycle (create, read, change, delete, reply, files); its rules, presentation, search and files already live in ticket-*.ts.
// Support tickets: create, read, change, delete, reply, attachments. A regular user
// reaches only their own tickets (another's is "not found"); staff reach all of them
// and alone assign them and write internal notes. Every write is one transaction; the
// events it records (support_ticket_events) are announced to the notification job
// after the commit, and the support sweep re-announces any whose job was lost.
// (Just over 300 lines: every write shares the visibility check, the row lock and the
// event helpers at the bottom, so splitting it would only scatter them.)
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { SupportTicket, SupportTicketAttachment, SupportTicketEvent, SupportTicketHelpCategory, SupportTicketReply, User } from '../../db/models/index.js';
import { pgError } from '../../db/errors.js';
import type { Platform } from '../../db/platform.js';
import { Conflict, Forbidden, Invalid, NotFound } from '../../jobs/runtime/errors.js';
import type { HelpCategoryService } from './help-category-service.js';
import { DEFAULT_TYPE, FALLBACK_TYPE, type TicketTypeService } from './ticket-type-service.js';
import type { IncomingFile, TicketAttachmentStore, WrittenFile } from './ticket-attachments.js';
import type { TicketCrypto } from './ticket-crypto.js';
import type { SupportBudgets } from './support-budgets.js';
import { DETAIL_REPLIES, viewerOf, type ReplyOut, type TicketOut, type TicketPresenter, type TicketRow, type Viewer } from './ticket-presenter.js';
import { contentColumns, statusColumns, typeColumns } from './ticket-changes.js';
import { recordAudit } from '../audit/audit-service.js';
import type { Actor } from '../shared/actor.js';
import {
  checkClosedTicket,
  DEFAULT_PRIORITY,
  randomTicketNumber,
  statusAfterOwnerReply,
  type TicketPriority,
  type TicketStatus,
} from './ticket-rules.js';

export interface TicketInput {
  subject?: string;
  description?: string;
  ticket_type?: string;
  other_ticket_type?: string | null;
  help_category_ids?: string[];
  priority?: TicketPriority;
  status?: TicketStatus;
  resolution?: string | null;
  assigned_to?: string | null;
}

export interface ReplyInput {
  message: string;
  is_internal?: boolean;
}

export interface AttachmentFile {
  absolutePath: string;
  contentType: string;
  filename: string;
  size: number;
}

export interface TicketServiceDeps {
  types: TicketTypeService;
  categories: HelpCategoryService;
  attachments: TicketAttachmentStore;
  presenter: TicketPresenter;
  crypto: TicketCrypto;
  budgets: SupportBudgets;
}

const totalBytes = (files: { data: Buffer }[]) => files.reduce((n, f) => n + f.data.length, 0);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER_ATTEMPTS = 8;

export class TicketService {
  constructor(
    private readonly platform: Platform,
    private readonly deps: TicketServiceDeps,
    /** replaceable in tests (collisions); random otherwise */
    private readonly nextNumber: () => string = randomTicketNumber,
  ) {}

  /** Who reads: the actor plus their language preference (Accept-Language, then the profile's) and profile time zone. */
  async viewer(actor: Actor, acceptLanguage?: string): Promise<Viewer> {
    return viewerOf(this.platform.knex, actor, acceptLanguage);
  }

  async create(actor: Actor, input: TicketInput & { subject: string; description: string }, files: IncomingFile[] = [], acceptLanguage?: string): Promise<TicketOut> {
    const { attachments, crypto, types, categories, budgets } = this.deps;
    const viewer = await this.viewer(actor, acceptLanguage);
    await budgets.spendTicket(viewer);
    const checked = await attachments.check(files);
    await budgets.checkAttachmentBytes(this.platform.knex, viewer, totalBytes(checked));
    const id = randomUUID();
    const written = await attachments.write(id, checked);
    let eventIds: number[] = [];
    try {
      eventIds = await this.platform.knex.transaction(async (trx) => {
        const { type, otherText } = await types.resolve(trx, input.ticket_type?.trim() || DEFAULT_TYPE);
        const categoryIds = input.help_category_ids ? await categories.checkIds(trx, input.help_category_ids) : [];
        const description = crypto.description.encrypt(input.description, id);
        await this.insertNumbered(trx, (ticketNumber) => {
          const index = crypto.indexTicket(ticketNumber, input.subject, input.description);
          return {
            id,
            ticket_number: ticketNumber,
            user_id: viewer.userId,
            subject: input.subject,
            description_enc: description.value,
            enc_key_id: description.keyId,
            ticket_type_id: type.id,
            other_ticket_type: type.slug === FALLBACK_TYPE ? (otherText ?? (input.other_ticket_type?.trim() || null)) : null,
            priority: input.priority ?? DEFAULT_PRIORITY,
            status: 'open',
            search_tokens: index.tokens,
            search_key_id: index.keyId,
          };
        });
        if (categoryIds.length) await SupportTicketHelpCategory.query(trx).insert(categoryIds.map((c) => ({ ticket_id: id, help_category_id: c })));
        await this.insertAttachments(trx, id, written, 0, viewer.userId);
        await recordAudit(trx, { actorId: viewer.userId }, { action: 'support_ticket.create', entityType: 'support_ticket', entityId: id, changes: { ...input, attachments: written.length } });
        return [await this.event(trx, id, viewer.userId, { kind: 'created', to_status: 'open' })];
      });
    } catch (err) {
      await attachments.removeTicketFolder(id);
      throw err;
    }
    await this.announce(eventIds, actor.requestId);
    return this.present(viewer, id);
  }

  async get(actor: Actor, id: string, acceptLanguage?: string): Promise<TicketOut> {
    return this.present(await this.viewer(actor, acceptLanguage), id);
  }

  private async present(viewer: Viewer, id: string): Promise<TicketOut> {
    const row = await this.visible(this.platform.knex, viewer, id);
    return (await this.deps.presenter.present(this.platform.knex, [row], viewer, DETAIL_REPLIES))[0];
  }

  /** A page of the ticket's replies, oldest first. */
  async replies(actor: Actor, id: string, page: number, pageSize: number, acceptLanguage?: string): Promise<{ count: number; results: ReplyOut[] }> {
    const viewer = await this.viewer(actor, acceptLanguage);
    const row = await this.visible(this.platform.knex, viewer, id);
    return this.deps.presenter.replyPage(this.platform.knex, row.id, viewer, page, pageSize);
  }

  /**
   * PATCH and PUT: only the fields sent change (rules 3, 4 and 6). A status move follows
   * ticket-rules.ts; attachments sent are added to the ticket's.
   */
  async update(actor: Actor, id: string, input: TicketInput, files: IncomingFile[] = [], acceptLanguage?: string): Promise<TicketOut> {
    const { attachments } = this.deps;
    const viewer = await this.viewer(actor, acceptLanguage);
    if (input.assigned_to !== undefined && !viewer.isStaff) throw new Forbidden('Only staff assign tickets.', 'staff_only');
    await this.visible(this.platform.knex, viewer, id); // a foreign or unknown ticket is 404 before any file is written
    const existing = files.length ? await this.attachmentCount(this.platform.knex, id) : 0;
    const checked = await attachments.check(files, existing);
    await this.deps.budgets.checkAttachmentBytes(this.platform.knex, viewer, totalBytes(checked));
    const written = await attachments.write(id, checked);
    let eventIds: number[] = [];
    try {
      eventIds = await this.platform.knex.transaction(async (trx) => {
        const row = await this.visible(trx, viewer, id, { forUpdate: true });
        await recordAudit(trx, { actorId: viewer.userId }, { action: 'support_ticket.update', entityType: 'support_ticket', entityId: id, changes: { ...input, attachments: written.length || undefined } });
        return this.applyUpdate(trx, viewer, row, input, written);
      });
    } catch (err) {
      await attachments.remove(written.map((w) => w.path));
      throw err;
    }
    await this.announce(eventIds, actor.requestId);
    return this.present(viewer, id);
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.platform.knex.transaction(async (trx) => {
      const row = await this.visible(trx, actor, id, { forUpdate: true });
      await SupportTicket.query(trx).deleteById(row.id);
      await recordAudit(trx, { actorId: actor.userId }, { action: 'support_ticket.delete', entityType: 'support_ticket', entityId: row.id });
    });
    await this.deps.attachments.removeTicketFolder(id);
  }

  async addReply(actor: Actor, id: string, input: ReplyInput, acceptLanguage?: string): Promise<ReplyOut> {
    const viewer = await this.viewer(actor, acceptLanguage);
    if (input.is_internal && !viewer.isStaff) throw new Forbidden('Only staff write internal notes.', 'staff_only');
    await this.deps.budgets.spendReply(viewer);
    const replyId = randomUUID();
    const sealed = this.deps.crypto.reply.encrypt(input.message, replyId);
    const eventIds = await this.platform.knex.transaction(async (trx) => {
      const row = await this.visible(trx, viewer, id, { forUpdate: true });
      if (row.status === 'closed') throw new Conflict('This ticket is closed; reopen it (status open or in_progress) or open a new ticket.', 'ticket_closed');
      await this.deps.budgets.checkReplyRoom(trx, row.id);
      await SupportTicketReply.query(trx).insert({ id: replyId, ticket_id: row.id, author_id: viewer.userId, message_enc: sealed.value, enc_key_id: sealed.keyId, is_internal: !!input.is_internal, is_staff: viewer.isStaff });
      await recordAudit(trx, { actorId: viewer.userId }, { action: 'support_ticket.reply', entityType: 'support_ticket_reply', entityId: replyId, changes: { ticket_id: row.id, message: input.message, is_internal: !!input.is_internal } });
      const events = [await this.event(trx, row.id, viewer.userId, { kind: 'replied', reply_id: replyId })];
      const reopened = !input.is_internal && viewer.userId === row.user_id ? statusAfterOwnerReply(row.status) : null;
      // an internal note changes nothing the owner sees: not updated_at, not the ordering by it
      if (!input.is_internal) await SupportTicket.query(trx).findById(row.id).patch({ updated_at: trx.fn.now(), ...(reopened ? { status: reopened } : {}) } as never);
      if (reopened) events.push(await this.event(trx, row.id, viewer.userId, { kind: 'status_changed', from_status: row.status, to_status: reopened }));
      return events;
    });
    await this.announce(eventIds, actor.requestId);
    const reply = await SupportTicketReply.query(this.platform.knex).findById(replyId);
    const author = await User.query(this.platform.knex).findById(viewer.userId).select('email', 'first_name', 'last_name');
    return this.deps.presenter.reply(reply!, author, viewer);
  }

  /** Who a ticket can be assigned to: the active staff users (staff only). */
  async assignees(actor: Actor): Promise<{ id: string; email: string; name: string }[]> {
    if (!actor.isStaff) throw new Forbidden('Only staff assign tickets.', 'staff_only');
    const rows = await User.query(this.platform.knex).where({ is_staff: true, is_active: true }).orderBy('email').select('id', 'email', 'first_name', 'last_name');
    return rows.map((u) => ({ id: u.id, email: u.email, name: `${u.first_name ?? ''} ${u.last_name ?? ''}`.trim() }));
  }

  /** A file of a ticket the actor may read; anything else is "not found". */
  async attachment(actor: Actor, ticketId: string, attachmentId: string): Promise<AttachmentFile> {
    if (!UUID.test(ticketId) || !UUID.test(attachmentId)) throw new NotFound('Attachment');
    const q = SupportTicketAttachment.query(this.platform.knex).alias('a').join('support_tickets as t', 't.id', 'a.ticket_id').where({ 'a.id': attachmentId, 'a.ticket_id': ticketId });
    if (!actor.isStaff) q.where('t.user_id', actor.userId);
    const row = (await q.select('a.path', 'a.content_type', 'a.original_name', 'a.size', 't.ticket_number').first()) as (SupportTicketAttachment & { ticket_number: string }) | undefined;
    if (!row) throw new NotFound('Attachment');
    const ext = row.path.split('.').pop();
    return { absolutePath: this.deps.attachments.resolve(row.path), contentType: row.content_type, filename: row.original_name || `${row.ticket_number}.${ext}`, size: row.size };
  }

  private async applyUpdate(trx: Knex.Transaction, viewer: Viewer, row: TicketRow, input: TicketInput, written: WrittenFile[]): Promise<number[]> {
    const { crypto, types, categories } = this.deps;
    const changesOtherFields = (['subject', 'description', 'ticket_type', 'other_ticket_type', 'help_category_ids', 'priority', 'resolution', 'assigned_to'] as const).some((k) => input[k] !== undefined) || written.length > 0;
    checkClosedTicket(row.status, input.status, changesOtherFields);
    const status = statusColumns(trx, viewer, row, input);
    const changes: Record<string, unknown> = {
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(await typeColumns(trx, types, row, input)),
      ...status.columns,
      ...contentColumns(crypto, row, input),
    };
    const events: number[] = [];
    if (status.moved) events.push(await this.event(trx, row.id, viewer.userId, { kind: 'status_changed', from_status: row.status, to_status: input.status }));
    if (input.assigned_to !== undefined && input.assigned_to !== row.assigned_to) {
      if (input.assigned_to !== null) await this.checkAssignee(trx, input.assigned_to);
      changes.assigned_to = input.assigned_to;
      if (input.assigned_to) events.push(await this.event(trx, row.id, viewer.userId, { kind: 'assigned', assignee_id: input.assigned_to }));
    }
    if (input.help_category_ids !== undefined) {
      // rule 4: the set is replaced; [] clears it
      const ids = await categories.checkIds(trx, input.help_category_ids);
      await SupportTicketHelpCategory.query(trx).where({ ticket_id: row.id }).delete();
      if (ids.length) await SupportTicketHelpCategory.query(trx).insert(ids.map((c) => ({ ticket_id: row.id, help_category_id: c })));
    }
    if (written.length) {
      // counted again under the row lock: two concurrent uploads cannot pass the limit together
      const existing = await this.attachmentCount(trx, row.id);
      this.deps.attachments.checkCount(written.length, existing);
      await this.insertAttachments(trx, row.id, written, existing, viewer.userId);
    }
    // an update that changes nothing (PATCH {}) leaves updated_at, and the ordering by it, alone
    const touched = Object.keys(changes).length > 0 || events.length > 0 || input.help_category_ids !== undefined || written.length > 0;
    if (touched) await SupportTicket.query(trx).findById(row.id).patch({ ...changes, updated_at: trx.fn.now() } as never);
    return events;
  }

  /** The ticket if the viewer may reach it (owner or staff); "not found" otherwise, also for malformed ids. */
  private async visible(db: Knex | Knex.Transaction, viewer: Pick<Actor, 'userId' | 'isStaff'>, id: string, opts: { forUpdate?: boolean } = {}): Promise<TicketRow> {
    if (!UUID.test(id)) throw new NotFound('Support ticket');
    const q = SupportTicket.query(db).findById(id);
    if (!viewer.isStaff) q.where({ user_id: viewer.userId });
    if (opts.forUpdate) q.forUpdate();
    const row = await q;
    if (!row) throw new NotFound('Support ticket');
    return row;
  }

  /** Inserts with a fresh random number, drawing again when one is taken (a savepoint per try). */
  private async insertNumbered(trx: Knex.Transaction, rowFor: (ticketNumber: string) => Partial<SupportTicket>): Promise<string> {
    for (let attempt = 1; ; attempt += 1) {
      const ticketNumber = this.nextNumber();
      try {
        await trx.transaction(async (sp) => {
          await SupportTicket.query(sp).insert(rowFor(ticketNumber));
        });
        return ticketNumber;
      } catch (err) {
        const e = pgError(err);
        if (e.code !== '23505' || e.constraint !== 'support_tickets_ticket_number_unique' || attempt >= NUMBER_ATTEMPTS) throw err;
      }
    }
  }

  private async insertAttachments(trx: Knex.Transaction, ticketId: string, files: WrittenFile[], from: number, userId: string): Promise<void> {
    if (!files.length) return;
    await SupportTicketAttachment.query(trx).insert(
      files.map((f, i) => ({ ticket_id: ticketId, path: f.path, original_name: f.originalName, content_type: f.contentType, size: f.data.length, sha256: f.sha256, position: from + i, uploaded_by: userId })),
    );
  }

  private async attachmentCount(db: Knex | Knex.Transaction, ticketId: string): Promise<number> {
    return SupportTicketAttachment.query(db).where({ ticket_id: ticketId }).resultSize();
  }

  private async checkAssignee(trx: Knex.Transaction, userId: string): Promise<void> {
    const staff = UUID.test(userId) ? await User.query(trx).where({ id: userId, is_staff: true, is_active: true }).select('id').first() : undefined;
    if (!staff) throw Invalid.field('assigned_to', 'assigned_to must be the id of an active staff user.');
  }

  private async event(trx: Knex.Transaction, ticketId: string, actorId: string | null, e: { kind: string; from_status?: string; to_status?: string; reply_id?: string; assignee_id?: string }): Promise<number> {
    const row = await SupportTicketEvent.query(trx).insert({ ticket_id: ticketId, actor_id: actorId, ...e } as never);
    return Number(row.id);
  }

  /** Hands events to the notification job; a lost enqueue is picked up by the support sweep. */
  private async announce(eventIds: number[], requestId: string | undefined): Promise<void> {
    for (const id of eventIds) {
      await this.platform.producer.enqueue('support.notify', { actor_id: null, event_id: id }, { requestId }).catch((err) => this.platform.log.warn({ err, event_id: id }, 'support notification not enqueued; the support sweep will retry'));
    }
  }
}
