// Who hears of a ticket event, run by the support.notify job:
//
//   created          every active staff user but the author (in-app at once; by
//                    e-mail in the periodic staff digest, staff-digest.ts)
//   replied          public reply by someone else than the owner -> the owner;
//                    the owner's reply -> the assignee; an internal note -> the assignee
//                    (never the owner: internal notes reach no requester, anywhere)
//   status_changed   the owner, when someone else moved it; otherwise the assignee
//   assigned         the new assignee, unless they assigned themselves
//
// Each person gets a stored notification (pushed over /ws/notifications/ as
// {type: "notification"}) and, but for new tickets, an e-mail through the mail outbox
// (sent behind one-time codes: NOTIFICATION_MAIL_PRIORITY). Notifications and
// e-mails carry the ticket number, subject and status, never a description or a reply
// (those are encrypted at rest; a notification is not). Idempotent: one notification
// per event and person (dedupe key), the e-mail only with a new notification, and the
// event row remembers that it was notified.
import type { Platform } from '../../db/platform.js';
import { SupportTicket, SupportTicketEvent, SupportTicketReply, User } from '../../db/models/index.js';
import type { NotificationService } from '../notifications/notification-service.js';
import type { MailService } from '../shared/mail-service.js';
import { displayName } from './ticket-presenter.js';
import { supportMail, STATUS_LABELS } from './support-mail.js';
import { recordAudit } from '../audit/audit-service.js';

type EventRow = SupportTicketEvent;

interface Recipient {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

interface TicketFacts {
  id: string;
  ticket_number: string;
  subject: string;
  status: string;
  priority: string;
  user_id: string;
  assigned_to: string | null;
  owner_email: string;
  owner_first_name: string;
  owner_last_name: string;
}

/** Events older than this without a notification are re-enqueued by the sweep. */
const LOST_AFTER_MS = 2 * 60_000;

export class TicketNotifier {
  constructor(
    private readonly platform: Platform,
    private readonly notifications: NotificationService,
    private readonly mail: MailService,
  ) {}

  async notify(eventId: number): Promise<{ event_id: number; notified: number; skipped?: string }> {
    const { knex } = this.platform;
    const event = await SupportTicketEvent.query(knex).findById(eventId);
    if (!event) return { event_id: eventId, notified: 0, skipped: 'event_gone' }; // the ticket was deleted
    if (event.notified_at) return { event_id: eventId, notified: 0, skipped: 'already_notified' };
    const ticket = (await SupportTicket.query(knex)
      .alias('t')
      .join('users as u', 'u.id', 't.user_id')
      .where('t.id', event.ticket_id)
      .select('t.id', 't.ticket_number', 't.subject', 't.status', 't.priority', 't.user_id', 't.assigned_to', 'u.email as owner_email', 'u.first_name as owner_first_name', 'u.last_name as owner_last_name')
      .first()) as unknown as TicketFacts | undefined;
    if (!ticket) return { event_id: eventId, notified: 0, skipped: 'ticket_gone' };

    const recipients = (await this.recipients(event, ticket)).filter((r) => r.id !== event.actor_id);
    const message = this.message(event, ticket);
    const pushes: [string, number][] = [];
    const mails: number[] = [];
    await knex.transaction(async (trx) => {
      for (const r of recipients) {
        const n = await this.notifications.create(r.id, { ...message, dedupeKey: `support-event-${event.id}-${r.id}` }, trx);
        if (!n.created) continue;
        pushes.push([r.id, n.id]);
        // staff hear of new tickets by e-mail once per digest (staff-digest.ts), not once per ticket
        if (event.kind === 'created') continue;
        mails.push(await this.mail.queue(trx, r.email, `support.${event.kind}`, supportMail(event.kind, { name: displayName(r), ticket, message, url: this.platform.links.ticket(ticket.id) })));
      }
      await SupportTicketEvent.query(trx).findById(event.id).patch({ notified_at: trx.fn.now() } as never);
    });
    for (const [userId, id] of pushes) await this.notifications.push(userId, id);
    await this.mail.dispatch(mails, null, { notification: true });
    return { event_id: eventId, notified: pushes.length };
  }

  /**
   * Closes tickets resolved for TICKET_AUTO_CLOSE_DAYS without activity; re-enqueues lost
   * notifications. `ticketIds` limits both to some tickets (tests share one database).
   */
  async sweep(ticketIds?: string[]): Promise<{ closed: number; requeued: number }> {
    const { knex, config } = this.platform;
    let closed = 0;
    if (config.support.autoCloseDays > 0) {
      closed = await knex.transaction(async (trx) => {
        const cutoff = new Date(Date.now() - config.support.autoCloseDays * 86_400_000);
        const rows = (await SupportTicket.query(trx)
          .modify((q) => (ticketIds ? q.whereIn('id', ticketIds) : q))
          .where({ status: 'resolved' })
          .where('resolved_at', '<', cutoff)
          .where('updated_at', '<', cutoff)
          .patch({ status: 'closed', closed_at: trx.fn.now(), updated_at: trx.fn.now() } as never)
          .returning('id')) as unknown as { id: string }[];
        // recorded for the history; closing by time tells nobody
        if (rows.length) await SupportTicketEvent.query(trx).insert(rows.map((r) => ({ ticket_id: r.id, actor_id: null, kind: 'status_changed', from_status: 'resolved', to_status: 'closed', notified_at: trx.fn.now() })) as never);
        for (const r of rows) await recordAudit(trx, { actorId: null }, { action: 'support_ticket.auto_close', entityType: 'support_ticket', entityId: r.id, summary: 'Closed after the resolved period without activity', changes: { status: { from: 'resolved', to: 'closed' } } });
        return rows.length;
      });
    }
    const lost = (
      await SupportTicketEvent.query(knex)
        .modify((q) => (ticketIds ? q.whereIn('ticket_id', ticketIds) : q))
        .whereNull('notified_at')
        .where('created_at', '<', new Date(Date.now() - LOST_AFTER_MS))
        .where('created_at', '>', new Date(Date.now() - 86_400_000))
        .orderBy('id')
        .limit(500)
        .select('id')
    ).map((e) => e.id);
    let requeued = 0;
    for (const id of lost) {
      await this.platform.producer.enqueue('support.notify', { actor_id: null, event_id: Number(id) }).then(
        () => (requeued += 1),
        (err) => this.platform.log.warn({ err, event_id: id }, 'support notification not re-enqueued'),
      );
    }
    return { closed, requeued };
  }

  private async recipients(event: EventRow, ticket: TicketFacts): Promise<Recipient[]> {
    const { knex } = this.platform;
    const users = (ids: (string | null)[]) => {
      const wanted = ids.filter((x): x is string => !!x);
      return wanted.length ? User.query(knex).whereIn('id', wanted).where({ is_active: true }).select('id', 'email', 'first_name', 'last_name') : Promise.resolve([] as Recipient[]);
    };
    switch (event.kind) {
      case 'created':
        return User.query(knex).where({ is_staff: true, is_active: true }).select('id', 'email', 'first_name', 'last_name');
      case 'replied': {
        const reply = event.reply_id ? await SupportTicketReply.query(knex).findById(event.reply_id).select('is_internal', 'author_id') : undefined;
        if (!reply) return [];
        if (reply.is_internal) return (await users([ticket.assigned_to])).filter((u) => u.id !== ticket.user_id);
        return users([reply.author_id === ticket.user_id ? ticket.assigned_to : ticket.user_id]);
      }
      case 'status_changed':
        return users([event.actor_id === ticket.user_id ? ticket.assigned_to : ticket.user_id]);
      case 'assigned':
        return users([event.assignee_id]);
      default:
        return [];
    }
  }

  private message(event: EventRow, t: TicketFacts): { kind: string; title: string; body: string; data: Record<string, unknown> } {
    const data = { ticket_id: t.id, ticket_number: t.ticket_number, event: event.kind, event_id: event.id, status: t.status };
    switch (event.kind) {
      case 'created':
        return { kind: 'support.ticket.created', title: `New support ticket ${t.ticket_number}`, body: `${t.subject} (priority ${t.priority}, from ${displayName({ email: t.owner_email, first_name: t.owner_first_name, last_name: t.owner_last_name })})`, data };
      case 'replied':
        return { kind: 'support.ticket.replied', title: `New reply on ticket ${t.ticket_number}`, body: t.subject, data: { ...data, reply_id: event.reply_id } };
      case 'status_changed':
        return { kind: 'support.ticket.status_changed', title: `Ticket ${t.ticket_number} is now ${STATUS_LABELS[event.to_status ?? ''] ?? event.to_status}`, body: t.subject, data: { ...data, from_status: event.from_status, to_status: event.to_status } };
      case 'assigned':
        return { kind: 'support.ticket.assigned', title: `Ticket ${t.ticket_number} was assigned to you`, body: t.subject, data };
    }
  }
}
